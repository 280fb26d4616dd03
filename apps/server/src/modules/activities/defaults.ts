// The activities a fresh database starts with (issue 18): written once by ensureActivities (insert when missing,
// never overwritten, so what ops changed with `npm run ops -- activity …` stays). A campaign that is not permanent
// runs for DEFAULT_RUN_DAYS from the first start. Each activity's module validates its own config.
export interface ActivityDefault {
  code: string;
  kind: 'sale' | 'trial' | 'invitation' | 'topic' | 'showcase' | 'landing';
  title: string;
  subtitle: string;
  /** null: permanent. */
  runDays: number | null;
  rules: string[];
  config: Record<string, unknown>;
}

export const DEFAULT_RUN_DAYS = 60;

export const ACTIVITY_DEFAULTS: readonly ActivityDefault[] = [
  {
    code: 'double11',
    kind: 'sale',
    title: '双11会员狂欢',
    subtitle: '年卡直降，领券再减',
    runDays: DEFAULT_RUN_DAYS,
    rules: [
      '活动期间购买指定会员卡、报告享活动价，价格以下单页为准。',
      '每个账号每种优惠券限领1张，领取后在有效期内下单可用，每笔订单限用1张。',
      '活动价商品不退差价；订单超时未支付将自动关闭，已用优惠券退回账户。',
    ],
    // validated by double11Config (packages/domain/src/api/campaigns.ts); prices in 分
    config: {
      items: [
        {
          code: 'D11_VIP_YEAR',
          title: '会员年卡 · 双11价',
          subtitle: '365天会员，可叠加',
          badge: '限时直降',
          grants: { kind: 'vip', cardCode: 'VIP_YEAR' },
          priceFen: 11100,
          originFen: 19800,
          lines: ['全部成交价与成交日期', '成交数据导出', '小区周报', '不限次估价'],
        },
        {
          code: 'D11_VIP_QUARTER',
          title: '会员季卡 · 双11价',
          subtitle: '90天会员，可叠加',
          badge: '',
          grants: { kind: 'vip', cardCode: 'VIP_QUARTER' },
          priceFen: 3900,
          originFen: 6800,
          lines: ['全部成交价与成交日期', '成交数据导出', '小区周报', '不限次估价'],
        },
        {
          code: 'D11_RPT_HZ',
          title: '杭州房价月度报告 · 双11价',
          subtitle: '全市行情一份看懂，永久可下载',
          badge: '报告特惠',
          grants: { kind: 'report', productCode: 'RPT-C-605' },
          priceFen: 990,
          originFen: 2990,
          lines: ['均价涨跌、库存、成交量与区县对比', '购买后在「已购报告」下载 PDF'],
        },
      ],
      coupons: [
        {
          template: 'D11_20',
          title: '双11满减券',
          kind: 'amount',
          amountFen: 2000,
          minFen: 10000,
          productKinds: [],
          validDays: 30,
        },
        {
          template: 'D11_VIP88',
          title: '双11会员折扣券',
          kind: 'discount',
          discountPct: 88,
          minFen: 0,
          productKinds: ['vip', 'activity'],
          validDays: 30,
        },
      ],
    },
  },
  {
    code: 'freshvip',
    kind: 'trial',
    title: '新人会员免费领',
    subtitle: '注册7天内可领7天VIP',
    runDays: null,
    rules: [
      '注册7天内、从未开通过会员的用户可领取1次。',
      '同一手机号、同一设备仅可领取1次。',
      '会员自领取时起生效，到期后不自动续费。',
    ],
    config: { trialDays: 7, registeredWithinDays: 7 },
  },
  {
    code: 'invitation',
    kind: 'invitation',
    title: '邀请有礼',
    subtitle: '好友得券，你得会员',
    runDays: null,
    rules: [
      '好友通过你的邀请码或海报，用手机号验证码登录并领取10元新人会员券后，你将获得7天会员。',
      '好友首次付费成功后，你再得1张满30减20元优惠券。',
      '仅限新注册用户参与；同一手机号只能被邀请1次；不能使用自己的邀请码。',
      '同一设备只计1次邀请，使用你本人或其他受邀人用过的设备领取不发券、不计奖励。',
      '每人每天最多邀请20位好友；优惠券每笔订单限用1张，订单超时未支付将自动关闭并退回优惠券，已支付订单退款后优惠券不退回；苹果支付不支持使用优惠券。',
    ],
    config: { loginVipDays: 7, dailyCap: 20, rewardOn: 'claim' },
  },
  {
    code: 'invitation2',
    kind: 'invitation',
    title: '邀好友，一起查房价',
    subtitle: '下载APP领新人礼包',
    runDays: null,
    rules: [
      '好友通过你的邀请码领取10元新人会员券，并下载房价通APP登录后，你将获得7天会员。',
      '好友首次付费成功后，你再得1张满30减20元优惠券。',
      '仅限新注册用户参与；同一手机号、同一设备只能被邀请1次；每人每天最多邀请20位好友。',
    ],
    config: { loginVipDays: 7, dailyCap: 20, rewardOn: 'nextLogin' },
  },
  {
    code: 'houselist',
    kind: 'topic',
    title: '专题房源',
    subtitle: '降价房、满五唯一、近地铁',
    runDays: null,
    rules: [
      '专题房源根据最新挂牌数据每日计算，价格变动以房源详情为准。',
      '降价房：当前挂牌价低于首次挂牌价；满五唯一：房本满五年且为业主唯一住房；近地铁：小区距地铁站1公里以内。',
      '新上房源为近30天新挂牌的房源，低总价为总价200万以内的房源。',
    ],
    // which topics the campaign shows, in this order (HOUSE_TOPICS of @fjt/domain)
    config: { topics: ['priceCut', 'fiveOnly', 'nearMetro', 'newListing', 'lowTotal'] },
  },
  {
    code: 'premier',
    kind: 'showcase',
    title: '高端盘',
    subtitle: '全城均价前10%的小区',
    runDays: null,
    rules: [
      '入选小区为本城市挂牌均价排名前10%的小区，每月更新。',
      '挂牌均价按月末在售房源计算，在售不足5套的小区不参与排名。',
    ],
    config: {},
  },
  {
    code: 'hw-pps',
    kind: 'landing',
    title: '查房价，上房价通',
    subtitle: '看房前先查价',
    runDays: null,
    rules: [
      '本页为房价通在华为应用市场的推广页面，打开或下载房价通APP即可免费查询城市、小区房价与成交记录。',
      '已安装APP将直接打开；未安装将前往下载。',
      '活动结束后本页不再展示推广内容。',
    ],
    config: {},
  },
];
