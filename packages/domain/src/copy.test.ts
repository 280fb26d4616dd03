import { describe, it, expect } from 'vitest';
import {
  COPY_SUCCESS_TOAST,
  DATA_FETCH_MIN_DELAY_MS,
  DEAL_PRICE_MODAL,
  DEMAND_SUCCESS_TOAST,
  DOWNLOAD_SLOGAN,
  LOGIN_CACHE_MS,
  NETWORK_ERROR,
  OFFLINE_BANNER,
  OFFLINE_TAP_NOTICE,
  OPEN_APP_TEXT,
  pageTitle,
  PREFETCH_IDLE_MS,
  PRICE_GUIDE_DISMISS,
  PRICE_GUIDE_TEXT,
  SITE_DESCRIPTION,
  SITE_NAME,
  SITE_TITLE,
  SUPPORT_UNAVAILABLE_TOAST,
} from './copy.ts';

describe('pageTitle', () => {
  it('appends the site name to a page title', () => {
    expect(pageTitle('小区详情')).toBe('小区详情 - 房价通');
  });

  it('is the site title without a page title', () => {
    expect(pageTitle()).toBe('房价通 - 超好用的查房价神器');
    expect(pageTitle('')).toBe(SITE_TITLE);
    expect(pageTitle('  ')).toBe(SITE_TITLE);
  });
});

describe('copy', () => {
  it('keeps the spec texts word for word', () => {
    expect(SITE_NAME).toBe('房价通');
    expect(DOWNLOAD_SLOGAN).toBe('看房之前，先上房价通查查房价');
    expect(OPEN_APP_TEXT).toBe('立即打开');
    expect(PRICE_GUIDE_TEXT).toBe('房东溢价系数：以最新成交价为基准的房东挂牌价，等于本月挂牌价÷上月成交价。');
    expect(PRICE_GUIDE_DISMISS).toBe('我知道了');
    expect(DEAL_PRICE_MODAL).toEqual({
      title: '了解买家真实购买价',
      button: '获取成交价',
      recommendTitle: '这些房源您也可以一起咨询',
      recommendSubtitle: '96%看过该房源的用户同时咨询了以下房源',
    });
    expect(DEMAND_SUCCESS_TOAST).toBe('您的需求已提交成功，经纪人将在24小时之内为您服务。');
    expect(SUPPORT_UNAVAILABLE_TOAST).toBe('客服系统异常。');
    expect(NETWORK_ERROR).toBe('Network Error.');
    expect(COPY_SUCCESS_TOAST).toBe('复制成功');
    expect(OFFLINE_BANNER).toBe('网络已断开，请检查网络设置');
    expect(OFFLINE_TAP_NOTICE).toBe('暂时无法打开，联网后再试');
  });

  it('describes checking house prices in one Chinese sentence', () => {
    for (const word of ['小区挂牌价', '成交价', '房价走势']) expect(SITE_DESCRIPTION).toContain(word);
    expect(SITE_DESCRIPTION.match(/[。！？]/g)).toHaveLength(1);
  });

  it('keeps the spec §9 timings', () => {
    expect(LOGIN_CACHE_MS).toBe(60 * 60 * 1000);
    expect(PREFETCH_IDLE_MS).toBe(2000);
    expect(DATA_FETCH_MIN_DELAY_MS).toBe(200);
  });
});
