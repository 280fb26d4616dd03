// Every page of the route table: its Chinese title and how the app chrome treats it (tab bar or title bar,
// skeleton), keyed by the route ids of app/routes.ts. What each page is for is in page-purposes.ts and its layout
// (spec §2) in layouts.ts, so that the root, which reads this on every page, ships only the titles.

/** The four tabs of the bottom tab bar (首页 / 找房 / 消息 / 我的). */
export type TabKey = 'home' | 'find' | 'messages' | 'me';

/** What stands in for a page while its data loads after a tap (components/skeleton). */
export type SkeletonKind = 'detail' | 'list' | 'report' | 'generic';

export interface PageInfo {
  title: string;
  /** Dev/demo pages are kept out of search engines (PAGES.md §3.15). */
  noindex?: boolean;
  /**
   * A top-level page: it shows the bottom tab bar with this tab active and no title bar. Every other page is an
   * inner page with a title bar (← back, the title above). Top-level pages have no sticky bottom action bar of
   * their own (those are on detail pages), so the two bars never meet.
   */
  tab?: TabKey;
  /** With `tab`: the page is top-level only without this optional path parameter (在售二手房 city-wide = 找房). */
  tabWithout?: string;
  /** The page draws its own top bar with a way back (搜索's 取消): no title bar over it. */
  ownHeader?: true;
  /**
   * The page lives in a layout route of its own (the staff area /ops) that draws its header and nav: no app chrome,
   * and no skeleton over it while the next page loads (the layout stays; the progress bar runs).
   */
  ownLayout?: true;
  /** The skeleton shown between the tap and this page's data (generic when unset). */
  skeleton?: SkeletonKind;
}

export const PAGES: Record<string, PageInfo> = {
  // Fixed routes
  aboutus: { title: '关于我们' },
  citylist: { title: '选择城市' },
  'deal-rank': { title: '成交排行', skeleton: 'list' },
  demo: { title: '组件展示', noindex: true },
  download: { title: '下载APP' },
  estimate: { title: '房屋估价' },
  findArea: { title: '区域找房', skeleton: 'list' },
  helper: { title: '使用帮助' },
  helper2: { title: '在浏览器中打开' },
  im: { title: '在线咨询', ownHeader: true },
  inform: { title: '纠错/举报', noindex: true },
  invitation: { title: '邀请好友' },
  login: { title: '登录', noindex: true },
  market: { title: '报告商城' },
  profile: { title: '我的', tab: 'me' },
  promotion: { title: '推广' },
  quotation: { title: '行情', skeleton: 'report' },
  'spm-demo': { title: '埋点调试', noindex: true },
  'test-community-pk': { title: '小区PK测试', noindex: true },
  trade: { title: '成交数据' },
  upgrade: { title: '升级APP' },

  // Activity routes
  'activity-baseprice': { title: '底价揭秘' },
  'activity-credit': { title: '购房信用评估' },
  'activity-double11': { title: '双11特惠' },
  'activity-freshvip': { title: '新人会员' },
  'activity-houseList': { title: '专题房源' },
  'activity-hw-pps': { title: '房价通' },
  'activity-invitation': { title: '邀请有礼' },
  'activity-invitation2': { title: '邀请有礼' },
  'activity-mortgage': { title: '房贷计算' },
  'activity-msglink': { title: '短信链接' },
  'activity-premier': { title: '高端盘' },
  'activity-qualification': { title: '购房资格' },
  'activity-taxes': { title: '税费计算' },
  'activity-credit-evaluation-answer': { title: '评估解析' },
  'activity-credit-form': { title: '基本信息' },
  'activity-credit-question': { title: '信用问卷' },
  'activity-credit-result': { title: '评估结果' },
  'activity-freshvip-main': { title: '领取新人会员' },
  'activity-freshvip-reject': { title: '暂不符合条件' },
  'activity-freshvip-success': { title: '领取成功' },
  'activity-invitation-receive': { title: '领取邀请奖励' },
  'activity-invitation-result': { title: '领取结果' },
  'activity-invitation2-download': { title: '下载APP领奖励' },
  'activity-msglink-error': { title: '链接已失效' },
  'activity-premier-more': { title: '高端盘列表' },
  'activity-taxes-answer': { title: '税费明细' },

  // Other nested routes
  'ask-list': { title: '我的问答' },
  'common-order': { title: '确认订单' },
  'common-order-status': { title: '支付结果' },
  'findArea-list': { title: '区域小区', skeleton: 'list' },
  'inform-detail': { title: '填写反馈', noindex: true },
  'inform-succee': { title: '提交成功', noindex: true },
  'invitation-getcoupon': { title: '领券' },
  'invitation-getsuccess': { title: '领取成功' },
  'market-citys': { title: '选择城市' },
  'market-history': { title: '已购报告' },
  'market-order': { title: '确认订单' },
  'market-order-status': { title: '支付结果' },
  'market-proxy': { title: '报告分销', noindex: true },
  'market-wallet': { title: '钱包', noindex: true },
  'market-wallet-helper': { title: '钱包说明' },
  'mini-result': { title: '查价结果' },
  'plate-list': { title: '板块列表', skeleton: 'list' },
  'profile-appraisal': { title: '估价记录' },
  'profile-buynewvip': { title: '开通会员' },
  'profile-buynewvip-history': { title: '购买记录' },
  'profile-buynewvip-order': { title: '确认订单' },
  'profile-buynewvip-status': { title: '支付结果' },
  'profile-buyvip': { title: '购买会员' },
  'profile-buyvip-history': { title: '购买记录' },
  'profile-buyvip-success': { title: '购买成功' },
  'profile-collect': { title: '订阅与收藏', noindex: true, skeleton: 'list' },
  'profile-info': { title: '个人信息', noindex: true },
  'profile-message': { title: '消息', tab: 'messages', skeleton: 'list', noindex: true },
  'promotion-exchange-vip': { title: '兑换会员', noindex: true },
  'quotation-detail': { title: '行情详情', skeleton: 'report' },
  'tools-integral': { title: '积分计算' },
  'tools-integral-result': { title: '积分结果' },
  'tools-integral-rule': { title: '积分规则' },
  'trade-citys': { title: '选择城市' },
  'trade-history': { title: '已购数据' },
  'trade-order': { title: '确认订单' },
  'trade-order-status': { title: '支付结果' },
  'estimate-quotation-auth': { title: '业主认证' },
  'estimate-quotation-form': { title: '卖房报价' },
  'dev-sms': { title: '沙箱短信', noindex: true },
  offline: { title: '网络已断开', noindex: true },

  // Parameterised routes
  'ask-list-id': { title: 'TA的问答' },
  'ask-super': { title: '达人主页' },
  'ask-v2': { title: '写回答' },
  'report-certificate': { title: '报告验真' },
  'estimate-record': { title: '估价结果' },
  'market-product': { title: '报告详情' },
  'trade-product': { title: '数据套餐' },
  'qa-detail': { title: '问答详情' },
  home: { title: '首页', tab: 'home' },
  // City-scoped routes
  'city-home': { title: '首页', tab: 'home' },
  'area-report': { title: '区域报告', skeleton: 'report' },
  'ask-qa': { title: '提问' },
  calendar: { title: '开盘日历', skeleton: 'list' },
  'city-report': { title: '城市报告', skeleton: 'report' },
  'community-pk': { title: '小区PK' },
  'deal-search': { title: '查成交', skeleton: 'list' },
  'find-house': { title: '帮我找房' },
  'find-house-365': { title: '捡漏', skeleton: 'list' },
  'hot-community': { title: '热门小区', skeleton: 'list' },
  'house-report': { title: '小区报告', skeleton: 'report' },
  'house-report-new': { title: '新房报告', skeleton: 'report' },
  'house-report-weekly': { title: '小区周报', skeleton: 'report' },
  'house-video': { title: '看房视频', skeleton: 'list' },
  map: { title: '地图找房', skeleton: 'list' },
  scene: { title: '场景找房', skeleton: 'list' },
  search: { title: '搜索', ownHeader: true },
  'search-result': { title: '搜索结果', skeleton: 'list' },
  support: { title: '客服中心' },
  'week-report': { title: '城市周报', skeleton: 'report' },
  questions: { title: '问答' },
  'rank-upcoming': { title: '待开盘榜', skeleton: 'list' },
  'home-list-more-article': { title: '文章', skeleton: 'list' },
  article: { title: '文章详情', skeleton: 'detail' },
  'home-list-week-house': { title: '本周好房', skeleton: 'list' },
  agent: { title: '经纪人主页', skeleton: 'detail' },
  'community-list': { title: '小区列表', skeleton: 'list' },
  manager: { title: '置业顾问', skeleton: 'detail' },
  property: { title: '房源详情', skeleton: 'detail' },
  pubBySuperior: { title: '达人推荐' },
  'deal-history': { title: '成交记录', skeleton: 'list' },
  'deal-history-detail': { title: '成交详情', skeleton: 'detail' },
  'house-comments': { title: '小区点评' },
  'house-comments-detail': { title: '点评详情' },
  'house-detail': { title: '小区详情', skeleton: 'detail' },
  'house-detail-agent-list': { title: '小区经纪人', skeleton: 'detail' },
  'house-new': { title: '新房', skeleton: 'list' },
  'house-note': { title: '看房笔记' },
  'house-resold': { title: '在售二手房', tab: 'find', tabWithout: 'houseId', skeleton: 'list' },
  'house-resold-export': { title: '在售报告', skeleton: 'report' },
  loupan: { title: '楼盘详情', skeleton: 'detail' },
  'loupan-export': { title: '楼盘报告', skeleton: 'report' },
  'overseas-detail': { title: '海外房产', skeleton: 'detail' },
  'overseas-detail-detail': { title: '海外详情', skeleton: 'detail' },
  'plate-detail': { title: '板块详情', skeleton: 'detail' },
  'plate-detail-list': { title: '板块小区榜', skeleton: 'list' },
  'qa-list': { title: '小区问答' },
  'qa-list-ask-qa': { title: '提问' },
  'qa-list-detail': { title: '问答详情' },
  renting: { title: '租房', skeleton: 'list' },
  rank: { title: '排行榜', skeleton: 'list' },
  'week-report-plate': { title: '板块周报', skeleton: 'report' },
  // Staff area (issue 11)
  'ops-home': { title: '工作台', noindex: true, ownLayout: true },
  'ops-staff': { title: '工作人员', noindex: true, ownLayout: true },
  'ops-audit': { title: '审计日志', noindex: true, ownLayout: true },
  'ops-import': { title: '数据导入', noindex: true, ownLayout: true },
  'ops-codes': { title: '兑换码', noindex: true, ownLayout: true },
  'ops-leads': { title: '线索', noindex: true, ownLayout: true },
  'ops-support': { title: '在线客服', noindex: true, ownLayout: true },
  'ops-orders': { title: '订单', noindex: true, ownLayout: true },
  'ops-wallet': { title: '提现审核', noindex: true, ownLayout: true },
  'ops-moderation': { title: '内容审核', noindex: true, ownLayout: true },
  'ops-funnel': { title: '渠道漏斗', noindex: true, ownLayout: true },
};

export function pageInfo(routeId: string | undefined): PageInfo | undefined {
  return routeId ? PAGES[routeId] : undefined;
}
