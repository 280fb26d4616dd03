// The content endpoints' logic. A video's five scenes are the presenter's script over the estate's own figures
// as of the newest complete month when it was published (never later than the newest published month), so what a viewer hears agrees
// with the estate page's chart for that month. Scenes share the video's length in proportion to their words.
import {
  monthTitle,
  monthEndDay,
  addMonths,
  formatMoney,
  monthWindow,
  percentChange,
  windowChange,
  roundTo,
  type VIDEO_KINDS,
  type ContentService,
  type EstateFacts,
  type EstatesService,
  type GeoService,
  type VideoDetailBody,
  type VideoScene,
} from '@fjt/domain';
import { createMemo } from '../../lib/memo.ts';
import type { WindowCounter } from '../../lib/window-counter.ts';
import type { ContentRepo, SeriesPoint, VideoRow } from './repo.ts';

const SCENE_CACHE_TTL_MS = 10 * 60_000;
/** A viewer's plays of one video count once in this window (issue 10: one play per viewer per video per hour). */
export const PLAY_WINDOW_MS = 60 * 60_000;
const TREND_MONTHS = 12;
const MIN_SCENE_SEC = 4;
const NEIGHBOUR_RADIUS_M = 1_500;
const NEIGHBOURS = 6;
/** Station farther than this is not "nearby" for a walk. */
const STATION_WALK_M = 3_000;
const METRES_PER_DEGREE = 111_000;
const WALK_M_PER_MIN = 80;

type Script = Omit<VideoScene, 'startSec' | 'seconds'>;

const perSqm = (v: number | null | undefined) => `${formatMoney(v)}元/㎡`;
const wan = (yuan: number) => `${formatMoney(yuan, 'thousand')}万`;

/** '环比上涨1.2%', '环比持平'; empty when unknown. */
function momPhrase(change: number | null): string {
  if (change === null) return '';
  const r = roundTo(change, 1);
  if (r === 0) return '环比持平';
  return r > 0 ? `环比上涨${r}%` : `环比下跌${Math.abs(r)}%`;
}

/** Change over a line, '上涨3.2%' / '下跌1.1%' / '基本持平'; null without data now (windowChange). */
function lineChange(points: SeriesPoint[]): string | null {
  const change = windowChange(points.map((p) => p.listingAvg));
  if (change === null) return null;
  const r = roundTo(change, 1);
  return r === 0 ? '基本持平' : r > 0 ? `上涨${r}%` : `下跌${Math.abs(r)}%`;
}

/** Splits `total` seconds over the scenes: MIN_SCENE_SEC each, the rest by caption length. */
export function timeScenes(scripts: Script[], total: number): VideoScene[] {
  const spare = Math.max(0, total - MIN_SCENE_SEC * scripts.length);
  const words = scripts.reduce((n, s) => n + s.caption.length, 0) || 1;
  const shares = scripts.map((s) => (spare * s.caption.length) / words);
  const seconds = shares.map((x) => MIN_SCENE_SEC + Math.floor(x));
  // Largest remainders get the seconds left over, so the scenes add up to the video's length exactly.
  let left = Math.max(total, MIN_SCENE_SEC * scripts.length) - seconds.reduce((a, b) => a + b, 0);
  const order = shares.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    seconds[i]!++;
    left--;
  }
  let start = 0;
  return scripts.map((s, i) => {
    const scene = { ...s, startSec: start, seconds: seconds[i]! };
    start += seconds[i]!;
    return scene;
  });
}

interface Context {
  video: VideoRow;
  facts: EstateFacts;
  lng: number;
  lat: number;
  plateId: number;
  districtId: number;
  /** The month the figures are of and the last day of it. */
  month: string;
  day: string;
  estate: SeriesPoint[];
  plate: SeriesPoint[];
}

/** One point per month of the window; a month without a series row had nothing on sale and no deal. */
function onGrid(rows: SeriesPoint[], months: string[]): SeriesPoint[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map(
    (month) =>
      byMonth.get(month) ?? { month, listingAvg: null, listingCount: 0, dealAvg: null, dealCount: 0, premium: null },
  );
}

const at = (rows: SeriesPoint[], month: string) => rows.find((r) => r.month === month) ?? null;

function listingHeadline(c: Context): Script {
  const now = at(c.estate, c.month);
  const before = at(c.estate, addMonths(c.month, -1));
  const change = percentChange(before?.listingAvg, now?.listingAvg);
  const count = now?.listingCount ?? 0;
  return {
    title: '挂牌价格',
    caption:
      now?.listingAvg != null
        ? `${monthTitle(c.month)}，小区在售${count}套，挂牌均价${perSqm(now.listingAvg)}${momPhrase(change) ? `，${momPhrase(change)}` : ''}。`
        : `${monthTitle(c.month)}，小区暂时没有在售房源，挂牌均价要等有新房源挂出再看。`,
    visual: {
      type: 'headline',
      label: `${monthTitle(c.month)}挂牌均价`,
      value: perSqm(now?.listingAvg),
      change,
      note: `在售${count}套`,
    },
  };
}

function premiumHeadline(c: Context): Script {
  const premium = at(c.estate, c.month)?.premium ?? null;
  const p = premium === null ? null : roundTo(premium, 2);
  let caption: string;
  if (p === null) caption = '上个月小区没有成交，暂时算不出房东溢价系数，可以参考周边小区的成交价。';
  else if (p >= 1.05)
    caption = `房东溢价系数${p.toFixed(2)}，挂牌价比上月成交价高${roundTo((p - 1) * 100, 1)}%，看中了可以大胆谈价。`;
  else if (p <= 0.98) caption = `房东溢价系数${p.toFixed(2)}，挂牌价已经低于上月成交价，房东出货意愿比较强。`;
  else caption = `房东溢价系数${p.toFixed(2)}，挂牌价和上月成交价差不多，议价空间不大。`;
  return {
    title: '房东溢价',
    caption,
    visual: {
      type: 'headline',
      label: '房东溢价系数',
      value: p === null ? '--' : p.toFixed(2),
      change: null,
      note: '本月挂牌价 ÷ 上月成交价',
    },
  };
}

function trendScene(c: Context): Script {
  const estateChange = lineChange(c.estate);
  const plateChange = lineChange(c.plate);
  const parts = [
    estateChange ? `近12个月小区挂牌均价${estateChange}` : '小区近12个月挂牌数据不多',
    plateChange ? `所在板块${plateChange}` : null,
  ].filter(Boolean);
  return {
    title: '价格走势',
    caption: `${parts.join('，')}。`,
    visual: {
      type: 'trend',
      unit: '元/㎡',
      lines: [
        { name: c.video.estateName, points: c.estate.map((p) => ({ month: p.month, value: p.listingAvg })) },
        { name: `${c.video.plateName}板块`, points: c.plate.map((p) => ({ month: p.month, value: p.listingAvg })) },
      ],
    },
  };
}

/** What share of the listings on sale the video's room count is, and which room count leads. */
export function roomShare(byRooms: { rooms: number; count: number }[], rooms: number): string {
  const onSale = byRooms.reduce((n, r) => n + r.count, 0);
  if (onSale === 0) return '这个月小区没有在售房源，户型占比要等新房源挂出再看。';
  const name = (r: number) => (r === 5 ? '5居及以上' : `${r}居室`);
  const most = Math.max(...byRooms.map((r) => r.count));
  const leaders = byRooms.filter((r) => r.count === most).map((r) => r.rooms);
  const own = byRooms.find((r) => r.rooms === rooms)?.count ?? 0;
  const share = `${Math.round((own * 100) / onSale)}%`;
  if (leaders.length > 1 && leaders.includes(rooms))
    return `在售${onSale}套里，${leaders.map(name).join('和')}并列最多，各${most}套。`;
  if (leaders.length === 1 && leaders[0] === rooms)
    return `在售${onSale}套里${name(rooms)}最多，有${own}套，占${share}。`;
  const lead =
    leaders.length > 1 ? `${leaders.map(name).join('和')}最多，各${most}套` : `${name(leaders[0]!)}最多，有${most}套`;
  return `在售${onSale}套里${lead}；${name(rooms)}${own ? `${own}套，占${share}` : '暂时没有'}。`;
}

function joinPhrases(parts: (string | number | null | false | undefined)[]): string {
  return parts.filter(Boolean).join('，');
}

export function createContentService(
  repo: ContentRepo,
  geo: GeoService,
  estates: EstatesService,
  /** Who has played which video this hour (PLAY_WINDOW_MS). */
  plays: WindowCounter,
): Omit<ContentService, 'articles' | 'article'> & { invalidate(): void } {
  const scenesOf = createMemo<{ month: string | null; scenes: VideoScene[] }>({ ttlMs: SCENE_CACHE_TTL_MS });

  async function tour(c: Context): Promise<Script[]> {
    const f = c.facts;
    const buildings = (await estates.buildingAnalysis(c.video.estateId))?.list ?? [];
    const maxFloors = Math.max(0, ...buildings.map((b) => b.floors));
    const withLift = buildings.filter((b) => b.hasElevator).length;
    const ratios = new Map<string, number>();
    for (const b of buildings) ratios.set(b.elevatorRatio, (ratios.get(b.elevatorRatio) ?? 0) + 1);
    const commonRatio = [...ratios].sort((a, b) => b[1] - a[1])[0]?.[0];
    const lift =
      buildings.length === 0
        ? null
        : withLift === buildings.length
          ? '每栋楼都有电梯'
          : withLift === 0
            ? '楼栋都没有电梯，看高楼层要考虑爬楼'
            : `${withLift}栋楼有电梯`;
    const g = f.greeningRate === null ? null : Math.round(f.greeningRate * 100);
    const density =
      f.plotRatio === null
        ? null
        : f.plotRatio < 1.5
          ? '居住密度低，楼间距宽'
          : f.plotRatio < 2.8
            ? '密度适中'
            : '楼栋比较密，看房时留意采光';
    const fee = f.propertyFee === null ? null : `${roundTo(f.propertyFee, 2)}元/㎡·月`;
    const parking = f.parkingRatio !== null && f.parkingRatio > 0 ? `1:${roundTo(f.parkingRatio, 2)}` : null;
    return [
      {
        title: '小区概况',
        caption: `${joinPhrases([
          `${f.name}位于${c.video.districtName}${c.video.plateName}`,
          f.buildYear && `${f.buildYear}年建成`,
          f.buildingCount && `共${f.buildingCount}栋楼`,
          f.householdCount && `${f.householdCount}户人家`,
        ])}。`,
        visual: {
          type: 'skyline',
          buildings: buildings.slice(0, 8).map((b) => ({ name: b.name, floors: b.floors })),
        },
      },
      {
        title: '楼栋',
        caption: `${joinPhrases([
          f.buildingType ? `小区以${f.buildingType}为主` : '小区楼栋类型未登记',
          maxFloors > 0 && `最高${maxFloors}层`,
          lift,
        ])}。`,
        visual: {
          type: 'figures',
          items: [
            { label: '建筑类型', value: f.buildingType ?? '--' },
            { label: '最高楼层', value: maxFloors > 0 ? `${maxFloors}层` : '--' },
            { label: '电梯', value: buildings.length ? `${withLift}/${buildings.length}栋` : '--' },
            { label: '常见梯户比', value: commonRatio ?? '--' },
          ],
        },
      },
      {
        title: '园区环境',
        caption: `${joinPhrases([
          g !== null ? `绿化率${g}%` : '绿化率未登记',
          f.plotRatio !== null && `容积率${roundTo(f.plotRatio, 2)}`,
          density,
        ])}。`,
        visual: {
          type: 'gauges',
          items: [
            { label: '绿化率', ratio: f.greeningRate ?? 0, text: g === null ? '--' : `${g}%` },
            {
              label: '容积率',
              ratio: f.plotRatio === null ? 0 : Math.min(1, f.plotRatio / 5),
              text: f.plotRatio === null ? '--' : String(roundTo(f.plotRatio, 2)),
            },
          ],
        },
      },
      {
        title: '物业与车位',
        caption: `${joinPhrases([
          f.propertyCompany ? `物业由${f.propertyCompany}管理` : '物业公司未登记',
          fee && `物业费${fee}`,
          parking && `车位比${parking}`,
        ])}。`,
        visual: {
          type: 'figures',
          items: [
            { label: '物业公司', value: f.propertyCompany ?? '--' },
            { label: '物业费', value: fee ?? '--' },
            { label: '车位比', value: parking ?? '--' },
            { label: '产权年限', value: f.tenureYears ? `${f.tenureYears}年` : '--' },
          ],
        },
      },
      listingHeadline(c),
    ];
  }

  async function layout(c: Context): Promise<Script[]> {
    const l = c.video.layout!;
    const rooms = Math.min(l.rooms, 5);
    const [byRooms, deals] = await Promise.all([
      repo.listingsByRooms(c.video.estateId, c.day),
      repo.dealsOfRooms(c.video.estateId, rooms, c.day),
    ]);
    const same = byRooms.find((r) => r.rooms === rooms);
    const roomName = `${rooms}居室`;
    return [
      {
        title: '户型',
        caption: `这套${l.rooms}室${l.halls}厅${l.baths}卫，建筑面积约${Math.round(l.area)}㎡，是${c.facts.name}常见的户型。`,
        visual: { type: 'floorplan', rooms: l.rooms, halls: l.halls, baths: l.baths, area: l.area },
      },
      {
        title: '在售同居室',
        caption: same
          ? `${monthTitle(c.month)}小区在售${roomName}${same.count}套，挂牌均价${perSqm(same.unitAvg)}，按${Math.round(l.area)}㎡算总价约${wan(same.unitAvg * l.area)}。`
          : `${monthTitle(c.month)}小区没有在售的${roomName}，可以订阅小区，有新房源第一时间知道。`,
        visual: {
          type: 'figures',
          items: [
            { label: `在售${roomName}`, value: `${same?.count ?? 0}套` },
            { label: '挂牌均价', value: perSqm(same?.unitAvg) },
            { label: '平均总价', value: same ? wan(same.totalAvg) : '--' },
            { label: `${Math.round(l.area)}㎡约`, value: same ? wan(same.unitAvg * l.area) : '--' },
          ],
        },
      },
      {
        title: '户型占比',
        caption: roomShare(byRooms, rooms),
        visual: {
          type: 'bars',
          unit: '套',
          items: byRooms.map((r) => ({
            label: r.rooms === 5 ? '5居+' : `${r.rooms}居`,
            value: r.count,
            highlight: r.rooms === rooms,
          })),
        },
      },
      {
        title: '同居室成交',
        caption:
          deals.count > 0
            ? `${joinPhrases([
                `近12个月${roomName}成交${deals.count}套`,
                `成交均价${perSqm(deals.unitAvg)}`,
                deals.bargainPct !== null && `平均议价空间${deals.bargainPct}%`,
              ])}。`
            : `近12个月小区没有${roomName}成交，可以参考小区整体的成交价。`,
        visual: {
          type: 'figures',
          items: [
            { label: '近12月成交', value: `${deals.count}套` },
            { label: '成交均价', value: perSqm(deals.unitAvg) },
            { label: '议价空间', value: deals.bargainPct === null ? '--' : `${deals.bargainPct}%` },
          ],
        },
      },
      premiumHeadline(c),
    ];
  }

  async function around(c: Context): Promise<Script[]> {
    const [station, near, district, city] = await Promise.all([
      repo.station(c.video.estateId),
      repo.neighbours(
        { id: c.video.estateId, cityId: c.video.cityId, lng: c.lng, lat: c.lat },
        NEIGHBOUR_RADIUS_M,
        c.month,
        NEIGHBOURS,
      ),
      repo.series('district', c.districtId, c.month, c.month),
      repo.series('city', c.video.cityId, c.month, c.month),
    ]);
    const cos = Math.cos((c.lat * Math.PI) / 180);
    const offset = (p: { lng: number; lat: number }) => ({
      dx: Math.round((p.lng - c.lng) * METRES_PER_DEGREE * cos),
      dy: Math.round((p.lat - c.lat) * METRES_PER_DEGREE),
    });
    const stationAt = station ? { name: station.name, ...offset(station) } : null;
    // The distance the estate page shows (estate.station_distance_m), so the two never disagree.
    const distanceM = c.facts.stationDistanceM;
    const walkable = stationAt !== null && distanceM !== null && distanceM <= STATION_WALK_M;
    const own = at(c.estate, c.month)?.listingAvg ?? null;
    const priced = near.filter((n) => n.listingAvg !== null) as { name: string; listingAvg: number }[];
    const ranked = [...priced.map((n) => ({ name: n.name, value: n.listingAvg, self: false }))];
    if (own !== null) ranked.push({ name: c.video.estateName, value: own, self: true });
    ranked.sort((a, b) => b.value - a.value);
    const position = ranked.findIndex((r) => r.self) + 1;
    const plateNow = at(c.plate, c.month);
    const plateChange = percentChange(at(c.plate, addMonths(c.month, -1))?.listingAvg, plateNow?.listingAvg);
    const districtAvg = district[0]?.listingAvg ?? null;
    const cityAvg = city[0]?.listingAvg ?? null;
    const versus = (name: string, avg: number | null) => {
      const d = percentChange(avg, own);
      if (d === null) return null;
      const r = roundTo(d, 1);
      return r === 0 ? `和${name}均价持平` : `比${name}均价${r > 0 ? '高' : '低'}${Math.abs(r)}%`;
    };
    return [
      {
        title: '交通',
        caption:
          walkable && distanceM !== null
            ? `${c.video.estateName}距地铁${stationAt!.name}站约${distanceM}米，步行约${Math.max(1, Math.ceil(distanceM / WALK_M_PER_MIN))}分钟。`
            : '小区附近没有步行可达的地铁站，出行以公交和自驾为主。',
        visual: {
          type: 'map',
          radiusM: NEIGHBOUR_RADIUS_M,
          station: walkable && distanceM !== null ? { ...stationAt!, distanceM } : null,
          neighbours: near.map((n) => ({ name: n.name, ...offset(n), listingAvg: n.listingAvg })),
        },
      },
      {
        title: '邻近小区',
        caption:
          priced.length > 0 && own !== null
            ? `周边${priced.length}个小区挂牌均价${formatMoney(Math.min(...priced.map((p) => p.listingAvg)))}到${perSqm(Math.max(...priced.map((p) => p.listingAvg)))}，本小区在这${ranked.length}个小区里排第${position}。`
            : '周边1.5公里内暂时没有可比的小区挂牌数据。',
        visual: {
          type: 'bars',
          unit: '元/㎡',
          items: ranked.map((r) => ({ label: r.name, value: r.value, highlight: r.self })),
        },
      },
      {
        title: '所在板块',
        caption:
          plateNow?.listingAvg != null
            ? `${joinPhrases([
                `${c.video.plateName}板块${monthTitle(c.month)}挂牌均价${perSqm(plateNow.listingAvg)}`,
                momPhrase(plateChange),
                `当月成交${plateNow.dealCount}套`,
              ])}。`
            : `${c.video.plateName}板块这个月没有挂牌数据。`,
        visual: {
          type: 'figures',
          items: [
            { label: '板块挂牌均价', value: perSqm(plateNow?.listingAvg) },
            { label: '环比', value: momPhrase(plateChange).replace('环比', '') || '--' },
            { label: '在售', value: `${plateNow?.listingCount ?? 0}套` },
            { label: '当月成交', value: `${plateNow?.dealCount ?? 0}套` },
          ],
        },
      },
      trendScene(c),
      {
        title: '区域对比',
        caption:
          own === null
            ? '小区这个月没有挂牌均价，可以先看看区县和全市的价格。'
            : `${joinPhrases([`本小区${versus(c.video.districtName, districtAvg) ?? '暂无区县均价可比'}`, versus('全市', cityAvg)])}。`,
        visual: {
          type: 'bars',
          unit: '元/㎡',
          items: [
            ...(own === null ? [] : [{ label: '本小区', value: own, highlight: true }]),
            ...(districtAvg === null ? [] : [{ label: c.video.districtName, value: districtAvg, highlight: false }]),
            ...(cityAvg === null ? [] : [{ label: '全市', value: cityAvg, highlight: false }]),
          ],
        },
      },
    ];
  }

  async function market(c: Context): Promise<Script[]> {
    const now = at(c.estate, c.month);
    const cycle = await repo.cycleDays(c.video.estateId, c.month);
    const lastSix = c.estate.slice(-6);
    const sum = lastSix.reduce((n, p) => n + p.dealCount, 0);
    const busiest = [...lastSix].sort((a, b) => b.dealCount - a.dealCount || b.month.localeCompare(a.month))[0];
    return [
      listingHeadline(c),
      trendScene(c),
      {
        title: '成交',
        caption:
          now && now.dealCount > 0
            ? `${joinPhrases([
                `${monthTitle(c.month)}小区成交${now.dealCount}套`,
                `成交均价${perSqm(now.dealAvg)}`,
                cycle !== null && `平均${cycle}天成交`,
              ])}。`
            : `${monthTitle(c.month)}小区没有成交，最近的成交价可以在成交记录里查。`,
        visual: {
          type: 'figures',
          items: [
            { label: '在售', value: `${now?.listingCount ?? 0}套` },
            { label: '当月成交', value: `${now?.dealCount ?? 0}套` },
            { label: '成交均价', value: perSqm(now?.dealAvg) },
            { label: '成交周期', value: cycle === null ? '--' : `${cycle}天` },
          ],
        },
      },
      premiumHeadline(c),
      {
        title: '成交量',
        caption:
          sum === 0 || !busiest
            ? '近6个月小区没有成交，挂牌价是主要参考。'
            : sum === 1
              ? `近6个月只成交了1套，在${monthTitle(busiest.month)}，成交少的小区更要多比较挂牌价。`
              : `近6个月共成交${sum}套，${monthTitle(busiest.month)}最多，有${busiest.dealCount}套。`,
        visual: {
          type: 'bars',
          unit: '套',
          items: lastSix.map((p) => ({
            label: `${Number(p.month.slice(5, 7))}月`,
            value: p.dealCount,
            highlight: p.month === c.month,
          })),
        },
      },
    ];
  }

  const SCRIPTS = { tour, layout, around, market } satisfies Record<keyof typeof VIDEO_KINDS, unknown>;

  async function buildScenes(video: VideoRow): Promise<{ month: string | null; scenes: VideoScene[] }> {
    const [facts, basic, latest] = await Promise.all([
      estates.facts(video.estateId),
      estates.basicInfo(video.estateId),
      repo.latestMonth(video.cityId),
    ]);
    if (!facts || !basic || !latest) return { month: null, scenes: [] };
    // The newest complete month when the video was made: the month before publication.
    const made = addMonths(video.publishedAt.slice(0, 7), -1);
    const month = made < latest ? made : latest;
    const months = monthWindow(month, TREND_MONTHS);
    const [estate, plate] = await Promise.all([
      repo.series('estate', video.estateId, months[0]!, month),
      repo.series('plate', basic.plateId, months[0]!, month),
    ]);
    const context: Context = {
      video,
      facts,
      lng: basic.lng,
      lat: basic.lat,
      plateId: basic.plateId,
      districtId: basic.districtId,
      month,
      day: monthEndDay(month),
      estate: onGrid(estate, months),
      plate: onGrid(plate, months),
    };
    const scripts = await SCRIPTS[video.kind](context);
    return { month, scenes: timeScenes(scripts, video.durationSec) };
  }

  return {
    async list(input) {
      if (!(await geo.getCity(input.cityId))) return null;
      let estate = null;
      if (input.estateId !== undefined) {
        const head = await repo.estateHead(input.estateId);
        if (!head || head.cityId !== input.cityId) return null;
        estate = { id: head.id, name: head.name, districtName: head.districtName, plateName: head.plateName };
      }
      const { total, rows } = await repo.videoPage(input);
      return { type: input.type, total, page: input.page, size: input.size, list: rows, estate };
    },

    async videoDetail(id): Promise<VideoDetailBody | null> {
      const video = await repo.video(id);
      if (!video) return null;
      const { layout: _layout, ...card } = video;
      const { month, scenes } = await scenesOf.get(String(id), () => buildScenes(video));
      return { ...card, month, scenes };
    },

    async play(id, viewer) {
      const { allowed } = await plays.take(`${viewer}:${id}`, 1, PLAY_WINDOW_MS);
      const playCount = allowed ? await repo.addPlay(id) : await repo.playCount(id);
      return playCount === null ? null : { id, playCount };
    },

    invalidate() {
      scenesOf.clear();
    },
  };
}
