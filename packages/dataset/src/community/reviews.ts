// Seeded 小区点评 (issue 17): 0–8 reviews per estate by the city's residents, with the scores, tags and words its facts
// allow — 交通 high only near a metro station, 物业 from the fee and the company, 环境 from the greening rate; a tag only
// when true ('近地铁' only with the estate's own tag, '房龄老' only before 2000, '停车难' only with few spaces…); bodies
// in Chinese composed from those facts (the station and line it has, the price it lists at). A few reviews have
// replies. The estate's review_summary row is computed here from the same rows (the app recomputes it on every write).
import { schema } from '@fjt/db';
import type { Rng } from '../prng.ts';
import type { CommunityEstate } from './estates.ts';
import type { CommunityContext, CommunityGenerator, CommunityRows } from './run.ts';

const DAY = 86_400_000;
export const REVIEWS_MAX_PER_ESTATE = 8;

const clamp = (n: number) => Math.max(1, Math.min(5, Math.round(n)));

interface Facts {
  near: boolean;
  walkMin: number | null;
  old: boolean;
  goodProperty: boolean;
  poorProperty: boolean;
  greenGood: boolean;
  greenPoor: boolean;
  parkingEasy: boolean;
  parkingHard: boolean;
  big: boolean;
  small: boolean;
  cheap: boolean;
}

function factsOf(e: CommunityEstate, plateAvg: number | null): Facts {
  const fee = e.propertyFee ?? 0;
  const green = e.greeningRate ?? 0;
  return {
    near: e.station !== null,
    walkMin: e.station ? Math.max(2, Math.round(e.station.distanceM / 80)) : null,
    old: e.buildYear !== null && e.buildYear < 2000,
    goodProperty: fee >= 2 && e.propertyCompany !== null,
    poorProperty: fee < 1 || e.propertyCompany === null,
    greenGood: green >= 0.35,
    greenPoor: e.greeningRate !== null && green < 0.25,
    parkingEasy: (e.parkingRatio ?? 0) >= 1,
    parkingHard: e.parkingRatio !== null && e.parkingRatio < 0.5,
    big: (e.householdCount ?? 0) >= 2000,
    small: e.householdCount !== null && e.householdCount < 400,
    cheap: plateAvg !== null && e.listingPrice !== null && e.listingPrice < plateAvg * 0.92,
  };
}

/** Scores a resident of the estate would give: the facts, with a little of their own mood. */
function scoresOf(rng: Rng, e: CommunityEstate, f: Facts) {
  const mood = rng.normal(0, 0.5);
  const traffic = f.near ? (e.station!.distanceM <= 800 ? rng.int(4, 5) : rng.int(3, 4)) : rng.int(2, 3);
  const property = f.goodProperty ? rng.int(4, 5) : f.poorProperty ? rng.int(2, 3) : rng.int(3, 4);
  const environment = f.greenGood ? rng.int(4, 5) : f.greenPoor ? rng.int(2, 3) : rng.int(3, 4);
  const amenities = f.big || f.near ? rng.int(4, 5) : f.small ? rng.int(2, 3) : rng.int(3, 4);
  const overall = clamp((traffic + property + environment + amenities) / 4 + mood);
  return { overall, traffic, amenities, property, environment };
}

/** The tags that are true of the estate and agree with this reviewer's scores. */
function tagsOf(rng: Rng, e: CommunityEstate, f: Facts, s: ReturnType<typeof scoresOf>): string[] {
  const pool: string[] = [];
  if (e.tags.includes('近地铁')) pool.push('近地铁');
  if (f.near && s.traffic >= 4) pool.push('交通便利');
  if ((f.big || f.near) && s.amenities >= 4) pool.push('商超齐全');
  if (f.small && s.amenities <= 2) pool.push('配套不足');
  if (e.tags.includes('学区房')) pool.push('学区好');
  if (f.goodProperty && s.property >= 4) pool.push('物业负责');
  if (f.poorProperty && s.property <= 2) pool.push('物业一般');
  if (f.greenGood && s.environment >= 4) pool.push('绿化好');
  if (f.greenGood && !f.near) pool.push('安静');
  if (f.parkingEasy) pool.push('停车方便');
  if (f.parkingHard) pool.push('停车难');
  if (f.old) pool.push('房龄老');
  if (f.old && e.buildingType && e.buildingType !== '板楼') pool.push('电梯老旧');
  if (f.cheap) pool.push('性价比高');
  return rng.shuffle(pool).slice(0, rng.int(Math.min(1, pool.length), Math.min(3, pool.length)));
}

/** A review's words, from the facts the reviewer talks about. */
function bodyOf(rng: Rng, e: CommunityEstate, f: Facts, s: ReturnType<typeof scoresOf>): string {
  const parts: string[] = [];
  if (e.station) {
    parts.push(
      s.traffic >= 4
        ? `离${e.station.line}${e.station.name}站步行大概${f.walkMin}分钟，上下班通勤很方便。`
        : `到${e.station.line}${e.station.name}站要走${f.walkMin}分钟左右，早高峰稍微有点赶。`,
    );
  } else {
    parts.push(rng.pick(['附近没有地铁，出行主要靠公交和开车。', '周边暂时没有地铁站，上班要先坐公交。']));
  }
  if (e.propertyCompany && e.propertyFee !== null) {
    parts.push(
      s.property >= 4
        ? `物业是${e.propertyCompany}，物业费${e.propertyFee}元/㎡·月，保安保洁都挺负责。`
        : `物业是${e.propertyCompany}，物业费${e.propertyFee}元/㎡·月，报修响应有时候比较慢。`,
    );
  } else if (e.propertyFee !== null) {
    parts.push(`物业费${e.propertyFee}元/㎡·月，管理比较松散。`);
  }
  if (e.greeningRate !== null) {
    const pct = Math.round(e.greeningRate * 100);
    parts.push(
      s.environment >= 4
        ? `绿化率${pct}%，小区里树多，晚上散步很舒服。`
        : s.environment <= 2
          ? `绿化率只有${pct}%，小区里绿地不多。`
          : `绿化率${pct}%，环境中规中矩。`,
    );
  }
  if (e.buildYear !== null) {
    parts.push(
      f.old
        ? `${e.buildYear}年的老小区，楼龄偏老，外立面有些旧了。`
        : e.buildYear >= 2015
          ? `${e.buildYear}年建成，房子还比较新。`
          : `${e.buildYear}年建成，楼龄不算老，保养得还可以。`,
    );
  }
  if (f.parkingHard) parts.push('车位比较紧张，晚上回来经常找不到位置。');
  else if (f.parkingEasy && rng.chance(0.5)) parts.push('车位充足，停车不用愁。');
  if (e.listingPrice !== null && rng.chance(0.4)) {
    parts.push(`现在挂牌均价${e.listingPrice}元/㎡左右，${f.cheap ? '在板块里算便宜的。' : '和周边差不多。'}`);
  }
  const close =
    s.overall >= 4
      ? rng.pick(['整体住着挺满意。', '总的来说值得推荐。', '住了几年，整体不错。'])
      : s.overall <= 2
        ? rng.pick(['整体一般，买之前多看看。', '不太推荐，除非预算有限。'])
        : rng.pick(['优缺点都有，看个人需求。', '中规中矩，自住够用。']);
  return [...rng.shuffle(parts.slice(0, 2)), ...parts.slice(2), close].join('');
}

/** `n` distinct items of `list` (all of them when it is shorter). */
export function sample<T>(rng: Rng, list: readonly T[], n: number): T[] {
  if (list.length <= n) return rng.shuffle([...list]);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(rng.int(0, list.length - 1));
  return [...picked].map((i) => list[i]!);
}

const REPLIES = [
  '谢谢分享，很有参考价值。',
  '同感，我也住这里。',
  '请问小区晚上吵不吵？',
  '请问车位好租吗？',
  '说得挺客观的。',
  '请问物业费是按月交还是按年交？',
];

export const reviewsGenerator: CommunityGenerator = {
  name: 'reviews',
  generate(estates, ctx: CommunityContext): CommunityRows {
    const { rng, residents, today, cityId } = ctx;
    const reviews: (typeof schema.review.$inferInsert)[] = [];
    const replies: (typeof schema.reviewReply.$inferInsert)[] = [];
    const summaries: (typeof schema.reviewSummary.$inferInsert)[] = [];
    let nextReview = cityId * 1_000_000;
    let nextReply = cityId * 1_000_000;
    const plateSums = new Map<number, { sum: number; n: number }>();
    for (const e of estates) {
      if (e.listingPrice === null) continue;
      const p = plateSums.get(e.plateId) ?? { sum: 0, n: 0 };
      p.sum += e.listingPrice;
      p.n += 1;
      plateSums.set(e.plateId, p);
    }
    const end = today.getTime();
    const plain = residents.filter((r) => r.label === 0);
    const byPlate = new Map<number, typeof plain>();
    for (const r of plain) {
      let list = byPlate.get(r.plateId);
      if (!list) byPlate.set(r.plateId, (list = []));
      list.push(r);
    }
    for (const e of estates) {
      const n = rng.weighted([0, 1, 2, 3, 4, 5, 6, 7, 8], [3, 2, 2, 2, 2, 1.5, 1, 1, 0.5]);
      if (n === 0 || plain.length === 0) continue;
      const plate = plateSums.get(e.plateId);
      const f = factsOf(e, plate ? plate.sum / plate.n : null);
      // distinct residents (one review per user and estate), those of the estate's plate first
      const local = byPlate.get(e.plateId) ?? [];
      const authors = sample(rng, local.length >= n ? local : plain, n);
      const sum = { count: 0, overall: 0, traffic: 0, amenities: 0, property: 0, environment: 0 };
      const tagCounts: Record<string, number> = {};
      for (const author of authors) {
        const s = scoresOf(rng, e, f);
        const tags = tagsOf(rng, e, f, s);
        const joined = author.user.createdAt!.getTime();
        const createdAt = new Date(Math.max(joined + DAY, end - rng.int(1, 540) * DAY - rng.int(0, 86_399) * 1000));
        if (createdAt.getTime() >= end) continue;
        const id = ++nextReview;
        const replyCount = rng.chance(0.3) ? rng.int(1, 2) : 0;
        reviews.push({
          id,
          cityId,
          estateId: e.id,
          userId: author.id,
          ...s,
          tags,
          body: bodyOf(rng, e, f, s),
          images: [],
          relation: rng.chance(0.7) ? 'tenant' : 'visitor',
          likeCount: Math.floor(rng.logNormal(1) * 2),
          replyCount,
          status: 'visible',
          flagged: false,
          createdAt,
          updatedAt: null,
        });
        for (let i = 0; i < replyCount; i++) {
          const by = rng.pick(residents);
          replies.push({
            id: ++nextReply,
            reviewId: id,
            userId: by.id,
            body: rng.pick(REPLIES),
            likeCount: rng.int(0, 3),
            status: 'visible',
            flagged: false,
            createdAt: new Date(Math.min(end, createdAt.getTime() + rng.int(1, 30) * DAY)),
          });
        }
        sum.count += 1;
        sum.overall += s.overall;
        sum.traffic += s.traffic;
        sum.amenities += s.amenities;
        sum.property += s.property;
        sum.environment += s.environment;
        for (const t of tags) tagCounts[t] = (tagCounts[t] ?? 0) + 1;
      }
      if (sum.count > 0) {
        summaries.push({
          estateId: e.id,
          count: sum.count,
          overallSum: sum.overall,
          trafficSum: sum.traffic,
          amenitiesSum: sum.amenities,
          propertySum: sum.property,
          environmentSum: sum.environment,
          tagCounts,
          updatedAt: today,
        });
      }
    }
    return [
      [schema.review, reviews],
      [schema.reviewReply, replies],
      [schema.reviewSummary, summaries],
    ];
  },
};
