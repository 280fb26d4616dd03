// 会员服务协议: what a VIP buyer agrees to at checkout (the prices and rights are the catalogue's).
export const MEMBER_AGREEMENT = {
  title: '会员服务协议',
  terms: [
    '会员权益以开通页展示为准，包括完整成交价与成交日期、成交数据导出、小区周报与不限次估价。',
    '会员自支付成功时起生效；已是会员的，新购天数在当前会员到期后顺延。',
    '价格以下单时的会员卡价格为准，页面展示的原价仅供参考。',
    '会员为虚拟服务，开通后不支持退款；因系统原因重复扣款的，将原路退回。',
    '未支付的订单30分钟后自动关闭。',
    '会员仅限本人账号使用，不得转让、出租或用于商业转售。',
  ],
} as const;

/** 购买协议: what a buyer of a report or a deal-data package agrees to (the generic checkouts). */
export const PRODUCT_AGREEMENT = {
  title: '房价通商品购买协议',
  terms: [
    '商品内容、覆盖范围与更新周期以商品详情页展示为准。',
    '价格以下单时的商品目录价格为准，页面展示的原价仅供参考。',
    '报告与数据为虚拟商品，支付成功后即可在“已购”中查看或下载，不支持退款；因系统原因重复扣款的，将原路退回。',
    '未支付的订单30分钟后自动关闭。',
    '所购内容仅限本人账号使用，不得转让、传播或用于商业转售。',
  ],
} as const;
