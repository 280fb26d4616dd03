// Every page of the route table: its Chinese title and what it is for (PAGES.md §3). Keyed by the route ids of
// app/routes.ts; the pending page takes its copy from here. Layouts (spec §2) are in layouts.ts.

/** The four tabs of the bottom tab bar (首页 / 找房 / 消息 / 我的). */
export type TabKey = 'home' | 'find' | 'messages' | 'me';

/** What stands in for a page while its data loads after a tap (components/skeleton). */
export type SkeletonKind = 'detail' | 'list' | 'report' | 'generic';

export interface PageInfo {
  title: string;
  purpose: string;
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
  /** The skeleton shown between the tap and this page's data (generic when unset). */
  skeleton?: SkeletonKind;
}

export const PAGES: Record<string, PageInfo> = {
  // Fixed routes
  aboutus: { title: '关于我们', purpose: '公司介绍、数据来源与计算方法、版本、协议与联系方式。' },
  citylist: { title: '选择城市', purpose: '按名称或拼音搜索城市，查看定位、最近访问与热门城市，按字母索引选择城市。' },
  'deal-rank': {
    title: '成交排行',
    purpose: '看哪些小区和板块成交最多：按成交量、成交均价、成交周期排行，并显示环比。',
    skeleton: 'list',
  },
  demo: {
    title: '组件展示',
    purpose: '开发调试用：展示价格头部、涨跌箭头、图表、卡片、筛选、弹层与各类页面状态。',
    noindex: true,
  },
  download: { title: '下载APP', purpose: '介绍APP功能，提供下载按钮，按设备自动打开或下载房价通APP。' },
  estimate: { title: '房屋估价', purpose: '选择小区并填写面积、户型、楼层、朝向、装修，估算房屋价值。' },
  findArea: { title: '区域找房', purpose: '按区县与板块浏览房价与涨跌，选择区域查看小区。', skeleton: 'list' },
  helper: {
    title: '使用帮助',
    purpose: '常见问题：数据来源、均价与房东溢价系数的计算、会员、支付、如何停止经纪人来电。',
  },
  helper2: { title: '在浏览器中打开', purpose: '在微信或QQ中使用时，引导用户在浏览器中打开以下载或分享。' },
  im: { title: '在线咨询', purpose: '与客服或经纪人在线聊天，支持文字、图片与小区卡片。', tab: 'messages' },
  inform: { title: '纠错/举报', purpose: '反馈错误的价格、小区信息、虚假或过期房源，以及不良内容。' },
  invitation: { title: '邀请好友', purpose: '我的邀请码与海报、已邀请好友及获得的奖励。' },
  login: { title: '登录', purpose: '使用手机号和短信验证码登录。' },
  market: { title: '报告商城', purpose: '购买城市、区域、小区市场报告。' },
  profile: { title: '我的', purpose: '个人信息、会员状态与到期时间，订阅、估价、问答、订单、钱包等入口。', tab: 'me' },
  promotion: { title: '推广', purpose: '渠道落地页：城市房价卡片、产品亮点与下载入口。' },
  quotation: {
    title: '行情',
    purpose: '按月查看城市与各区的挂牌均价、成交均价、环比、挂牌量、成交量与房东溢价系数。',
    skeleton: 'report',
  },
  'spm-demo': {
    title: '埋点调试',
    purpose: '开发调试用：显示每个元素的埋点位置编码与实时曝光、点击日志。',
    noindex: true,
  },
  'test-community-pk': {
    title: '小区PK测试',
    purpose: '开发调试用：用固定样例与边界情况检查小区PK页面。',
    noindex: true,
  },
  trade: { title: '成交数据', purpose: '成交数据产品：城市网签量、成交均价与环比、数据套餐与资讯。' },
  upgrade: { title: '升级APP', purpose: '该功能需要更新版本的APP：所需版本、新功能说明与升级按钮。' },

  // Activity routes
  'activity-baseprice': {
    title: '底价揭秘',
    purpose: '选择小区并留下手机号，经纪人为您反馈业主底价区间。',
  },
  'activity-credit': { title: '购房信用评估', purpose: '通过问卷评估您的贷款准备情况。' },
  'activity-double11': { title: '双11特惠', purpose: '会员与报告限时优惠：倒计时、折扣会员卡与优惠券。' },
  'activity-freshvip': { title: '新人会员', purpose: '新用户免费领取会员体验。' },
  'activity-houseList': { title: '专题房源', purpose: '活动专题房源，如降价房、满五唯一。' },
  'activity-hw-pps': { title: '房价通', purpose: '城市房价卡片与打开/下载APP入口。' },
  'activity-invitation': { title: '邀请有礼', purpose: '邀请海报与邀请码、活动规则与邀请进度。' },
  'activity-invitation2': { title: '邀请有礼', purpose: '邀请活动（新版）：邀请好友注册并下载APP获得奖励。' },
  'activity-mortgage': { title: '房贷计算', purpose: '商贷、公积金、组合贷款的月供、利息与还款计划。' },
  'activity-msglink': { title: '短信链接', purpose: '打开短信中的链接（提醒、周报、订单）并跳转到对应页面。' },
  'activity-premier': { title: '高端盘', purpose: '城市房价最高的一成小区精选。' },
  'activity-qualification': { title: '购房资格', purpose: '根据户籍、社保年限、婚姻与名下住房判断能否在本市购房。' },
  'activity-taxes': { title: '税费计算', purpose: '计算二手房交易的契税、增值税、个税与中介费。' },
  'activity-credit-evaluation-answer': { title: '评估解析', purpose: '逐题解析您的购房信用评估答案。' },
  'activity-credit-form': { title: '基本信息', purpose: '填写收入、负债与公积金情况。' },
  'activity-credit-question': { title: '信用问卷', purpose: '约10道题，一屏一题。' },
  'activity-credit-result': { title: '评估结果', purpose: '信用评分、可贷额度与贷款咨询。' },
  'activity-freshvip-main': { title: '领取新人会员', purpose: '新用户领取免费会员体验。' },
  'activity-freshvip-reject': { title: '暂不符合条件', purpose: '暂不符合新人会员领取条件，可直接开通会员。' },
  'activity-freshvip-success': { title: '领取成功', purpose: '新人会员的权益与到期时间。' },
  'activity-invitation-receive': { title: '领取邀请奖励', purpose: '受邀用户领取邀请奖励。' },
  'activity-invitation-result': { title: '领取结果', purpose: '邀请奖励的领取结果。' },
  'activity-invitation2-download': { title: '下载APP领奖励', purpose: '受邀用户下载APP完成邀请。' },
  'activity-msglink-error': { title: '链接已失效', purpose: '短信链接已过期或无效。' },
  'activity-premier-more': { title: '高端盘列表', purpose: '高端小区完整列表。' },
  'activity-taxes-answer': { title: '税费明细', purpose: '契税、增值税、个税与中介费明细及对应规则。' },

  // Other nested routes
  'ask-list': { title: '我的问答', purpose: '我提出的问题与我的回答。' },
  'common-order': { title: '确认订单', purpose: '通用收银台：确认商品、选择优惠券与支付方式并支付。' },
  'common-order-status': { title: '支付结果', purpose: '查询订单支付结果：支付成功、处理中或支付失败。' },
  'findArea-list': { title: '区域小区', purpose: '所选区域内的小区，可按均价、涨幅、成交量排序。', skeleton: 'list' },
  'inform-detail': { title: '填写反馈', purpose: '描述问题、上传截图并留下联系方式。' },
  'inform-succee': { title: '提交成功', purpose: '反馈已提交，可查看工单编号。' },
  'invitation-getcoupon': { title: '领券', purpose: '受邀用户输入手机号领取优惠券。' },
  'invitation-getsuccess': { title: '领取成功', purpose: '优惠券已领取，可下载APP或去使用。' },
  'market-citys': { title: '选择城市', purpose: '各城市的报告数量。' },
  'market-history': { title: '已购报告', purpose: '打开或下载已购买的报告。' },
  'market-order': { title: '确认订单', purpose: '报告收银台：确认报告、选择优惠券与支付方式并支付。' },
  'market-order-status': { title: '支付结果', purpose: '报告订单的支付结果。' },
  'market-proxy': { title: '报告分销', purpose: '分销码、分享海报、推广订单与佣金。' },
  'market-wallet': { title: '钱包', purpose: '余额、佣金明细与提现。' },
  'market-wallet-helper': { title: '钱包说明', purpose: '佣金与提现规则及常见问题。' },
  'mini-result': { title: '查价结果', purpose: '分享出来的小区查价结果：均价、环比、近6月走势与最新成交。' },
  'plate-list': { title: '板块列表', purpose: '按区县查看本市各板块的挂牌均价、环比与在售套数。', skeleton: 'list' },
  'profile-appraisal': { title: '估价记录', purpose: '我的估价记录，可查看结果或删除。' },
  'profile-buynewvip': { title: '开通会员', purpose: '会员权益（完整成交价、报告导出、周报、估价）与会员卡购买。' },
  'profile-buynewvip-history': { title: '购买记录', purpose: '会员卡购买记录。' },
  'profile-buynewvip-order': { title: '确认订单', purpose: '会员卡收银台：确认会员卡、选择优惠券与支付方式并支付。' },
  'profile-buynewvip-status': { title: '支付结果', purpose: '会员开通结果，成功后权益立即生效。' },
  'profile-buyvip': { title: '购买会员', purpose: '一步购买会员（兼容旧版APP）。' },
  'profile-buyvip-history': { title: '购买记录', purpose: '会员购买记录。' },
  'profile-buyvip-success': { title: '购买成功', purpose: '会员购买结果。' },
  'profile-collect': { title: '订阅与收藏', purpose: '订阅的小区、收藏的小区、关注的作者与专栏。' },
  'profile-info': { title: '个人信息', purpose: '头像、昵称、手机号与退出登录。' },
  'promotion-exchange-vip': { title: '兑换会员', purpose: '使用兑换码或积分兑换会员天数。' },
  'quotation-detail': {
    title: '行情详情',
    purpose: '区县或板块近36个月的挂牌价与成交价走势、房东溢价系数与月度明细。',
    skeleton: 'report',
  },
  'tools-integral': { title: '积分计算', purpose: '新房摇号积分计算：城市规则与户籍、社保、家庭、名下住房等条件。' },
  'tools-integral-result': { title: '积分结果', purpose: '摇号积分、分项明细与在近期摇号中的位置。' },
  'tools-integral-rule': { title: '积分规则', purpose: '摇号积分规则全文与生效日期。' },
  'trade-citys': { title: '选择城市', purpose: '提供成交数据的城市。' },
  'trade-history': { title: '已购数据', purpose: '已购买的成交数据套餐。' },
  'trade-order': { title: '确认订单', purpose: '成交数据收银台：确认套餐、选择优惠券与支付方式并支付。' },
  'trade-order-status': { title: '支付结果', purpose: '成交数据订单的支付结果。' },
  'estimate-quotation-auth': { title: '业主认证', purpose: '向经纪人询价前先完成业主认证：短信验证、房屋地址与声明。' },
  'estimate-quotation-form': { title: '卖房报价', purpose: '填写期望售价、出售时间与联系偏好，经纪人给出挂牌建议。' },

  // Parameterised routes
  'ask-list-id': { title: 'TA的问答', purpose: '该用户公开的提问与回答，可关注作者。' },
  'ask-super': { title: '达人主页', purpose: '问答达人的主页，或分配给我的待回答问题。' },
  'ask-v2': { title: '写回答', purpose: '为问题撰写回答。' },
  'report-certificate': { title: '报告验真', purpose: '核验导出报告或估价报告的真伪：标题、小区、出具日期与编号。' },
  'estimate-record': {
    title: '估价结果',
    purpose: '估价总价与单价、价格区间、可信度、可比成交与走势。',
  },
  'market-product': { title: '报告详情', purpose: '报告样张、目录、覆盖范围、更新周期与价格。' },
  'trade-product': { title: '数据套餐', purpose: '成交数据套餐的字段、样例、覆盖范围与价格。' },
  'qa-detail': { title: '问答详情', purpose: '问题及其回答、相关问题与小区卡片。' },
  home: {
    title: '首页',
    purpose: '查看城市房价与走势，从这里搜索小区、查成交、看排行。',
    tab: 'home',
  },
  // City-scoped routes
  'city-home': {
    title: '首页',
    purpose: '查看城市房价与走势，从这里搜索小区、查成交、看排行。',
    tab: 'home',
  },
  'area-report': {
    title: '区域报告',
    purpose: '区县月度报告：核心指标、与全市对比的走势、板块表、成交与挂牌、价格段与新增供应。',
    skeleton: 'report',
  },
  'ask-qa': { title: '提问', purpose: '提出购房问题，可关联小区。' },
  calendar: { title: '开盘日历', purpose: '新房项目的开盘、拿证、摇号与交房时间。', skeleton: 'list' },
  'city-report': {
    title: '城市报告',
    purpose: '城市月度报告：均价环比同比、库存、成交周期、成交量、各区与价格段。',
    skeleton: 'report',
  },
  'community-pk': {
    title: '小区PK',
    purpose: '两个小区并排对比：均价、涨跌、建成年代、物业费、容积率、绿化率、成交与租金。',
  },
  'deal-search': {
    title: '查成交',
    purpose: '全市成交查询：按小区、板块、区县、户型、面积、总价与时间筛选。',
    skeleton: 'list',
  },
  'find-house': { title: '帮我找房', purpose: '先定预算，再看哪些区域和板块买得起，以及符合条件的房源。' },
  'find-house-365': {
    title: '捡漏',
    purpose: '挂牌价低于小区近365天成交均价的房源。',
    skeleton: 'list',
  },
  'hot-community': { title: '热门小区', purpose: '本周搜索与浏览热度最高的50个小区。', skeleton: 'list' },
  'house-report': {
    title: '小区报告',
    purpose: '可分享的一页小区报告：概况、板块内排位、走势、成交、户型与风险提示。',
    skeleton: 'report',
  },
  'house-report-new': {
    title: '新房报告',
    purpose: '新房月度报告：预售供应、开盘、去化率、各区参考均价与热门项目。',
    skeleton: 'report',
  },
  'house-report-weekly': {
    title: '小区周报',
    purpose: '订阅小区本周的新增挂牌、调价、成交与价格变化。',
    skeleton: 'report',
  },
  'house-video': { title: '看房视频', purpose: '小区看房视频。', skeleton: 'list' },
  map: { title: '地图找房', purpose: '在区县地图上查看各区域挂牌均价与小区数，逐级找到小区。', skeleton: 'list' },
  scene: { title: '场景找房', purpose: '地铁房、学区房、低总价、次新房等场景找房。', skeleton: 'list' },
  search: { title: '搜索', purpose: '按名称或拼音搜索小区、板块和新房。', ownHeader: true },
  'search-result': { title: '搜索结果', purpose: '关键词的全部结果：小区、二手房、新房与租房。', skeleton: 'list' },
  support: { title: '客服中心', purpose: '我的账户概况、常见问题与在线客服、微信、电话联系方式。' },
  'week-report': {
    title: '城市周报',
    purpose: '本周城市房价与成交概况，可按区县、板块查看与回看往期。',
    skeleton: 'report',
  },
  questions: { title: '问答', purpose: '本市购房问答：热门、最新与待回答的问题。' },
  'rank-upcoming': { title: '待开盘榜', purpose: '即将开盘的新房项目，按摇号登记人数（热度）排行。', skeleton: 'list' },
  'home-list-more-article': { title: '文章', purpose: '政策、行情与购房攻略文章。' },
  'home-list-week-house': {
    title: '本周好房',
    purpose: '本周开盘的新房与低于小区均价的新挂牌二手房。',
    skeleton: 'list',
  },
  agent: { title: '经纪人主页', purpose: '经纪人的服务数据、房源、成交与评价。', skeleton: 'detail' },
  'community-list': {
    title: '小区列表',
    purpose: '板块、区县或专题下的小区，可按均价、涨幅、成交量、建成年代排序。',
    skeleton: 'list',
  },
  manager: { title: '置业顾问', purpose: '新房置业顾问的负责项目、响应率与联系方式。', skeleton: 'detail' },
  property: {
    title: '房源详情',
    purpose: '在售房源的总价、单价、与小区均价对比、调价记录与带看。',
    skeleton: 'detail',
  },
  pubBySuperior: { title: '达人推荐', purpose: '问答达人推荐的小区与房源。' },
  'deal-history': {
    title: '成交记录',
    purpose: '小区真实成交价：近12个月成交套数、成交均价、成交周期与议价空间。',
    skeleton: 'list',
  },
  'deal-history-detail': {
    title: '成交详情',
    purpose: '一笔成交的价格与议价、房屋信息、挂牌到成交的时间线。',
    skeleton: 'detail',
  },
  'house-comments': { title: '小区点评', purpose: '业主与住户对交通、配套、物业、环境的评分与点评。' },
  'house-comments-detail': { title: '点评详情', purpose: '一条点评及其回复。' },
  'house-detail': {
    title: '小区详情',
    purpose: '小区值多少钱：挂牌均价、成交均价、走势、最新成交、在售房源与户型分析。',
    skeleton: 'detail',
  },
  'house-detail-agent-list': {
    title: '小区经纪人',
    purpose: '服务本小区的经纪人：公司门店、从业年限、带看与成交。',
    skeleton: 'detail',
  },
  'house-new': { title: '新房', purpose: '按区域、总价、单价、户型、销售状态与开盘时间查找新房。', skeleton: 'list' },
  'house-note': { title: '看房笔记', purpose: '经纪人与购房者的看房笔记。' },
  'house-resold': {
    title: '在售二手房',
    purpose: '小区在售房源与挂牌价走势，判断报价是否合理。',
    tab: 'find',
    tabWithout: 'houseId',
    skeleton: 'list',
  },
  'house-resold-export': {
    title: '在售报告',
    purpose: '可打印的小区市场报告：价格概况、近12个月挂牌与成交、分布与在售房源。',
    skeleton: 'report',
  },
  loupan: {
    title: '楼盘详情',
    purpose: '新房项目档案：参考均价、开盘交房、预售证、户型与一房一价。',
    skeleton: 'detail',
  },
  'loupan-export': {
    title: '楼盘报告',
    purpose: '可打印的新房项目报告：概况、价格表、户型、规划与周边二手房对比。',
    skeleton: 'report',
  },
  'overseas-detail': {
    title: '海外房产',
    purpose: '海外项目：所在国家城市、当地价格与人民币折算、产权、租金回报与首付比例。',
    skeleton: 'detail',
  },
  'overseas-detail-detail': { title: '海外详情', purpose: '付款计划、税费、产权规则与交付信息。', skeleton: 'detail' },
  'plate-detail': {
    title: '板块详情',
    purpose: '板块房价走势、供需、价格与户型分布以及领涨小区。',
    skeleton: 'detail',
  },
  'plate-detail-list': { title: '板块小区榜', purpose: '板块内全部小区，按均价、涨幅、成交量排序。', skeleton: 'list' },
  'qa-list': { title: '小区问答', purpose: '关于这个小区的问题与回答。' },
  'qa-list-ask-qa': { title: '提问', purpose: '就这个小区提问。' },
  'qa-list-detail': { title: '问答详情', purpose: '小区问题及其回答。' },
  renting: { title: '租房', purpose: '小区租金水平与在租房源，或全市租房搜索。', skeleton: 'list' },
  rank: { title: '排行榜', purpose: '小区、板块、区县的涨幅、跌幅、成交、热度与均价排行。', skeleton: 'list' },
  'week-report-plate': { title: '板块周报', purpose: '板块本周的新增挂牌、降价、成交与热门小区。', skeleton: 'report' },
};

export function pageInfo(routeId: string | undefined): PageInfo | undefined {
  return routeId ? PAGES[routeId] : undefined;
}
