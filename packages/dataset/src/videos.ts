// 看房视频 (PAGES.md §3.8 /{city}/house-video): short videos presented by an agent who serves the estate.
// Estates with listings in the last 18 months of the window may have one to four, of different kinds, each
// published while a listing it was filmed for was on the market. Their scenes are not stored: the server draws them from the estate's figures as of
// the month of publication, so only what identifies a video (estate, kind, unit type, date) is generated here.
// Deterministic: one Rng stream per city derived from the seed.
import type { schema } from '@fjt/db';
import { monthTitle } from '@fjt/domain';
import type { CitySeed } from './cities.ts';
import type { CityData, ListingRow } from './generate.ts';
import { hash32, Rng } from './prng.ts';
import { dayOf, dayString, monthEnd, monthIndex, monthStartDay, MONTHS, WINDOW } from './time.ts';

type VideoRow = typeof schema.video.$inferInsert;
type Layout = NonNullable<VideoRow['layout']>;

export const VIDEO_KINDS = ['tour', 'layout', 'around', 'market'] as const;
/** Five scenes of 6–9 seconds each, as the server builds them. */
const DURATION_SEC: [number, number] = [30, 45];
const PUBLISH_MONTHS = 18;

const cnNumber = ['零', '一', '两', '三', '四', '五', '六'];

function title(kind: (typeof VIDEO_KINDS)[number], estate: string, layout: Layout | null, month: string): string {
  switch (kind) {
    case 'tour':
      return `实拍${estate}：园区、楼栋与物业一次看清`;
    case 'layout':
      return `${estate}${cnNumber[layout!.rooms] ?? layout!.rooms}居室户型讲解，${Math.round(layout!.area)}㎡怎么住`;
    case 'around':
      return `${estate}周边：地铁、配套与邻近小区房价`;
    case 'market':
      return `${estate}${monthTitle(month)}行情解读`;
  }
}

/** The estate's unit types, most common first (by buildings carrying them). */
function layoutsOf(data: CityData): Map<number, Layout[]> {
  const counts = new Map<number, Map<string, { layout: Layout; n: number }>>();
  for (const b of data.buildings) {
    let byKey = counts.get(b.estateId);
    if (!byKey) counts.set(b.estateId, (byKey = new Map()));
    for (const l of b.layouts) {
      const key = `${l.rooms}-${l.halls}-${l.baths}-${l.area}`;
      const seen = byKey.get(key);
      if (seen) seen.n++;
      else byKey.set(key, { layout: l, n: 1 });
    }
  }
  const out = new Map<number, Layout[]>();
  for (const [estateId, byKey] of counts)
    out.set(
      estateId,
      [...byKey.values()].sort((a, b) => b.n - a.n || a.layout.area - b.layout.area).map((x) => x.layout),
    );
  return out;
}

export function generateVideos(city: CitySeed, data: CityData, seed: number): VideoRow[] {
  const rng = new Rng(seed, hash32(`video:${city.adcode}`));
  const from = monthStartDay(WINDOW - PUBLISH_MONTHS);
  const to = monthEnd(WINDOW - 1);
  // Agents film an estate while they have a unit of it on the market: each video hangs on a listing that was
  // on sale within the publishing window, and is published while it was.
  const listingsOf = new Map<number, ListingRow[]>();
  const onSaleOf = new Map<number, number>();
  const viewsOf = new Map<number, number>();
  for (const l of data.listings) {
    if (l.status === 'on_sale') {
      onSaleOf.set(l.estateId, (onSaleOf.get(l.estateId) ?? 0) + 1);
      viewsOf.set(l.estateId, (viewsOf.get(l.estateId) ?? 0) + (l.views30d ?? 0));
    }
    if (dayOf(l.listedAt) > to || (l.endedAt && dayOf(l.endedAt) < from)) continue;
    const list = listingsOf.get(l.estateId);
    if (list) list.push(l);
    else listingsOf.set(l.estateId, [l]);
  }
  const agentsOf = new Map<number, number[]>();
  for (const ae of data.agentEstates) {
    const list = agentsOf.get(ae.estateId);
    if (list) list.push(ae.agentId);
    else agentsOf.set(ae.estateId, [ae.agentId]);
  }
  const layouts = layoutsOf(data);
  const rows: VideoRow[] = [];
  for (const estate of data.estates) {
    const onSale = onSaleOf.get(estate.id) ?? 0;
    const listings = listingsOf.get(estate.id);
    const agents = agentsOf.get(estate.id);
    // Busier estates are filmed more often.
    if (!listings?.length || !agents?.length || !rng.chance(Math.min(0.8, 0.3 + onSale / 40))) continue;
    const count = Math.min(VIDEO_KINDS.length, 1 + rng.poisson(Math.min(2.5, onSale / 25)));
    const kinds = rng.shuffle([...VIDEO_KINDS]).slice(0, count);
    const heat = (viewsOf.get(estate.id) ?? 0) / Math.max(1, onSale);
    kinds.forEach((kind, k) => {
      const listing = rng.pick(listings);
      const first = Math.max(from, dayOf(listing.listedAt));
      const last = Math.min(to, listing.endedAt ? dayOf(listing.endedAt) - 1 : to);
      const day = rng.int(first, Math.max(first, last));
      const m = monthIndex(dayString(day));
      // A layout video explains the unit type of the listing it was filmed for, when the estate has it.
      const layout =
        kind === 'layout'
          ? ((layouts.get(estate.id) ?? []).find((l) => l.rooms === listing.rooms) ??
            layouts.get(estate.id)?.[0] ??
            null)
          : null;
      if (kind === 'layout' && !layout) return;
      const age = WINDOW - m;
      const plays = Math.round((200 + heat * 40) * age ** 0.6 * rng.logNormal(0.8));
      rows.push({
        id: estate.id * 10 + k + 1,
        cityId: city.id,
        estateId: estate.id,
        agentId: listing.agentId != null && agents.includes(listing.agentId) ? listing.agentId : rng.pick(agents),
        kind,
        // A market video reads out the month before publication, the newest complete one.
        title: title(kind, estate.name, layout, MONTHS[m - 1]!),
        layout,
        durationSec: rng.int(...DURATION_SEC),
        publishedAt: dayString(day),
        playCount: plays,
        likeCount: Math.round(plays * rng.uniform(0.01, 0.06)),
      });
    });
  }
  return rows;
}
