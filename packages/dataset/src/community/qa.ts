// Seeded 问答 (issue 17): per estate 0–4 questions (more for bigger, busier estates) on the Q&A topics, their titles
// and answers built from the estate's own facts — a metro station only when it has one, price figures from its
// listing and deal prices, its fees and property company, its build year — and 0–3 answers each by residents and
// the estate's 达人 (superOf), with like counts and now and then an adopted answer. A few city-wide questions
// (estate_id null) on loans and policy. Everything dated before ctx.today.
//
// Agents: agent rows have no user id (answer.user_id is required), so seeded answers are by residents and 达人
// only; answer.agent_id stays null. Real agents answering through a staff account remain possible.
//
// Ids: cityId × 1 000 000 + n per table (questions and answers counted separately), so they are deterministic and
// fit an int (the largest city id is 1501); the runner moves the sequences past them.
import { schema } from '@fjt/db';
import type { Rng } from '../prng.ts';
import { METRO_NEAR_M, type CommunityEstate } from './estates.ts';
import type { Resident } from './residents.ts';
import type { CommunityContext, CommunityGenerator } from './run.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Answer {
  body: string;
  /** Prefer a 达人 for this answer. */
  expert?: boolean;
}
interface Draft {
  topic: string;
  title: string;
  body: string;
  answers: Answer[];
}

const wan = (price: number) => `${(price / 10_000).toFixed(1)}万`;

/** The questions an estate's facts allow, each with the answers that fit. */
function draftsFor(e: CommunityEstate, rng: Rng, year: number): Draft[] {
  const drafts: Draft[] = [];
  const n = e.name;
  if (e.listingPrice !== null) {
    const answers: Answer[] = [
      { body: `现在挂牌均价大约${e.listingPrice}元/㎡，在售${e.onSale}套，可以多看几套比较一下。`, expert: true },
      { body: '挂牌价只是业主的心理价，实际成交一般会谈下来一些，多砍砍价。' },
    ];
    if (e.dealPrice !== null)
      answers.push({
        body: `近一年成交均价约${e.dealPrice}元/㎡，挂牌均价约${e.listingPrice}元/㎡，可以参考成交价出价。`,
        expert: true,
      });
    drafts.push({
      topic: 'price',
      title: `${n}挂牌${wan(e.listingPrice)}一平，现在值得入手吗？`,
      body: `看到${n}挂牌均价在${wan(e.listingPrice)}/㎡左右，自住刚需，想听听业主和懂行的朋友意见。`,
      answers,
    });
  } else if (e.dealPrice !== null) {
    drafts.push({
      topic: 'price',
      title: `${n}最近成交价大概多少？`,
      body: '目前在售房源不多，想知道最近实际成交的价格。',
      answers: [
        { body: `近一年成交均价约${e.dealPrice}元/㎡，具体看楼层和装修。`, expert: true },
        { body: '在售的少，看中了可以让中介帮忙盯着新挂牌。' },
      ],
    });
  }
  if (e.station) {
    const minutes = Math.max(1, Math.round(e.station.distanceM / 80));
    drafts.push({
      topic: 'traffic',
      title: `${n}到地铁站走路要多久？`,
      body: '每天坐地铁上班，想了解一下小区到地铁站的距离。',
      answers: [
        {
          body: `离${e.station.line}${e.station.name}站大约${e.station.distanceM}米，步行${minutes}分钟左右。`,
          expert: true,
        },
        { body: `我每天走到${e.station.name}站坐车，早高峰人比较多，但还算方便。` },
      ],
    });
  } else {
    drafts.push({
      topic: 'traffic',
      title: `${n}附近没有地铁，平时通勤方便吗？`,
      body: '没有车，主要靠公共交通，想问问住在这里的朋友。',
      answers: [
        { body: `小区${METRO_NEAR_M / 1000}公里内没有地铁站，出行主要靠公交，有车会方便很多。`, expert: true },
        { body: '公交线路有几条，高峰期要等一会儿，建议实地走一趟。' },
      ],
    });
  }
  if (e.propertyFee !== null) {
    const company = e.propertyCompany ? `，物业公司是${e.propertyCompany}` : '';
    drafts.push({
      topic: 'property',
      title: `${n}物业费多少？物业服务怎么样？`,
      body: '比较在意物业，想了解收费和日常服务。',
      answers: [
        { body: `物业费${e.propertyFee}元/㎡·月${company}。`, expert: true },
        { body: rng.pick(['保洁和保安都还可以，报修响应也挺快。', '整体中规中矩，小区绿化维护得不错。']) },
        { body: '有问题在业主群里反映，一般会处理。' },
      ],
    });
  }
  if (e.buildYear !== null) {
    const age = Math.max(0, year - e.buildYear);
    const years = Math.max(5, Math.min(30, 50 - age));
    drafts.push({
      topic: 'loan',
      title: `${n}是${e.buildYear}年的房子，贷款能贷多少年？`,
      body: '想用商贷，担心房龄影响贷款年限。',
      answers: [
        {
          body: `房龄约${age}年，很多银行要求房龄加贷款年限不超过50年，大概能贷${years}年，以银行审批为准。`,
          expert: true,
        },
        { body: '不同银行政策不一样，多问几家。' },
      ],
    });
  }
  drafts.push({
    topic: 'amenities',
    title: `${n}周边买菜、看病方便吗？`,
    body: `家里有老人，想了解${e.plateName}这边的生活配套。`,
    answers: [
      { body: `${e.plateName}板块生活配套比较成熟，超市和菜场步行能到。` },
      { body: '看病的话社区卫生服务中心不远，大医院要开车过去。' },
    ],
  });
  drafts.push({
    topic: 'school',
    title: `${n}对口哪所学校？`,
    body: '孩子明年上小学，想确认一下学区。',
    answers: [
      {
        body: `学区划分每年可能调整，以${e.districtName}教育局当年公布的为准，建议打电话确认。`,
        expert: true,
      },
      { body: '买之前一定要去学校问清楚名额占用情况。' },
    ],
  });
  return drafts;
}

/** City-wide questions (no estate). */
const CITY_DRAFTS: Draft[] = [
  {
    topic: 'loan',
    title: '首套房公积金和商贷组合贷怎么办理？',
    body: '第一次买房，想了解组合贷的流程和需要的材料。',
    answers: [
      { body: '先到公积金中心做额度评估，再找银行办理商贷部分，两边一起审批。', expert: true },
      { body: '材料主要是收入证明、流水、购房合同，提前准备好。' },
    ],
  },
  {
    topic: 'policy',
    title: '外地户口在这里买房需要什么条件？',
    body: '在这边工作三年了，社保一直交着。',
    answers: [
      { body: '购房资格以住建部门最新政策为准，一般看社保或个税缴纳年限。', expert: true },
      { body: '可以在住建局官网查资格，或者让中介帮忙核验。' },
    ],
  },
  {
    topic: 'price',
    title: '现在是买房的好时机吗？',
    body: '刚需自住，纠结是现在买还是再等等。',
    answers: [
      { body: '刚需自住看自己的需求和还款能力，不要太纠结短期涨跌。', expert: true },
      { body: '多看成交价，别只看挂牌价。' },
    ],
  },
  {
    topic: 'other',
    title: '二手房交易一般要多久才能过户？',
    body: '卖家有贷款未结清。',
    answers: [
      { body: '有贷款的要先还清解押，整个流程一般一到两个月。', expert: true },
      { body: '资金监管一定要走，别私下转账。' },
    ],
  },
];

function questionsOf(e: CommunityEstate, rng: Rng): number {
  let n = rng.int(0, 2);
  if ((e.householdCount ?? 0) > 1500) n++;
  if (e.onSale > 10) n++;
  return Math.min(4, n);
}

export const qaGenerator: CommunityGenerator = {
  name: 'qa',
  generate(estates, ctx: CommunityContext) {
    const { rng, cityId } = ctx;
    const today = ctx.today.getTime();
    const year = ctx.today.getFullYear();
    const plain = ctx.residents.filter((r) => r.label === 0);
    const questions: (typeof schema.question.$inferInsert)[] = [];
    const answers: (typeof schema.answer.$inferInsert)[] = [];
    let qn = 0;
    let an = 0;
    if (plain.length < 4) return [];

    const add = (estateId: number | null, draft: Draft, supers: readonly Resident[]) => {
      const asker = rng.pick(plain);
      const createdAt = today - rng.int(2, 400) * DAY - rng.int(0, 23) * HOUR;
      const id = cityId * 1_000_000 + ++qn;
      const count = Math.min(draft.answers.length, rng.int(0, 3));
      const used = new Set([asker.id]);
      let at = createdAt;
      const rows: (typeof schema.answer.$inferInsert)[] = [];
      for (let i = 0; i < count; i++) {
        const answer = draft.answers[i]!;
        const expert = answer.expert && supers.length > 0 && rng.chance(0.7) ? rng.pick(supers) : null;
        let author = expert ?? rng.pick(plain);
        if (used.has(author.id)) author = plain.find((r) => !used.has(r.id)) ?? author;
        if (used.has(author.id)) continue;
        used.add(author.id);
        at = Math.min(today - HOUR, at + rng.int(1, 24 * 20) * HOUR);
        rows.push({
          id: cityId * 1_000_000 + ++an,
          questionId: id,
          userId: author.id,
          superLabel: author.label,
          agentId: null,
          body: answer.body,
          images: [],
          adopted: false,
          status: 'visible',
          flagged: false,
          updatedAt: null,
          likeCount: author.label > 0 ? rng.int(3, 40) : rng.int(0, 12),
          createdAt: new Date(at),
        });
      }
      if (rows.length > 1 && rng.chance(0.25)) {
        const best = rows.reduce((a, b) => ((b.likeCount ?? 0) > (a.likeCount ?? 0) ? b : a));
        best.adopted = true;
      }
      answers.push(...rows);
      questions.push({
        id,
        cityId,
        estateId,
        userId: asker.id,
        topic: draft.topic,
        title: draft.title.slice(0, 50),
        body: draft.body,
        images: [],
        status: 'visible',
        flagged: false,
        answerCount: rows.length,
        followCount: rng.int(0, 8),
        viewCount: rng.int(10, 800),
        createdAt: new Date(createdAt),
        activeAt: new Date(rows.length > 0 ? at : createdAt),
      });
    };

    for (const e of estates) {
      const n = questionsOf(e, rng);
      if (n === 0) continue;
      const drafts = draftsFor(e, rng, year);
      // n different drafts, in a random order
      for (let i = 0; i < n && drafts.length > 0; i++) {
        const [draft] = drafts.splice(rng.int(0, drafts.length - 1), 1);
        add(e.id, draft!, ctx.superOf(e.id));
      }
    }
    const citySupers = ctx.residents.filter((r) => r.label > 0);
    for (const draft of CITY_DRAFTS) add(null, draft, citySupers);
    return [
      [schema.question, questions],
      [schema.answer, answers],
    ];
  },
};
