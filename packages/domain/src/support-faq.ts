// The support centre's FAQ (PAGES.md §3.12, the purposes of /helper: data sources, averages and the premium
// coefficient, membership, payment, refunds, agents calling back): the one place this help content lives — the
// 客服中心 page lists it and the chat's FAQ bot answers from it (faq-match.ts, with each item's keywords). Figures
// come from the constants the server applies, so the answers cannot drift from the rules.
import { LEAD_SLA_HOURS } from './api/leads.ts';
import { ORDER_TIMEOUT_MS } from './api/payments.ts';
import type { FaqEntry } from './faq-match.ts';

export interface FaqGroup {
  title: string;
  items: FaqEntry[];
}

const ORDER_MINUTES = Math.round(ORDER_TIMEOUT_MS / 60_000);

export const SUPPORT_FAQ: readonly FaqGroup[] = [
  {
    title: '会员',
    items: [
      {
        id: 'vip-use',
        keywords: ['权益', '有什么用', '会员有什么'],
        q: '开通会员有什么用？',
        a: '会员可以查看小区的成交明细与成交价、房东溢价系数等会员数据，并享受报告等会员权益。具体权益以开通页面展示为准。',
      },
      {
        id: 'vip-expiry',
        keywords: ['生效', '到期', '续费', '顺延'],
        q: '会员什么时候生效？到期时间怎么算？',
        a: '支付成功后立即生效。已经是会员的，新购买的天数在当前会员到期后顺延。本页「会员到期」显示的就是您最新的到期时间。',
      },
      {
        id: 'vip-code',
        keywords: ['兑换码', '兑换'],
        q: '兑换码怎么使用？',
        a: '在「我的」-「会员中心」点击「兑换会员」，输入兑换码即可，每个兑换码只能使用一次，过期后无法兑换。',
      },
    ],
  },
  {
    title: '成交价与数据',
    items: [
      {
        id: 'data-source',
        keywords: ['数据来源', '哪里来', '哪来', '统计局'],
        q: '房价通的数据从哪里来？',
        a: '城市房价指数来自国家统计局70个大中城市商品住宅价格指数；挂牌数据来自合作经纪机构发布的房源；成交数据包括中介成交与网签备案两种来源。详见「关于我们」的数据来源与计算方法。',
      },
      {
        id: 'data-method',
        keywords: ['均价', '溢价', '怎么算'],
        q: '挂牌均价、成交均价和房东溢价系数是怎么算的？',
        a: '挂牌均价是月末在售房源挂牌单价的平均值，成交均价是当月成交单价的平均值；房东溢价系数 = 本月挂牌均价 ÷ 上月成交均价，大于1说明房东报价高于近期成交。',
      },
      {
        id: 'data-missing',
        keywords: ['看不到', '没有成交', '不显示'],
        q: '为什么有的小区看不到成交价或均价？',
        a: '成交记录按规定延迟展示；小区样本不足（如在售少于5套）时不显示均价和涨跌，以免误导。成交明细需要开通会员后查看。',
      },
      {
        id: 'data-error',
        keywords: ['纠错', '有误', '错误', '不准'],
        q: '发现价格或小区信息有误怎么办？',
        a: '在小区页「信息有误？纠错」中提交，或通过本页的在线客服、微信联系我们，核实后会尽快更正。',
      },
    ],
  },
  {
    title: '支付与退款',
    items: [
      {
        id: 'pay-methods',
        keywords: ['支付方式', '支付宝', '微信支付', 'apple'],
        q: '支持哪些支付方式？',
        a: '支持支付宝、微信支付，以及APP内的Apple支付；具体可用方式以您所在环境的收银台为准（如微信内不支持支付宝）。',
      },
      {
        id: 'pay-unpaid',
        keywords: ['没有支付', '未支付', '订单关闭'],
        q: '下单后没有支付怎么办？',
        a: `订单在${ORDER_MINUTES}分钟内未支付会自动关闭，不会扣款，重新下单即可。`,
      },
      {
        id: 'pay-missing',
        keywords: ['没到账', '没有到账', '付款了', '已付款'],
        q: '已经付款但会员或报告没有到账？',
        a: '支付结果可能有几秒延迟，请刷新「我的订单」查看。若订单仍显示未支付，请联系客服并提供订单号，我们核实后为您处理。',
      },
      {
        id: 'refund',
        keywords: ['退款', '退钱', '退费'],
        q: '可以退款吗？',
        a: '会员与报告为虚拟服务，支付成功后即时生效，一般不支持无理由退款。重复支付、支付后服务未到账等情况，联系客服核实后原路全额退款。',
      },
    ],
  },
  {
    title: '经纪人联系',
    items: [
      {
        id: 'agent-callback',
        keywords: ['多久', '联系我', '回电', '经纪人'],
        q: '提交「获取成交价」等需求后，多久有人联系我？',
        a: `您的需求提交成功后，经纪人将在${LEAD_SLA_HOURS}小时之内与您联系。通话使用虚拟号码，不会泄露您的真实手机号。`,
      },
      {
        id: 'agent-stop',
        keywords: ['不再联系', '骚扰', '别打', '不想接'],
        q: '不想再接到经纪人的电话怎么办？',
        a: '在「我的」页点击「不再联系我」并确认，进行中的需求会被关闭，经纪人将不再联系您。',
      },
    ],
  },
];

/** Every FAQ entry, in page order (what the bot matches against). */
export const SUPPORT_FAQ_ENTRIES: readonly FaqEntry[] = SUPPORT_FAQ.flatMap((g) => g.items);
