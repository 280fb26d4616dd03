// Seeded 看房笔记 (issue 17): 0–3 viewing notes per estate, mostly by the agents who serve it (agentsOf: author_type
// agent, agent_id), some by residents (author_type user). Highlights agree with the facts — 物业 from the fee and the
// company, 房屋状况 from the age, 噪音 from the greening and the metro — and the body says the same in words (the
// station and line the estate has, never another). Viewed before ctx.today.
import { schema } from '@fjt/db';
import type { Rng } from '../prng.ts';
import type { CommunityEstate } from './estates.ts';
import type { CommunityContext, CommunityGenerator, CommunityRows } from './run.ts';

const DAY = 86_400_000;
type Grade = '好' | '中' | '差';

function highlightsOf(rng: Rng, e: CommunityEstate): Record<string, Grade> {
  const old = e.buildYear !== null && e.buildYear < 2000;
  const fee = e.propertyFee ?? 0;
  const green = e.greeningRate ?? 0.3;
  return {
    daylight: rng.weighted<Grade>(['好', '中', '差'], [5, 3, 1]),
    noise: e.station && e.station.distanceM < 300 ? '中' : green >= 0.35 ? '好' : rng.pick<Grade>(['好', '中']),
    layout: old ? rng.pick<Grade>(['中', '差']) : rng.pick<Grade>(['好', '中']),
    property: fee >= 2 && e.propertyCompany ? '好' : fee < 1 || !e.propertyCompany ? '差' : '中',
    upkeep: old ? rng.pick<Grade>(['中', '差']) : e.buildYear !== null && e.buildYear >= 2015 ? '好' : '中',
  };
}

function bodyOf(rng: Rng, e: CommunityEstate, h: Record<string, Grade>, agent: boolean): string {
  const parts: string[] = [];
  const rooms = rng.pick(['一室一厅', '两室一厅', '三室两厅', '两室两厅', '三室一厅', '四室两厅']);
  const floor = rng.pick(['低楼层', '中间楼层', '高楼层']);
  parts.push(
    agent
      ? rng.pick([`今天带客户看了${e.name}一套${floor}的${rooms}。`, `陪客户实勘${e.name}，看的是${floor}${rooms}。`])
      : rng.pick([`周末去${e.name}看了一套${floor}的${rooms}。`, `下班后约了中介看${e.name}的${rooms}，${floor}。`]),
  );
  parts.push(
    h.daylight === '好'
      ? rng.pick(['南北通透，客厅和主卧采光都很好。', '客厅朝南，下午阳光能照进来，采光很好。'])
      : h.daylight === '中'
        ? rng.pick(['采光一般，下午客厅光线会暗一些。', '卧室朝东，只有上午有太阳。'])
        : '楼间距偏小，采光比较差，白天也要开灯。',
  );
  parts.push(
    h.layout === '好'
      ? rng.pick(['户型方正，动静分区合理。', '户型方正，几乎没有浪费的面积。'])
      : h.layout === '中'
        ? rng.pick(['户型中规中矩，过道稍长。', '客厅偏小，餐厅和客厅连在一起。'])
        : '户型有些不规则，卫生间是暗卫。',
  );
  if (e.station) {
    parts.push(`到${e.station.line}${e.station.name}站约${e.station.distanceM}米，`);
    parts.push(h.noise === '中' ? '离主路近，白天有些车流声。' : '房间朝向小区内部，关窗后很安静。');
  } else {
    parts.push(h.noise === '好' ? '小区离主干道远，很安静。' : '周边没有地铁，窗外偶尔有车流声。');
  }
  if (e.buildYear !== null) {
    parts.push(
      h.upkeep === '好'
        ? `${e.buildYear}年的房子，保养得不错。`
        : h.upkeep === '差'
          ? `${e.buildYear}年的老房子，管线和墙面需要翻新。`
          : `${e.buildYear}年的房子，屋况中规中矩。`,
    );
  }
  if (e.propertyFee !== null) {
    parts.push(
      h.property === '好'
        ? `物业${e.propertyCompany ? `是${e.propertyCompany}，` : ''}物业费${e.propertyFee}元/㎡·月，公共区域打扫得很干净。`
        : `物业费${e.propertyFee}元/㎡·月，公共区域管理${h.property === '差' ? '比较松散' : '一般'}。`,
    );
  }
  if (e.listingPrice !== null) parts.push(`小区挂牌均价${e.listingPrice}元/㎡左右，`);
  parts.push(
    agent
      ? rng.pick(['适合预算有限的刚需家庭，有兴趣可以约我实地看看。', '客户比较满意，准备再约一次复看。'])
      : rng.pick(['整体还行，准备再对比几个小区。', '性价比可以，会考虑。', '有点犹豫，再看看别的房子。']),
  );
  return parts.join('');
}

export const notesGenerator: CommunityGenerator = {
  name: 'notes',
  generate(estates, ctx: CommunityContext): CommunityRows {
    const { rng, residents, today, cityId } = ctx;
    const notes: (typeof schema.viewingNote.$inferInsert)[] = [];
    let next = cityId * 1_000_000;
    const end = today.getTime();
    const plain = residents.filter((r) => r.label === 0);
    for (const e of estates) {
      const n = rng.weighted([0, 1, 2, 3], [4, 3, 2, 1]);
      const agents = ctx.agentsOf(e.id);
      for (let i = 0; i < n; i++) {
        const byAgent = agents.length > 0 && (plain.length === 0 || rng.chance(0.75));
        if (!byAgent && plain.length === 0) break;
        const agent = byAgent
          ? agents[Math.min(agents.length - 1, Math.floor(rng.next() * rng.next() * agents.length))]!
          : null;
        const author = byAgent ? null : rng.pick(plain);
        const viewed = new Date(end - rng.int(1, 300) * DAY);
        const viewedAt = new Date(viewed.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
        const highlights = highlightsOf(rng, e);
        notes.push({
          id: ++next,
          cityId,
          estateId: e.id,
          authorType: byAgent ? 'agent' : 'user',
          userId: author?.id ?? null,
          agentId: agent?.id ?? null,
          listingId: null,
          title: byAgent
            ? rng.pick([`${e.name}实勘笔记`, `带看${e.name}：真实房况`, `${e.name}看房要点`])
            : rng.pick([`${e.name}看房记录`, `周末看${e.name}`, `${e.name}实地感受`]),
          body: bodyOf(rng, e, highlights, byAgent),
          images: [],
          highlights,
          viewedAt,
          likeCount: rng.int(0, 12),
          status: 'visible',
          flagged: false,
          createdAt: new Date(Math.min(end, viewed.getTime() + rng.int(0, 2) * DAY + 3_600_000)),
        });
      }
    }
    return [[schema.viewingNote, notes]];
  },
};
