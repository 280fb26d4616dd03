// The help centre's questions (/helper, PAGES.md §3.14): data sources, how 均价 and 房东溢价系数 are computed, VIP,
// payment, stopping agent calls. The figures' wording follows the about page (routes/account/aboutus.tsx) and the
// price-guide popup text (spec §2, PRICE_GUIDE_TEXT); links lead into the app's own pages.
import { PRICE_GUIDE_TEXT } from '@fjt/domain';

export interface HelpLink {
  to: string;
  text: string;
}
export interface HelpQuestion {
  id: string;
  q: string;
  a: readonly string[];
  links?: readonly HelpLink[];
}
export interface HelpSection {
  id: string;
  title: string;
  questions: readonly HelpQuestion[];
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'data',
    title: '数据来源',
    questions: [
      {
        id: 'data-source',
        q: '房价通的数据从哪里来？',
        a: [
          '城市房价指数来自国家统计局《70个大中城市商品住宅销售价格变动情况》月度环比、同比指数（整理自开源项目 hugohe3/70cityprice，MIT 许可）。',
          '挂牌数据来自合作经纪机构发布的在售、在租房源，按房源编号去重，调价记录逐次保留；成交数据来自中介成交与网签备案两种来源，成交后按规定延迟展示。',
          '演示环境中的小区、房源与成交明细为按上述官方指数校准生成的模拟数据，仅供参考。',
        ],
        links: [{ to: '/aboutus#data', text: '查看数据来源与计算方法' }],
      },
      {
        id: 'data-update',
        q: '数据多久更新一次？',
        a: ['城市指数按国家统计局每月发布更新；挂牌与调价随合作机构发布实时更新；成交数据按规定延迟展示。'],
      },
    ],
  },
  {
    id: 'figures',
    title: '均价与房东溢价系数',
    questions: [
      {
        id: 'avg-price',
        q: '挂牌均价、成交均价是怎么算的？',
        a: [
          '挂牌均价：统计月末在售房源挂牌单价的平均值；成交均价：当月成交单价的平均值。',
          '样本不足时（如小区在售少于5套）不显示均价或涨跌，以免误导。',
        ],
      },
      {
        id: 'premium',
        q: '什么是房东溢价系数？',
        a: [
          PRICE_GUIDE_TEXT,
          '计算方法：本月挂牌均价 ÷ 上月成交均价。系数越高，说明房东报价相对成交价越高，议价空间可能越大。',
        ],
      },
      {
        id: 'estimate',
        q: '估价准确吗？',
        a: [
          '估价参考同小区及周边近期可比成交，按面积、楼层、朝向、装修修正，给出区间与可信度，仅供参考，不作为交易、贷款或评估依据。',
        ],
        links: [{ to: '/estimate', text: '免费估价' }],
      },
    ],
  },
  {
    id: 'vip',
    title: '会员',
    questions: [
      {
        id: 'vip-rights',
        q: '开通会员有什么权益？',
        a: ['会员可查看全部成交价、导出成交记录，并享受报告等会员权益，具体以购买页面展示的权益为准。'],
        links: [{ to: '/common/order', text: '开通会员' }],
      },
      {
        id: 'vip-expire',
        q: '会员到期后怎么办？',
        a: ['会员到期后会员权益停止，已购买的报告仍可查看；续费后权益立即恢复。'],
      },
    ],
  },
  {
    id: 'payment',
    title: '支付',
    questions: [
      {
        id: 'pay-methods',
        q: '支持哪些支付方式？',
        a: ['网页中可使用微信支付、支付宝；APP内还支持Apple Pay（iOS）。实际可用的方式以收银台展示为准。'],
      },
      {
        id: 'pay-pending',
        q: '付款后没有到账怎么办？',
        a: ['支付成功后权益即时生效。若显示未到账，请稍后在订单结果页刷新；仍有问题请联系在线客服。'],
        links: [{ to: '/profile', text: '我的' }],
      },
    ],
  },
  {
    id: 'agent',
    title: '经纪人来电',
    questions: [
      {
        id: 'stop-calls',
        q: '如何让经纪人不再给我打电话？',
        a: [
          '您提交成交价咨询、找房等需求时，授权了经纪人就该需求联系您。',
          '在「我的」页点击「不再联系我」并确认，经纪人将不再就您提交的需求联系您，进行中的需求同时关闭。',
        ],
        links: [{ to: '/profile', text: '去「我的」设置' }],
      },
    ],
  },
];

/** The questions matching a search, section by section (empty sections dropped); blank → everything. */
export function filterHelp(sections: readonly HelpSection[], query: string): HelpSection[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  const hit = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  return sections
    .map((s) => ({
      ...s,
      questions: s.questions.filter((q) => hit(`${s.title} ${q.q} ${q.a.join(' ')}`)),
    }))
    .filter((s) => s.questions.length > 0);
}
