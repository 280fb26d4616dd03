// The reports' logic (PAGES.md §3.4): which month and week a report is of, the figures of a price_series row
// with MoM/YoY, week windows (Monday–Sunday) over the listing, price-change and deal rows, the summary copy,
// and the certificates issued for an estate report.
import { randomInt } from 'node:crypto';
import {
  monthTitle,
  TOTAL_PRICE_BANDS,
  addMonths,
  formatMoney,
  formatRate,
  monthWindow,
  percentChange,
  type AreaReportBody,
  type CertificateBody,
  type CityReportBody,
  type EstatePlateRank,
  type EstateWeeklyBody,
  type EstateWeeklyQuery,
  type GeoService,
  type PriceIndexRow,
  type ReportAreaRow,
  type ReportTrendPoint,
  type ReportsService,
  type SeriesFigures,
  type WeekRange,
  type WeeklyReportBody,
  DEAL_FREE_ROWS,
  NON_MEMBER,
  dealsUnlocked,
} from '@fjt/domain';
import { dealMasked, historyPosition, presentWeekDeal } from '../estates/service.ts';
import type { ChildSeriesRow, ReportsRepo, Scope, ScopeLevel, SeriesRow, SupplyRow } from './repo.ts';
import { createMemo } from '../../lib/memo.ts';

/** Months offered by the month pickers. */
const MONTH_CHOICES = 24;
const TREND_MONTHS = 12;
/** Weeks in the week reports' archive. */
const WEEK_CHOICES = 12;
const HOT_ESTATES = 5;
const SUPPLY_ROWS = 5;
const OPENING_ROWS = 10;

const DAY_MS = 86_400_000;
const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The archive of complete weeks, newest first: the newest ends on the last Sunday on or before the data's
 * newest day, so a week report never shows a week that is still filling up.
 */
export function weekArchive(latestDay: string, count: number): WeekRange[] {
  const lastSunday = shiftDay(latestDay, -((weekdayIndex(latestDay) + 1) % 7));
  return Array.from({ length: count }, (_, i) => {
    const end = shiftDay(lastSunday, -7 * i);
    return { start: shiftDay(end, -6), end };
  });
}

/** The requested week when it is in the archive, else the newest. */
function pickWeek(weeks: WeekRange[], start: string | undefined): WeekRange | null {
  return weeks.find((w) => w.start === start) ?? weeks[0] ?? null;
}

/** The requested month when it is published, else the newest published one. */
function pickMonth(months: string[], month: string | undefined): string | null {
  return month && months.includes(month) ? month : (months[0] ?? null);
}

const EMPTY_FIGURES: SeriesFigures = {
  listingAvg: null,
  dealAvg: null,
  listingCount: 0,
  dealCount: 0,
  premium: null,
  listingMom: null,
  listingYoy: null,
  dealMom: null,
  dealYoy: null,
};

function figuresOf(rows: SeriesRow[], month: string | null): SeriesFigures {
  if (!month) return EMPTY_FIGURES;
  const at = (m: string) => rows.find((r) => r.month === m);
  const now = at(month);
  const prev = at(addMonths(month, -1));
  const yearAgo = at(addMonths(month, -12));
  if (!now) return EMPTY_FIGURES;
  return {
    listingAvg: now.listingAvg,
    dealAvg: now.dealAvg,
    listingCount: now.listingCount,
    dealCount: now.dealCount,
    premium: now.premium,
    listingMom: percentChange(prev?.listingAvg, now.listingAvg),
    listingYoy: percentChange(yearAgo?.listingAvg, now.listingAvg),
    dealMom: percentChange(prev?.dealAvg, now.dealAvg),
    dealYoy: percentChange(yearAgo?.dealAvg, now.dealAvg),
  };
}

function trendOf(rows: SeriesRow[], parentRows: SeriesRow[], month: string | null): ReportTrendPoint[] {
  if (!month) return [];
  return monthWindow(month, TREND_MONTHS).map((m) => {
    const row = rows.find((r) => r.month === m);
    return {
      month: m,
      listingAvg: row?.listingAvg ?? null,
      dealAvg: row?.dealAvg ?? null,
      parentListingAvg: parentRows.find((r) => r.month === m)?.listingAvg ?? null,
    };
  });
}

function areaRow(r: ChildSeriesRow): ReportAreaRow {
  return {
    id: r.id,
    name: r.name,
    listingAvg: r.listingAvg,
    listingMom: percentChange(r.previousListingAvg, r.listingAvg),
    dealAvg: r.dealAvg,
    dealCount: r.dealCount,
    listingCount: r.listingCount,
  };
}

function segmentsOf(bands: { band: number; dealCount: number }[]) {
  return TOTAL_PRICE_BANDS.map((b) => ({
    label: b.label,
    dealCount: bands.find((x) => x.band === b.band)?.dealCount ?? 0,
  }));
}

function supplyRow(r: SupplyRow) {
  return { ...r, openingDate: r.openingDate ?? null };
}

/** '挂牌均价29,350元/㎡，环比上涨1.2%' without the arrow, as a sentence part. */
function priceClause(label: string, avg: number | null, mom: number | null): string | null {
  if (avg === null) return null;
  const rate = formatRate(mom).text.replace(/[↑↓]$/, '');
  return `${label}${formatMoney(avg)}元/㎡${mom === null ? '' : `，环比${rate}`}`;
}

/** The report's one-paragraph conclusion from its own figures. */
function summaryOf(name: string, month: string | null, f: SeriesFigures, extra: string[]): string {
  if (!month) return `${name}暂无已发布的月度数据。`;
  const parts = [
    priceClause('二手房挂牌均价', f.listingAvg, f.listingMom),
    priceClause('成交均价', f.dealAvg, f.dealMom),
    `当月成交${f.dealCount}套，月末在售${f.listingCount}套`,
    ...extra,
  ].filter(Boolean);
  return `${monthTitle(month)}，${name}${parts.join('；')}。`;
}

function indicesOf(
  rows: { basis: string; newHouseIdx: number; secondHandIdx: number }[],
  own: SeriesFigures,
): PriceIndexRow[] {
  const mom = rows.find((r) => r.basis === 'mom');
  const yoy = rows.find((r) => r.basis === 'yoy');
  const index = (v: number | null) => (v === null ? null : Math.round((100 + v) * 10) / 10);
  const list: PriceIndexRow[] = [];
  if (mom || yoy) {
    list.push(
      {
        source: '国家统计局',
        name: '新建商品住宅价格指数',
        mom: mom?.newHouseIdx ?? null,
        yoy: yoy?.newHouseIdx ?? null,
      },
      {
        source: '国家统计局',
        name: '二手住宅价格指数',
        mom: mom?.secondHandIdx ?? null,
        yoy: yoy?.secondHandIdx ?? null,
      },
    );
  }
  list.push({
    source: '房价通',
    name: '二手房挂牌均价指数',
    mom: index(own.listingMom),
    yoy: index(own.listingYoy),
  });
  return list;
}

function newCertificateId(): string {
  let id = 'FJT';
  for (let i = 0; i < 11; i++) id += CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)];
  return id;
}

/** Reports change only when data is loaded: each answer is kept 10 minutes (invalidate() after an import). */
const CACHE_TTL_MS = 10 * 60_000;

export function createReportsService(repo: ReportsRepo, geo: GeoService): ReportsService & { invalidate(): void } {
  const service = createUncachedReportsService(repo, geo);
  const memo = createMemo<unknown>({ ttlMs: CACHE_TTL_MS });
  const cached =
    <Q, R>(name: string, compute: (query: Q) => Promise<R>) =>
    (query: Q) =>
      memo.get(`${name}:${JSON.stringify(query)}`, () => compute(query)) as Promise<R>;
  const estateWeekly = cached('estateWeekly', (query: EstateWeeklyQuery) => service.estateWeekly(query));
  return {
    ...service,
    area: cached('area', service.area),
    city: cached('city', service.city),
    weekly: cached('weekly', service.weekly),
    // Kept in full; each answer is masked on its way out, for the viewer asking (a member costs no query).
    async estateWeekly(query, viewer = NON_MEMBER) {
      const report = await estateWeekly(query);
      if (!report || dealsUnlocked(viewer, report.cityId) || report.deals.length === 0) return report;
      const latest = (await repo.latestDealIds([report.estateId], DEAL_FREE_ROWS)).get(report.estateId) ?? [];
      const deals = report.deals.map((d) =>
        presentWeekDeal(d, dealMasked(historyPosition(d.id, latest), viewer, report.cityId)),
      );
      return { ...report, deals };
    },
    estatePlateRank: cached('rank', service.estatePlateRank),
    invalidate: () => memo.clear(),
  };
}

function createUncachedReportsService(repo: ReportsRepo, geo: GeoService): ReportsService {
  /** price_series rows of a target for the 12-month trend and the YoY month. */
  const seriesFor = (level: ScopeLevel, id: number, month: string | null) =>
    month ? repo.series(level, id, addMonths(month, -TREND_MONTHS), month) : Promise.resolve([]);

  const weeksOf = async (cityId: number) => {
    const latest = await repo.latestDay(cityId);
    return latest ? weekArchive(latest, WEEK_CHOICES) : [];
  };

  const weekFigures = async (scope: Scope, week: WeekRange | null) =>
    week
      ? repo.weekCounts(scope, week.start, week.end)
      : { newListingCount: 0, priceCutCount: 0, priceRiseCount: 0, dealCount: 0, dealAvg: null };

  const certificateBody = async (id: string): Promise<CertificateBody | null> => {
    const row = await repo.certificate(id);
    if (!row || row.kind !== 'estate') return null;
    return { ...row, kind: 'estate' };
  };

  return {
    async area(query): Promise<AreaReportBody | null> {
      const city = await geo.getCity(query.cityId);
      if (!city) return null;
      const districts = await repo.districts(city.id);
      const district = query.districtId ? districts.find((d) => d.id === query.districtId) : districts[0];
      if (!district) return null;
      const months = await repo.publishedMonths(city.id, MONTH_CHOICES);
      const month = pickMonth(months, query.month);
      const scope: Scope = { level: 'district', id: district.id };
      const [rows, cityRows, plates, activity, bands, supply] = await Promise.all([
        seriesFor('district', district.id, month),
        seriesFor('city', city.id, month),
        month ? repo.children(scope as { level: 'district'; id: number }, month, addMonths(month, -1)) : [],
        month ? repo.monthActivity(scope, month) : { avgCycleDays: null, avgBargainPct: null, newListingCount: 0 },
        month ? repo.dealBands(scope, month) : [],
        repo.districtSupply(district.id, SUPPLY_ROWS),
      ]);
      const figures = figuresOf(rows, month);
      const cityFigures = figuresOf(cityRows, month);
      const extra: string[] = [];
      if (figures.listingAvg !== null && cityFigures.listingAvg) {
        const gap = percentChange(cityFigures.listingAvg, figures.listingAvg)!;
        extra.push(`挂牌均价${gap >= 0 ? '高于' : '低于'}全市${Math.abs(gap).toFixed(1)}%`);
      }
      const top = plates.find((p) => p.listingAvg !== null);
      if (top) extra.push(`均价最高的板块是${top.name}`);
      return {
        cityId: city.id,
        cityName: city.name,
        districtId: district.id,
        districtName: district.name,
        districts,
        month,
        months,
        figures,
        city: cityFigures,
        activity,
        trend: trendOf(rows, cityRows, month),
        plates: plates.map(areaRow),
        segments: segmentsOf(bands),
        newSupply: supply.map(supplyRow),
        summary: summaryOf(district.name, month, figures, extra),
      };
    },

    async city(query): Promise<CityReportBody | null> {
      const city = await geo.getCity(query.cityId);
      if (!city) return null;
      const months = await repo.publishedMonths(city.id, MONTH_CHOICES);
      const month = pickMonth(months, query.month);
      const scope: Scope = { level: 'city', id: city.id };
      const [rows, districts, activity, bands, openings, nbs] = await Promise.all([
        seriesFor('city', city.id, month),
        month ? repo.children({ level: 'city', id: city.id }, month, addMonths(month, -1)) : [],
        month ? repo.monthActivity(scope, month) : { avgCycleDays: null, avgBargainPct: null, newListingCount: 0 },
        month ? repo.dealBands(scope, month) : [],
        month ? repo.cityOpenings(city.id, month, OPENING_ROWS) : [],
        month ? repo.nbsIndices(city.id, month) : [],
      ]);
      const figures = figuresOf(rows, month);
      const extra: string[] = [];
      if (activity.avgCycleDays !== null) extra.push(`平均成交周期${activity.avgCycleDays}天`);
      if (openings.length > 0) extra.push(`新房开盘${openings.length}个`);
      return {
        cityId: city.id,
        cityName: city.name,
        month,
        months,
        figures,
        activity,
        trend: trendOf(rows, [], month),
        districts: districts.map(areaRow),
        segments: segmentsOf(bands),
        openings: openings.map(supplyRow),
        indices: month ? indicesOf(nbs, figures) : [],
        summary: summaryOf(city.name, month, figures, extra),
      };
    },

    async weekly(query): Promise<WeeklyReportBody | null> {
      const city = await geo.getCity(query.cityId);
      if (!city) return null;
      let level: WeeklyReportBody['level'] = 'city';
      let target: WeeklyReportBody['target'] = { id: city.id, name: city.name, districtId: null };
      if (query.plateId) {
        const plate = await repo.plate(query.plateId);
        if (!plate || plate.cityId !== city.id) return null;
        if (query.districtId && query.districtId !== plate.districtId) return null;
        level = 'plate';
        target = { id: plate.id, name: plate.name, districtId: plate.districtId };
      } else if (query.districtId) {
        const district = (await repo.districts(city.id)).find((d) => d.id === query.districtId);
        if (!district) return null;
        level = 'district';
        target = { id: district.id, name: district.name, districtId: district.id };
      }
      const scope: Scope = { level, id: target.id };
      const [weeks, months] = await Promise.all([weeksOf(city.id), repo.publishedMonths(city.id, 1)]);
      const week = pickWeek(weeks, query.week);
      const previousWeek = week ? { start: shiftDay(week.start, -7), end: shiftDay(week.end, -7) } : null;
      const month = months[0] ?? null;
      const [figures, previous, series, areas, hotEstates] = await Promise.all([
        weekFigures(scope, week),
        weekFigures(scope, previousWeek),
        month ? repo.series(level, target.id, addMonths(month, -1), month) : Promise.resolve([]),
        week && level !== 'plate'
          ? repo.weekAreas({ level: level as 'city' | 'district', id: target.id }, week.start, week.end)
          : Promise.resolve([]),
        week ? repo.hotEstates(scope, week.start, week.end, HOT_ESTATES) : Promise.resolve([]),
      ]);
      const monthFigures = figuresOf(series, month);
      return {
        cityId: city.id,
        cityName: city.name,
        level,
        target,
        week,
        weeks,
        figures,
        previous,
        dealAvgWow: percentChange(previous.dealAvg, figures.dealAvg),
        month,
        listingAvg: monthFigures.listingAvg,
        listingMom: monthFigures.listingMom,
        areas,
        hotEstates,
      };
    },

    async estateWeekly(query): Promise<EstateWeeklyBody | null> {
      const estate = await repo.estate(query.estateId);
      if (!estate) return null;
      const weeks = await weeksOf(estate.cityId);
      const week = pickWeek(weeks, query.week);
      const scope: Scope = { level: 'estate', id: estate.id };
      const previousWeek = week ? { start: shiftDay(week.start, -7), end: shiftDay(week.end, -7) } : null;
      const [figures, previous, askingAvg, previousAskingAvg, newListings, priceChanges, deals] = await Promise.all([
        weekFigures(scope, week),
        weekFigures(scope, previousWeek),
        week ? repo.askingAvgAt(estate.id, week.end) : null,
        previousWeek ? repo.askingAvgAt(estate.id, previousWeek.end) : null,
        week ? repo.weekNewListings(estate.id, week.start, week.end) : [],
        week ? repo.weekPriceChanges(estate.id, week.start, week.end) : [],
        week ? repo.weekDeals(estate.id, week.start, week.end) : [],
      ]);
      return {
        estateId: estate.id,
        estateName: estate.name,
        cityId: estate.cityId,
        plateName: estate.plateName,
        week,
        weeks,
        figures,
        previous,
        askingAvg,
        previousAskingAvg,
        askingWow: percentChange(previousAskingAvg, askingAvg),
        newListings,
        priceChanges,
        deals: deals.map((d) => presentWeekDeal(d, false)),
      };
    },

    certificate: certificateBody,

    async issueCertificate({ estateId }) {
      const estate = await repo.estate(estateId);
      if (!estate) return null;
      const [month] = await repo.publishedMonths(estate.cityId, 1);
      const dataMonth = month ?? null;
      const existing = await repo.certificateFor(estate.id, dataMonth);
      if (existing) return certificateBody(existing);
      const id = newCertificateId();
      const title = `${estate.name}小区报告${dataMonth ? `（${monthTitle(dataMonth)}）` : ''}`;
      await repo.insertCertificate({ id, title, cityId: estate.cityId, estateId: estate.id, dataMonth });
      return certificateBody(id);
    },

    async estatePlateRank(estateId): Promise<EstatePlateRank | null> {
      const estate = await repo.estate(estateId);
      if (!estate) return null;
      const [month] = await repo.publishedMonths(estate.cityId, 1);
      if (!month) return { month: null, rank: null, total: 0, percentile: null, plateListingAvg: null };
      const [averages, plateRows] = await Promise.all([
        repo.plateEstateAverages(estate.plateId, month),
        repo.series('plate', estate.plateId, month, month),
      ]);
      const own = averages.find((a) => a.id === estate.id);
      const below = own ? averages.filter((a) => a.listingAvg < own.listingAvg).length : 0;
      const above = own ? averages.filter((a) => a.listingAvg > own.listingAvg).length : 0;
      return {
        month,
        rank: own ? above + 1 : null,
        total: averages.length,
        percentile: own && averages.length > 1 ? Math.round((below / (averages.length - 1)) * 100) : own ? 100 : null,
        plateListingAvg: plateRows[0]?.listingAvg ?? null,
      };
    },
  };
}
