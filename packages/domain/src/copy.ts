// Product copy and timing constants named by the spec (§1, §2, §8, §9); the texts are requirements, word for word.

export const SITE_NAME = '房价通';
export const SITE_TITLE = '房价通 - 超好用的查房价神器';
export const SITE_DESCRIPTION =
  '房价通是专业的查房价工具，提供小区挂牌价、成交价、房价走势、板块行情和房屋估价，帮你买房前看清真实房价。';

export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} - ${SITE_NAME}` : SITE_TITLE;
}

// Download banner (spec §2 Layouts).
export const DOWNLOAD_SLOGAN = '看房之前，先上房价通查查房价';
export const OPEN_APP_TEXT = '立即打开';

// Price-guide popup (spec §2 Overlays).
export const PRICE_GUIDE_TEXT = '房东溢价系数：以最新成交价为基准的房东挂牌价，等于本月挂牌价÷上月成交价。';
export const PRICE_GUIDE_DISMISS = '我知道了';

// Deal-price request modal (spec §2).
export const DEAL_PRICE_MODAL = {
  title: '了解买家真实购买价',
  button: '获取成交价',
  recommendTitle: '这些房源您也可以一起咨询',
  recommendSubtitle: '96%看过该房源的用户同时咨询了以下房源',
} as const;

// Toasts and banners (spec §4, §8, §9).
export const DEMAND_SUCCESS_TOAST = '您的需求已提交成功，经纪人将在24小时之内为您服务。';
export const SUPPORT_UNAVAILABLE_TOAST = '客服系统异常。';
export const NETWORK_ERROR = 'Network Error.';
export const COPY_SUCCESS_TOAST = '复制成功';
export const OFFLINE_BANNER = '网络已断开，请检查网络设置';
/** Under the offline banner after a tap on a link while offline: the page stays, nothing is lost. */
export const OFFLINE_TAP_NOTICE = '暂时无法打开，联网后再试';

// Timing (spec §4, §9).
export const LOGIN_CACHE_MS = 3_600_000;
export const PREFETCH_IDLE_MS = 2000;
export const DATA_FETCH_MIN_DELAY_MS = 200;
