// What a report is about (issue 17): one line that names the target as the reporter saw it — the listing's estate,
// 室厅, area and price; the estate's name; the deal; the post's excerpt — and where it is shown. Shared by
// inform/target, the tickets a user sees and the moderation console. A deleted post (or, for the public, a hidden
// one) is no target.
import { queryRows, sql, type Database } from '@fjt/db';
import { INFORM_TARGET_LABELS, type InformTarget, type InformTargetSummary } from '@fjt/domain';

const EXCERPT = 40;
export const excerpt = (text: string, max = EXCERPT) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};
const wan = (yuan: number) => `${Number((yuan / 10_000).toFixed(1))}万`;
const sqm = (area: number) => `${Number(area.toFixed(1))}㎡`;
const rooms = (r: number, h: number) => `${r}室${h}厅`;

/** A target as stored: its summary and, for the moderation, the facts a correction needs. */
export interface TargetRow {
  summary: InformTargetSummary;
  /** listing: on_sale | sold | delisted; rental: on_rent | rented | off; posts: visible | hidden. */
  status: string | null;
  /** listing: total price 元; rental: monthly rent 元. */
  price: number | null;
  area: number | null;
  estateId: number | null;
  /** The post's author (posts only; an agent's note has none). */
  authorId: number | null;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function findTarget(
  db: Database,
  targetType: InformTarget,
  targetId: number,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<TargetRow | null> {
  const one = async (query: ReturnType<typeof sql>) => (await queryRows<Row>(db, query))[0] ?? null;
  const base = (cityId: number | null, title: string, subtitle: string, link: string | null) => ({
    targetType,
    targetId,
    kindLabel: INFORM_TARGET_LABELS[targetType],
    title,
    subtitle,
    link,
    cityId,
  });
  const postVisible = (status: unknown) => status === 'visible' || (includeHidden && status === 'hidden');
  const empty = { status: null, price: null, area: null, estateId: null, authorId: null };
  /** A review's, a reply's or a note's summary: on an estate, by a user, in a status. */
  const estatePost = (r: Record<string, unknown>, title: string, subtitle: string, link: string) => ({
    ...empty,
    summary: base(Number(r.city_id), title, subtitle, link),
    status: String(r.status),
    estateId: Number(r.estate_id),
    authorId: num(r.user_id),
  });

  switch (targetType) {
    case 'listing': {
      const r = await one(sql`
        SELECT l.city_id, l.estate_id, l.rooms, l.halls, l.area, l.total_price, l.status, e.name, d.name AS district
          FROM listing l JOIN estate e ON e.id = l.estate_id LEFT JOIN district d ON d.id = l.district_id
         WHERE l.id = ${targetId}`);
      if (!r) return null;
      const cityId = Number(r.city_id);
      return {
        ...empty,
        summary: base(
          cityId,
          `${String(r.name)} ${rooms(Number(r.rooms), Number(r.halls))} ${sqm(Number(r.area))} ${wan(Number(r.total_price))}`,
          `${r.district ? `${String(r.district)} · ` : ''}${r.status === 'on_sale' ? '在售' : '已下架'}`,
          `/${cityId}/property/${targetId}`,
        ),
        status: String(r.status),
        price: Number(r.total_price),
        area: Number(r.area),
        estateId: Number(r.estate_id),
      };
    }
    case 'rental': {
      const r = await one(sql`
        SELECT l.city_id, l.estate_id, l.rooms, l.halls, l.area, l.monthly_rent, l.status, l.rent_type, e.name,
               d.name AS district
          FROM rental l JOIN estate e ON e.id = l.estate_id LEFT JOIN district d ON d.id = l.district_id
         WHERE l.id = ${targetId}`);
      if (!r) return null;
      const cityId = Number(r.city_id);
      return {
        ...empty,
        summary: base(
          cityId,
          `${String(r.name)} ${r.rent_type === 'shared' ? '合租' : '整租'} ${rooms(Number(r.rooms), Number(r.halls))} ${sqm(Number(r.area))} ${Number(r.monthly_rent)}元/月`,
          `${r.district ? `${String(r.district)} · ` : ''}${r.status === 'on_rent' ? '在租' : '已下架'}`,
          `/${cityId}/renting/${Number(r.estate_id)}`,
        ),
        status: String(r.status),
        price: Number(r.monthly_rent),
        area: Number(r.area),
        estateId: Number(r.estate_id),
      };
    }
    case 'estate': {
      const r = await one(sql`
        SELECT e.city_id, e.name, e.build_year, d.name AS district, p.name AS plate
          FROM estate e LEFT JOIN district d ON d.id = e.district_id LEFT JOIN plate p ON p.id = e.plate_id
         WHERE e.id = ${targetId}`);
      if (!r) return null;
      const cityId = Number(r.city_id);
      const parts = [r.district, r.plate].filter(Boolean).map(String);
      if (r.build_year) parts.push(`${Number(r.build_year)}年建成`);
      return {
        ...empty,
        summary: base(cityId, String(r.name), parts.join(' · '), `/${cityId}/house-detail/${targetId}`),
        estateId: targetId,
      };
    }
    case 'deal': {
      const r = await one(sql`
        SELECT x.city_id, x.estate_id, x.rooms, x.halls, x.area, x.total_price, x.deal_date::text AS deal_date, e.name
          FROM deal x JOIN estate e ON e.id = x.estate_id WHERE x.id = ${targetId}`);
      if (!r) return null;
      const cityId = Number(r.city_id);
      return {
        ...empty,
        summary: base(
          cityId,
          `${String(r.name)} ${rooms(Number(r.rooms), Number(r.halls))} ${sqm(Number(r.area))} 成交${wan(Number(r.total_price))}`,
          `成交日期 ${String(r.deal_date)}`,
          `/${cityId}/deal-history/${Number(r.estate_id)}`,
        ),
        price: Number(r.total_price),
        area: Number(r.area),
        estateId: Number(r.estate_id),
      };
    }
    case 'question': {
      const r = await one(sql`
        SELECT q.city_id, q.estate_id, q.title, q.body, q.status, q.user_id, e.name
          FROM question q LEFT JOIN estate e ON e.id = q.estate_id WHERE q.id = ${targetId}`);
      if (!r || !postVisible(r.status)) return null;
      return {
        ...empty,
        summary: base(
          Number(r.city_id),
          excerpt(String(r.title)),
          r.name ? `${String(r.name)} · 问答` : '问答',
          `/qa-detail/${targetId}`,
        ),
        status: String(r.status),
        estateId: num(r.estate_id),
        authorId: num(r.user_id),
      };
    }
    case 'answer': {
      const r = await one(sql`
        SELECT q.city_id, q.estate_id, q.id AS question_id, q.title, a.body, a.status, q.status AS question_status,
               a.user_id
          FROM answer a JOIN question q ON q.id = a.question_id WHERE a.id = ${targetId}`);
      if (!r || !postVisible(r.status) || r.question_status === 'deleted') return null;
      return {
        ...empty,
        summary: base(
          Number(r.city_id),
          excerpt(String(r.body)),
          `回答：${excerpt(String(r.title), 30)}`,
          `/qa-detail/${Number(r.question_id)}`,
        ),
        status: String(r.status),
        estateId: num(r.estate_id),
        authorId: num(r.user_id),
      };
    }
    case 'review': {
      const r = await one(sql`
        SELECT v.city_id, v.estate_id, v.body, v.status, v.user_id, e.name
          FROM review v JOIN estate e ON e.id = v.estate_id WHERE v.id = ${targetId}`);
      if (!r || !postVisible(r.status)) return null;
      return estatePost(
        r,
        excerpt(String(r.body)),
        `${String(r.name)} · 小区点评`,
        `/${Number(r.city_id)}/house-comments/${Number(r.estate_id)}/${targetId}`,
      );
    }
    case 'review_reply': {
      const r = await one(sql`
        SELECT v.city_id, v.estate_id, v.id AS review_id, x.body, x.status, v.status AS review_status, x.user_id,
               e.name
          FROM review_reply x JOIN review v ON v.id = x.review_id JOIN estate e ON e.id = v.estate_id
         WHERE x.id = ${targetId}`);
      if (!r || !postVisible(r.status) || r.review_status === 'deleted') return null;
      return estatePost(
        r,
        excerpt(String(r.body)),
        `${String(r.name)} · 点评回复`,
        `/${Number(r.city_id)}/house-comments/${Number(r.estate_id)}/${Number(r.review_id)}`,
      );
    }
    case 'note': {
      const r = await one(sql`
        SELECT n.city_id, n.estate_id, n.title, n.status, n.user_id, e.name
          FROM viewing_note n JOIN estate e ON e.id = n.estate_id WHERE n.id = ${targetId}`);
      if (!r || !postVisible(r.status)) return null;
      return estatePost(
        r,
        excerpt(String(r.title)),
        `${String(r.name)} · 看房笔记`,
        `/${Number(r.city_id)}/house-note/${Number(r.estate_id)}`,
      );
    }
  }
}

/** The table of a post target. */
export const POST_TABLES = {
  question: 'question',
  answer: 'answer',
  review: 'review',
  review_reply: 'review_reply',
  note: 'viewing_note',
} as const;
