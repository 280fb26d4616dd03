// The deterministic market generator. One seed → the same rows, in the same order, on every machine.
// It works city by city: real districts and streets, synthetic metro, estates and everything traded in them
// over the 60 months ending with the newest NBS month; then the city's prices are scaled so its latest
// listing average hits the calibration target, and the monthly series are aggregated from the final rows.
import type { schema } from '@fjt/db';
import type { CitySeed } from './cities.ts';
import {
  distanceKm,
  districtRing,
  loadGeo,
  plateName,
  pointInBoundary,
  type GeoDistrict,
  type LngLat,
  type Ring,
} from './geo.ts';
import {
  AGENCIES,
  DECORATIONS,
  DEVELOPERS,
  METRO_COLORS,
  ORIENTATION_FACTOR,
  ORIENTATION_WEIGHTS,
  ORIENTATIONS,
  OWNERSHIP,
  PAYMENT_METHODS,
  PERMIT_PREFIX,
  STATION_SUFFIX,
  estateName,
  personName,
  projectName,
  propertyCompany,
} from './names.ts';
import { LAST_MONTH, monthsEnding, secondHandPath } from './nbs.ts';
import { Rng, hash32 } from './prng.ts';
import { SeriesAggregator, type SeriesRow } from './series.ts';
import { dayOf, dayString, monthEnd, monthStartDay, MONTHS, WINDOW } from './time.ts';
import { pinyin } from 'pinyin-pro';
import { deliveryTag, latestDealDay } from '@fjt/domain';

export type Scale = 'full' | 'small' | 'sample';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
export type DistrictRow = Insert<typeof schema.district>;
export type PlateRow = Insert<typeof schema.plate>;
export type EstateRow = Insert<typeof schema.estate>;
export type BuildingRow = Insert<typeof schema.building>;
export type ListingRow = Insert<typeof schema.listing>;
export type PriceChangeRow = Insert<typeof schema.listingPriceChange>;
export type DealRow = Insert<typeof schema.deal>;
export type RentalRow = Insert<typeof schema.rental>;
export type ProjectRow = Insert<typeof schema.newHouseProject>;
export type UnitTypeRow = Insert<typeof schema.newHouseUnitType>;

/** How much of each kind a scale makes, in total over its cities. */
export interface ScalePlan {
  cities: readonly string[] | 'all';
  estates: number;
  listings: number;
  deals: number;
  rentals: number;
}

export const PLANS: Record<Scale, ScalePlan> = {
  full: { cities: 'all', estates: 16_000, listings: 330_000, deals: 1_050_000, rentals: 160_000 },
  small: { cities: ['330100'], estates: 260, listings: 5_500, deals: 16_000, rentals: 3_000 },
  // every city, a few dozen estates each: the end-to-end check that each page works in every city
  sample: { cities: 'all', estates: 1_000, listings: 20_000, deals: 60_000, rentals: 10_000 },
};

/** Relative size of each city's market (share of the plan). */
const CITY_WEIGHT: Record<string, number> = {
  '110100': 1.4,
  '120100': 0.9,
  '310100': 1.5,
  '320100': 0.8,
  '330100': 1.0,
  '330200': 0.6,
  '340100': 0.6,
  '350200': 0.4,
  '370200': 0.7,
  '420100': 1.0,
  '430100': 0.7,
  '440100': 1.1,
  '440300': 0.9,
  '500100': 1.2,
  '510100': 1.2,
  '610100': 0.9,
};
const TIER1 = new Set(['110100', '310100', '440100', '440300']);
/** Real metro networks, roughly: [lines, stations]. */
const METRO: Record<string, [number, number]> = {
  '110100': [27, 490],
  '120100': [10, 210],
  '310100': [20, 508],
  '320100': [12, 220],
  '330100': [16, 296],
  '330200': [6, 130],
  '340100': [6, 140],
  '350200': [3, 90],
  '370200': [7, 160],
  '420100': [14, 310],
  '430100': [8, 170],
  '440100': [16, 300],
  '440300': [17, 400],
  '500100': [12, 260],
  '510100': [14, 370],
  '610100': [10, 210],
};
/** Districts known as central (core) or inner by name; the rest are decided by distance (geo.ts). */
const CORE: Record<string, string[]> = {
  '110100': ['西城区', '东城区', '海淀区'],
  '120100': ['和平区', '南开区', '河西区'],
  '310100': ['黄浦区', '静安区', '徐汇区', '长宁区'],
  '320100': ['鼓楼区', '玄武区', '秦淮区', '建邺区'],
  '330100': ['上城区', '西湖区', '滨江区', '拱墅区'],
  '330200': ['海曙区', '鄞州区', '江北区'],
  '340100': ['蜀山区', '包河区', '庐阳区'],
  '350200': ['思明区', '湖里区'],
  '370200': ['市南区', '崂山区'],
  '420100': ['武昌区', '江岸区', '江汉区'],
  '430100': ['岳麓区', '天心区', '芙蓉区'],
  '440100': ['天河区', '越秀区', '海珠区'],
  '440300': ['南山区', '福田区'],
  '500100': ['渝中区', '江北区'],
  '510100': ['锦江区', '武侯区', '青羊区'],
  '610100': ['雁塔区', '碑林区'],
};
const INNER: Record<string, string[]> = {
  '110100': ['朝阳区', '丰台区', '石景山区'],
  '120100': ['河东区', '河北区', '红桥区'],
  '310100': ['虹口区', '普陀区', '杨浦区', '浦东新区', '闵行区'],
  '320100': ['雨花台区', '栖霞区'],
  '330100': ['萧山区', '余杭区', '临平区'],
  '330200': ['镇海区', '北仑区'],
  '340100': ['瑶海区'],
  '350200': ['集美区', '海沧区'],
  '370200': ['市北区', '李沧区'],
  '420100': ['洪山区', '硚口区', '汉阳区', '青山区'],
  '430100': ['开福区', '雨花区'],
  '440100': ['荔湾区', '番禺区', '白云区', '黄埔区'],
  '440300': ['罗湖区', '宝安区', '龙华区'],
  '500100': ['渝北区', '南岸区', '九龙坡区', '沙坪坝区'],
  '510100': ['金牛区', '成华区', '双流区'],
  '610100': ['未央区', '莲湖区', '新城区', '长安区', '灞桥区'],
};
const RING_WEIGHT: Record<Ring, number> = { core: 1.0, inner: 1.3, outer: 0.7, county: 0.12 };
const SEASON = [0.95, 0.6, 1.25, 1.05, 1.0, 1.1, 0.95, 0.95, 1.05, 0.95, 1.0, 1.15];

export interface IdCounters {
  estate: number;
  building: number;
  listing: number;
  deal: number;
  rental: number;
  metroLine: number;
  metroStation: number;
  project: number;
  unitType: number;
  agent: number;
  manager: number;
  contractor: number;
}

export function newIdCounters(): IdCounters {
  return {
    estate: 0,
    building: 0,
    listing: 0,
    deal: 0,
    rental: 0,
    metroLine: 0,
    metroStation: 0,
    project: 0,
    unitType: 0,
    agent: 0,
    manager: 0,
    contractor: 0,
  };
}

/** Everything generated for one city, ready to load. */
export interface CityData {
  districts: DistrictRow[];
  plates: PlateRow[];
  metroLines: Insert<typeof schema.metroLine>[];
  metroStations: Insert<typeof schema.metroStation>[];
  estates: EstateRow[];
  buildings: BuildingRow[];
  listings: ListingRow[];
  priceChanges: PriceChangeRow[];
  deals: DealRow[];
  rentals: RentalRow[];
  projects: ProjectRow[];
  unitTypes: UnitTypeRow[];
  agents: Insert<typeof schema.agent>[];
  agentEstates: Insert<typeof schema.agentEstate>[];
  managers: Insert<typeof schema.manager>[];
  managerProjects: Insert<typeof schema.managerProject>[];
  contractors: Insert<typeof schema.contractor>[];
  contractorPlates: Insert<typeof schema.contractorPlate>[];
  series: SeriesRow[];
  /** Price scale applied to hit the calibration target (1 = none needed). */
  scale: number;
}

export function citiesFor(scale: Scale, all: readonly CitySeed[]): CitySeed[] {
  const plan = PLANS[scale];
  return plan.cities === 'all' ? [...all] : all.filter((c) => (plan.cities as readonly string[]).includes(c.adcode));
}

/** This city's share of the plan's counts. */
export function cityShare(scale: Scale, cities: readonly CitySeed[], city: CitySeed): number {
  const total = cities.reduce((s, c) => s + (CITY_WEIGHT[c.adcode] ?? 1), 0);
  return (CITY_WEIGHT[city.adcode] ?? 1) / total;
}

const py = (s: string) =>
  pinyin(s, { toneType: 'none', separator: '', nonZh: 'consecutive', v: true }).replace(/\s+/g, '');

function sampleIn(rng: Rng, d: GeoDistrict, near: LngLat, sdKm: number): LngLat {
  const kx = 111.32 * Math.cos((near[1] * Math.PI) / 180);
  for (let i = 0; i < 30; i++) {
    const p: LngLat = [near[0] + rng.normal(0, sdKm) / kx, near[1] + rng.normal(0, sdKm) / 110.57];
    if (pointInBoundary(p, d.boundary)) return [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];
  }
  return near;
}

interface Layout {
  rooms: number;
  halls: number;
  baths: number;
  area: number;
}
const LAYOUTS: [number, number, number, number, number][] = [
  // rooms, halls, baths, minArea, maxArea
  [1, 1, 1, 38, 58],
  [2, 1, 1, 55, 78],
  [2, 2, 1, 70, 92],
  [3, 1, 1, 82, 102],
  [3, 2, 2, 98, 135],
  [4, 2, 2, 128, 175],
  [5, 2, 3, 170, 260],
];

interface EstateModel {
  row: EstateRow;
  idx: number;
  plateIdx: number;
  districtIdx: number;
  /** Unscaled deal-level price at the last month, 元/㎡. */
  base: number;
  layouts: Layout[];
  buildings: BuildingRow[];
  agents: number[];
  dealRate: number;
  listingRate: number;
  rentRate: number;
  oldStock: boolean;
}

/**
 * Makes each district's activity-weighted average price its target ratio of the city's. Estates' own factors
 * (plate, age, metro, school) move a district's mean off its factor, and a city's mix of districts moves the
 * city's mean off 1, which would shift every ratio; so:
 * 1. the estates of each district are rescaled so its weighted mean is exactly its factor;
 * 2. the trading activity of the outer districts and counties is scaled by λ so that the city's weighted mean of
 *    the factors is 1 (the ratios then hold as drawn); λ is kept within [0.3, 5] so no ring is emptied or
 *    flooded, and what λ cannot close the inner districts' factors absorb.
 * Mutates `estates[].base`, `activity` and `factor`.
 */
function calibrateDistricts(estates: EstateModel[], activity: number[], factor: number[], rings: Ring[]): void {
  const n = factor.length;
  const wSum = new Array<number>(n).fill(0);
  const bSum = new Array<number>(n).fill(0);
  estates.forEach((e, i) => {
    wSum[e.districtIdx]! += activity[i]!;
    bSum[e.districtIdx]! += activity[i]! * e.base;
  });
  const level = bSum.reduce((s, v) => s + v, 0) / wSum.reduce((s, v) => s + v, 0);
  for (const e of estates) {
    const d = e.districtIdx;
    e.base *= (factor[d]! * level) / (bSum[d]! / wSum[d]!);
  }
  const low = (d: number) => rings[d] === 'outer' || rings[d] === 'county';
  const sum = (pick: (d: number) => boolean, f: (d: number) => number) => {
    let s = 0;
    for (let d = 0; d < n; d++) if (pick(d)) s += f(d);
    return s;
  };
  const hi = (d: number) => !low(d);
  const A = sum(hi, (d) => wSum[d]! * factor[d]!);
  const B = sum(hi, (d) => wSum[d]!);
  const C = sum(low, (d) => wSum[d]! * factor[d]!);
  const D = sum(low, (d) => wSum[d]!);
  const lambda = D > C && A > B ? Math.min(5, Math.max(0.3, (A - B) / (D - C))) : 1;
  estates.forEach((e, i) => {
    if (low(e.districtIdx)) activity[i]! *= lambda;
  });
  // inner districts absorb the rest: A_core + μ·A_inner + λ·C = B + λ·D
  const inner = (d: number) => rings[d] === 'inner';
  const aInner = sum(inner, (d) => wSum[d]! * factor[d]!);
  if (aInner > 0) {
    const aCore = A - aInner;
    const mu = Math.min(1.3, Math.max(0.75, (B + lambda * D - lambda * C - aCore) / aInner));
    for (let d = 0; d < n; d++) if (inner(d)) factor[d]! *= mu;
    for (const e of estates) if (inner(e.districtIdx)) e.base *= mu;
  }
}

export function generateCity(
  size: Scale,
  cities: readonly CitySeed[],
  city: CitySeed,
  seed: number,
  ids: IdCounters,
): CityData {
  const geo = loadGeo().find((g) => g.adcode === city.adcode);
  if (!geo) throw new Error(`no geography for ${city.name}`);
  const rng = new Rng(seed, hash32(city.adcode));
  const plan = PLANS[size];
  const share = cityShare(size, cities, city);
  const nEstates = Math.max(60, Math.round(plan.estates * share));
  const tier1 = TIER1.has(city.adcode);

  // ---- districts ------------------------------------------------------------------------------------
  const rings = geo.districts.map((d) =>
    CORE[city.adcode]?.includes(d.name)
      ? 'core'
      : INNER[city.adcode]?.includes(d.name)
        ? 'inner'
        : districtRing(geo, d) === 'county'
          ? 'county'
          : 'outer',
  ) as Ring[];
  const districts: DistrictRow[] = geo.districts.map((d, i) => ({
    id: Number(d.adcode),
    cityId: city.id,
    name: d.name,
    adcode: d.adcode,
    ring: rings[i]!,
    centerLng: d.centroid[0],
    centerLat: d.centroid[1],
    boundary: d.boundary,
    sortOrder: i,
  }));
  // Target ratio of each district's average to the city's (../shared/data/README.md): central 1.5–2.2× in
  // tier-1 cities and 1.5–1.8× elsewhere, outer 0.45–0.7×, outlying counties 0.45–0.5× (inside both the outer
  // band and the counties' 0.35–0.5×). Drawn well inside the bands: the realised ratios also carry the estates'
  // own spread and the districts' price paths. `calibrateDistricts` below makes the estates meet them.
  const districtFactor = rings.map((r) =>
    r === 'core'
      ? rng.uniform(tier1 ? 1.62 : 1.53, tier1 ? 1.9 : 1.65)
      : r === 'inner'
        ? rng.uniform(0.95, 1.2)
        : r === 'outer'
          ? rng.uniform(0.58, 0.66)
          : rng.uniform(0.46, 0.49),
  );
  const dWeights = geo.districts.map(
    (d, i) => RING_WEIGHT[rings[i]!] * Math.pow(Math.min(600, Math.max(30, d.areaKm2)), 0.35),
  );
  const dTotal = dWeights.reduce((s, w) => s + w, 0);
  const estatesPerDistrict = dWeights.map((w) => Math.max(2, Math.round((nEstates * w) / dTotal)));

  // ---- plates ---------------------------------------------------------------------------------------
  const plates: PlateRow[] = [];
  const platesOfDistrict: number[][] = [];
  const plateFactor: number[] = [];
  const plateDistrict: number[] = [];
  geo.districts.forEach((d, di) => {
    const order = (n: string) => (/街道|办事处$/.test(n) ? 0 : /镇$/.test(n) ? 1 : 2);
    const streets = [...d.streets].sort((a, b) => order(a[1]) - order(b[1]) || a[0].localeCompare(b[0]));
    const want = Math.min(streets.length, Math.max(2, Math.min(16, Math.round(estatesPerDistrict[di]! / 7))));
    // Central streets first: keep the first `want` after a seeded shuffle within each kind.
    const chosen = streets.slice(0, Math.max(want, Math.min(streets.length, want))).slice(0, want);
    const list: number[] = [];
    const spread = Math.sqrt(d.areaKm2) / 3.2;
    for (const [code, name] of chosen) {
      const p = sampleIn(rng, d, d.centroid, spread);
      list.push(plates.length);
      plateFactor.push(rng.logNormal(0.07));
      plateDistrict.push(di);
      const nm = plateName(name);
      plates.push({
        id: Number(code),
        cityId: city.id,
        districtId: Number(d.adcode),
        name: nm,
        pinyin: py(nm),
        lng: p[0],
        lat: p[1],
        sortOrder: list.length,
      });
    }
    platesOfDistrict.push(list);
  });

  // ---- metro ----------------------------------------------------------------------------------------
  const [nLines, nStations] = METRO[city.adcode] ?? [4, 80];
  const metroLines: CityData['metroLines'] = [];
  const metroStations: CityData['metroStations'] = [];
  const stationPos: LngLat[] = [];
  const perLine = Math.round(nStations / nLines);
  const kx = 111.32 * Math.cos((geo.center[1] * Math.PI) / 180);
  const inCity = (p: LngLat) => geo.districts.some((d) => pointInBoundary(p, d.boundary));
  const usedNames = new Set<string>();
  for (let l = 0; l < nLines; l++) {
    const lineId = ++ids.metroLine;
    metroLines.push({
      id: lineId,
      cityId: city.id,
      name: `${l + 1}号线`,
      color: METRO_COLORS[l % METRO_COLORS.length]!,
      sortOrder: l,
    });
    const angle = rng.uniform(0, Math.PI);
    const off: LngLat = [geo.center[0] + rng.normal(0, 4) / kx, geo.center[1] + rng.normal(0, 4) / 110.57];
    const pts: LngLat[] = [off];
    for (const dir of [1, -1]) {
      let p = off;
      let a = angle + (dir < 0 ? Math.PI : 0);
      for (let s = 0; s < perLine && pts.length < perLine * 1.4; s++) {
        const fromCentre = distanceKm(p, geo.center);
        const step = fromCentre < 8 ? rng.uniform(0.9, 1.3) : rng.uniform(1.5, 2.2);
        a += rng.normal(0, 0.12);
        p = [p[0] + (Math.cos(a) * step) / kx, p[1] + (Math.sin(a) * step) / 110.57];
        if (dir > 0) pts.push(p);
        else pts.unshift(p);
        if (pts.length >= perLine) break;
      }
    }
    let seq = 0;
    for (const p of pts) {
      if (!inCity(p)) continue;
      // name after the nearest plate
      let best = 0;
      let bestD = Infinity;
      plates.forEach((pl, i) => {
        const dd = distanceKm(p, [pl.lng, pl.lat]);
        if (dd < bestD) {
          bestD = dd;
          best = i;
        }
      });
      const base = plates[best]!.name;
      let name = base;
      for (let k = 0; usedNames.has(name) && k < STATION_SUFFIX.length; k++) name = base + STATION_SUFFIX[k];
      if (usedNames.has(name)) name = `${base}${seq + 1}`;
      usedNames.add(name);
      const pos: LngLat = [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];
      metroStations.push({
        id: ++ids.metroStation,
        cityId: city.id,
        lineId,
        name,
        seq: ++seq,
        lng: pos[0],
        lat: pos[1],
      });
      stationPos.push(pos);
    }
  }

  // ---- estates and buildings ------------------------------------------------------------------------
  const estates: EstateModel[] = [];
  const buildings: BuildingRow[] = [];
  const takenNames = new Set<string>();
  geo.districts.forEach((d, di) => {
    const pl = platesOfDistrict[di]!;
    for (let k = 0; k < estatesPerDistrict[di]!; k++) {
      const plateIdx = pl[k < pl.length ? k : rng.int(0, pl.length - 1)]!;
      const plateRow = plates[plateIdx]!;
      const pos = sampleIn(rng, d, [plateRow.lng, plateRow.lat], rng.uniform(0.4, 1.4));
      const ring = rings[di]!;
      const centreYear = ring === 'core' ? 1999 : ring === 'inner' ? 2006 : 2012;
      const buildYear = Math.max(1980, Math.min(2024, Math.round(rng.normal(centreYear, ring === 'core' ? 8 : 6))));
      let nearest = -1;
      let nearestKm = Infinity;
      for (let s = 0; s < stationPos.length; s++) {
        const dd = distanceKm(pos, stationPos[s]!);
        if (dd < nearestKm) {
          nearestKm = dd;
          nearest = s;
        }
      }
      const school = rng.chance(ring === 'core' ? 0.25 : ring === 'inner' ? 0.12 : 0.05);
      const old = buildYear < 2000;
      const villa = buildYear >= 2005 && ring !== 'core' && rng.chance(0.03);
      const households = villa
        ? rng.int(80, 300)
        : Math.max(60, Math.min(6000, Math.round(rng.logNormal(0.55) * (old ? 420 : 800))));
      const developer = old && rng.chance(0.5) ? `${plateRow.name}房地产开发公司` : rng.pick(DEVELOPERS);
      const metroFactor =
        nearestKm <= 0.8 ? 1.06 : nearestKm <= 1.5 ? 1.04 : nearestKm <= 2 ? 1.02 : nearestKm > 3 ? 0.97 : 1;
      const ageFactor = 1 + Math.max(-0.12, Math.min(0.1, 0.006 * (buildYear - 2005)));
      const base =
        city.targetPrice *
        districtFactor[di]! *
        plateFactor[plateIdx]! *
        metroFactor *
        ageFactor *
        (school ? rng.uniform(1.12, 1.2) : 1) *
        (villa ? 1.4 : 1) *
        rng.logNormal(0.09);
      const tags: string[] = [];
      if (nearestKm <= 1) tags.push('近地铁');
      if (school) tags.push('学区房');
      if (buildYear >= 2016) tags.push('次新房');
      if (households >= 2000) tags.push('大型社区');
      if (villa) tags.push('别墅');
      const name = estateName(rng, plateRow.name, buildYear, takenNames);
      const id = ++ids.estate;
      // layouts
      const pool = LAYOUTS.filter((_, i) => (old ? i <= 4 : villa ? i >= 4 : i >= 1));
      const nLayouts = Math.min(pool.length, rng.int(3, 5));
      const layouts: Layout[] = rng
        .shuffle([...pool])
        .slice(0, nLayouts)
        .sort((a, b) => a[3] - b[3])
        .map(([rooms, halls, baths, lo, hi]) => ({
          rooms,
          halls,
          baths,
          area: Math.round(rng.uniform(lo, hi) * 100) / 100,
        }));
      // buildings
      const floors = villa
        ? 3
        : old
          ? rng.chance(0.8)
            ? rng.int(5, 7)
            : rng.int(11, 18)
          : buildYear < 2010
            ? rng.pick([11, 12, 15, 18, 24, 26])
            : rng.pick([18, 24, 26, 28, 30, 32, 33]);
      const elevator = floors > 7;
      const hpf = villa ? 4 : elevator ? rng.int(2, 4) : 2;
      const entrances = villa ? 2 : elevator ? rng.int(1, 2) : rng.int(3, 5);
      const perBuilding = floors * hpf * entrances;
      const nBuildings = Math.max(1, Math.min(80, Math.round(households / perBuilding)));
      const eb: BuildingRow[] = [];
      for (let b = 0; b < nBuildings; b++) {
        eb.push({
          id: ++ids.building,
          estateId: id,
          name: `${b + 1}幢`,
          floors,
          elevators: elevator ? Math.max(1, Math.round(hpf / 2)) * entrances : 0,
          householdsPerFloor: hpf * entrances,
          hasElevator: elevator,
          householdCount: perBuilding,
          layouts: layouts.filter((_, li) => (li + b) % 2 === 0 || layouts.length <= 2),
        });
      }
      buildings.push(...eb);
      const row: EstateRow = {
        id,
        externalId: null,
        cityId: city.id,
        districtId: Number(d.adcode),
        plateId: plateRow.id,
        name,
        alias: rng.chance(0.15) ? `${plateRow.name}${name.slice(0, 2)}` : null,
        pinyin: py(name),
        lng: pos[0],
        lat: pos[1],
        buildYear,
        buildingType: villa ? '别墅' : old ? '板楼' : rng.weighted(['板楼', '塔楼', '板塔结合'], [4, 3, 3]),
        propertyType: villa ? '别墅' : rng.chance(0.04) ? '公寓' : '住宅',
        tenureYears: rng.chance(0.95) ? 70 : 40,
        buildingCount: nBuildings,
        householdCount: households,
        plotRatio:
          Math.round((villa ? rng.uniform(0.6, 1.1) : elevator ? rng.uniform(2.0, 3.8) : rng.uniform(1.2, 2.0)) * 100) /
          100,
        greeningRate: Math.round(rng.uniform(old ? 0.2 : 0.3, old ? 0.32 : 0.42) * 100) / 100,
        propertyFee: Math.round(rng.uniform(old ? 0.4 : 1.8, old ? 1.2 : 4.5) * (tier1 ? 1.3 : 1) * 10) / 10,
        propertyCompany: propertyCompany(rng, developer),
        developer,
        parkingRatio: Math.round((old ? rng.uniform(0.1, 0.5) : rng.uniform(0.8, 1.5)) * 100) / 100,
        nearestStationId: nearest >= 0 ? metroStations[nearest]!.id : null,
        stationDistanceM: nearest >= 0 ? Math.round(nearestKm * 1000) : null,
        tags,
        source: 'generated',
      };
      estates.push({
        row,
        idx: estates.length,
        plateIdx,
        districtIdx: di,
        base,
        layouts,
        buildings: eb,
        agents: [],
        dealRate: 0,
        listingRate: 0,
        rentRate: 0,
        oldStock: old,
      });
    }
  });

  const activity = estates.map((e) => (e.row.householdCount ?? 500) * rng.logNormal(0.4));
  calibrateDistricts(estates, activity, districtFactor, rings);

  // ---- agents, managers, contractors ----------------------------------------------------------------
  const agents: CityData['agents'] = [];
  const agentEstates: CityData['agentEstates'] = [];
  const estatesOfPlate = plates.map(() => [] as EstateModel[]);
  for (const e of estates) estatesOfPlate[e.plateIdx]!.push(e);
  plates.forEach((p, pi) => {
    const es = estatesOfPlate[pi]!;
    if (es.length === 0) return;
    const n = Math.max(2, Math.round(es.length * 0.6));
    const ids0: number[] = [];
    for (let a = 0; a < n; a++) {
      const company = rng.pick(AGENCIES);
      const id = ++ids.agent;
      ids0.push(id);
      agents.push({
        id,
        cityId: city.id,
        name: personName(rng),
        avatar: null,
        company,
        store: `${company}${p.name}店`,
        years: rng.int(1, 15),
        rating: Math.round(rng.uniform(4.0, 5.0) * 10) / 10,
        showingCount: 0,
        dealCount: 0,
        wechatNo: `fjt_${id.toString(36)}${rng.int(100, 999)}`,
        virtualPhone: `170${String(rng.int(0, 99999999)).padStart(8, '0')}`,
        // contracted ones are marked after the load (seed.ts markContractors): no draw of the stream changes
        contractor: false,
      });
    }
    for (const e of es) {
      const k = Math.min(ids0.length, rng.int(2, 5));
      e.agents = rng
        .shuffle([...ids0])
        .slice(0, k)
        .sort((a, b) => a - b);
      for (const a of e.agents) agentEstates.push({ agentId: a, estateId: e.row.id });
    }
  });
  const contractors: CityData['contractors'] = [];
  const contractorPlates: CityData['contractorPlates'] = [];
  const nContractors = Math.max(4, Math.round(plates.length / 8));
  for (let c = 0; c < nContractors; c++) {
    const id = ++ids.contractor;
    contractors.push({
      id,
      cityId: city.id,
      name: personName(rng),
      avatar: null,
      kind: '签约找房顾问',
      rating: Math.round(rng.uniform(4.2, 5) * 10) / 10,
      avgResponseMin: rng.int(3, 40),
    });
    const k = Math.min(plates.length, rng.int(3, 8));
    const start = rng.int(0, plates.length - 1);
    const chosen = new Set<number>();
    for (let j = 0; j < k; j++) chosen.add(plates[(start + j) % plates.length]!.id);
    for (const plateId of [...chosen].sort((a, b) => a - b)) contractorPlates.push({ contractorId: id, plateId });
  }

  // ---- price paths ----------------------------------------------------------------------------------
  const cityPath = secondHandPath(city.adcode, MONTHS);
  const drift = (sdSlope: number, sdNoise: number) => {
    const slope = rng.normal(0, sdSlope);
    const raw: number[] = [];
    let ar = 0;
    for (let m = 0; m < WINDOW; m++) {
      ar = 0.7 * ar + rng.normal(0, sdNoise);
      raw.push(Math.exp((slope * (m - (WINDOW - 1))) / (WINDOW - 1) + ar));
    }
    const last = raw[WINDOW - 1]!;
    return raw.map((v) => v / last);
  };
  const districtPath = geo.districts.map(() => drift(0.06, 0.008));
  const platePath = plates.map(() => drift(0.04, 0.01));
  const estatePath = (e: EstateModel, m: number) =>
    e.base * cityPath[m]! * districtPath[e.districtIdx]![m]! * platePath[e.plateIdx]![m]!;
  // volume follows the market: sharp falls dry trading up
  const volume = MONTHS.map((month, m) => {
    const prev = cityPath[Math.max(0, m - 3)]!;
    const mom = cityPath[m]! / prev - 1;
    const season = SEASON[Number(month.slice(5)) - 1]!;
    return season * Math.max(0.6, Math.min(1.5, Math.exp(6 * mom)));
  });
  const volumeMean = volume.reduce((s, v) => s + v, 0) / WINDOW;
  const listingGrowth = MONTHS.map((_, m) => 0.6 + (0.8 * m) / (WINDOW - 1));

  // ---- rates ----------------------------------------------------------------------------------------
  const activityTotal = activity.reduce((s, v) => s + v, 0);
  const listingsTarget = plan.listings * share;
  const linkedShare = 0.3; // sold listings become deals (expected fraction of all listings)
  const dealsTarget = Math.max(0, plan.deals * share - listingsTarget * linkedShare);
  const rentalsTarget = plan.rentals * share;
  estates.forEach((e, i) => {
    // a few quiet estates exercise the empty page states
    const quiet = i % 97 === 13;
    const a = quiet ? 0 : activity[i]! / activityTotal;
    e.listingRate = (listingsTarget * a) / WINDOW;
    e.dealRate = (dealsTarget * a) / WINDOW / volumeMean;
    e.rentRate = (rentalsTarget * a) / WINDOW;
  });

  // ---- listings, price changes, linked deals ----------------------------------------------------------
  const T = monthEnd(WINDOW - 1);
  const listings: ListingRow[] = [];
  const priceChanges: PriceChangeRow[] = [];
  const deals: DealRow[] = [];
  const rentals: RentalRow[] = [];
  const unitOf = (e: EstateModel) => {
    const layout = rng.pick(e.layouts);
    const building = rng.pick(e.buildings);
    const floors = building.floors;
    const floor = rng.int(1, floors);
    const orientation = rng.weighted(ORIENTATIONS, ORIENTATION_WEIGHTS);
    const decoration = rng.weighted(DECORATIONS, e.oldStock ? [3, 5, 2] : [6, 3, 1]);
    const floorF =
      floor <= Math.max(1, floors * 0.2)
        ? 0.97
        : !building.hasElevator && floor === floors
          ? 0.95
          : floor >= floors * 0.5
            ? 1.02
            : 1;
    const decoF = decoration === '精装' ? 1.03 : decoration === '毛坯' ? 0.96 : 1;
    const area = Math.round(layout.area * rng.uniform(0.94, 1.06) * 100) / 100;
    return {
      layout,
      building,
      floor,
      floors,
      orientation,
      decoration,
      area,
      factor: floorF * decoF * (ORIENTATION_FACTOR[orientation] ?? 1) * rng.logNormal(0.05),
    };
  };

  // Floats first (unscaled); final integer prices after the calibration scale is known.
  interface RawListing {
    row: ListingRow;
    e: EstateModel;
    price0: number;
    changes: { day: number; price: number }[];
  }
  interface RawDeal {
    row: DealRow;
    price: number;
    list: number;
  }
  const rawListings: RawListing[] = [];
  const rawDeals: RawDeal[] = [];
  for (const e of estates) {
    for (let m = 0; m < WINDOW; m++) {
      const n = rng.poisson(e.listingRate * listingGrowth[m]!);
      for (let k = 0; k < n; k++) {
        const u = unitOf(e);
        const start = monthStartDay(m) + rng.int(0, monthEnd(m) - monthStartDay(m));
        const duration = Math.max(7, Math.round(rng.logNormal(0.7) * 110));
        const end = start + duration;
        const ended = end <= T;
        const sold = ended && rng.chance(0.42);
        const price0 = estatePath(e, m) * u.factor * u.area * rng.uniform(1.05, 1.13);
        const changes: { day: number; price: number }[] = [];
        const nChanges = Math.min(5, rng.poisson((Math.min(end, T) - start) / 110));
        const lastDay = Math.min(end, T);
        const days = Array.from({ length: nChanges }, () => rng.int(start + 1, Math.max(start + 1, lastDay - 1))).sort(
          (a, b) => a - b,
        );
        let p = price0;
        for (const day of days) {
          p = p * (rng.chance(0.9) ? 1 - rng.uniform(0.015, 0.05) : 1 + rng.uniform(0.01, 0.03));
          changes.push({ day, price: p });
        }
        const yearsHeldSeed = rng.next();
        const lastTrade = e.oldStock || rng.chance(0.4) ? dayString(start - rng.int(400, 4000)) : null;
        const row: ListingRow = {
          id: ++ids.listing,
          externalId: null,
          cityId: city.id,
          districtId: e.row.districtId,
          plateId: e.row.plateId,
          estateId: e.row.id,
          buildingId: u.building.id,
          rooms: u.layout.rooms,
          halls: u.layout.halls,
          baths: u.layout.baths,
          area: u.area,
          innerArea: Math.round(u.area * rng.uniform(0.74, 0.82) * 100) / 100,
          orientation: u.orientation,
          floor: u.floor,
          totalFloors: u.floors,
          decoration: u.decoration,
          hasElevator: u.building.hasElevator,
          totalPrice: 0,
          unitPrice: 0,
          initialTotalPrice: 0,
          initialUnitPrice: 0,
          listedAt: dayString(start),
          status: !ended ? 'on_sale' : sold ? 'sold' : 'delisted',
          endedAt: ended ? dayString(end) : null,
          yearsHeld: yearsHeldSeed < 0.55 ? '满五' : yearsHeldSeed < 0.85 ? '满二' : '不满二',
          onlyHome: rng.chance(0.5),
          ownership: e.oldStock ? rng.weighted(OWNERSHIP, [5, 3, 2, 1]) : rng.weighted(OWNERSHIP, [9, 0, 1, 0.3]),
          lastTradeDate: lastTrade,
          mortgaged: rng.chance(0.35),
          views7d: ended ? 0 : rng.poisson(3),
          views30d: ended ? 0 : rng.poisson(11),
          followers: rng.poisson(8),
          priceChangeCount: changes.length,
          agentId: e.agents.length ? rng.pick(e.agents) : null,
        };
        rawListings.push({ row, e, price0, changes });
        if (sold) {
          const list = p;
          const bargain = rng.uniform(0.03, 0.08);
          rawDeals.push({
            price: list * (1 - bargain),
            list,
            row: {
              id: 0,
              externalId: null,
              cityId: city.id,
              districtId: e.row.districtId,
              plateId: e.row.plateId,
              estateId: e.row.id,
              buildingId: u.building.id,
              listingId: row.id,
              dealDate: dayString(end),
              totalPrice: 0,
              unitPrice: 0,
              listTotalPrice: 0,
              bargainPct: 0,
              cycleDays: duration,
              priceChangeCount: changes.length,
              views: rng.poisson(12 + duration / 10),
              followers: rng.poisson(10),
              rooms: u.layout.rooms,
              halls: u.layout.halls,
              area: u.area,
              floor: u.floor,
              totalFloors: u.floors,
              orientation: u.orientation,
              source: 'agency',
              agentId: row.agentId,
            },
          });
        }
      }
    }
    // deals not tied to a listing row (网签 records and other agencies' sales)
    for (let m = 0; m < WINDOW; m++) {
      const n = rng.poisson(e.dealRate * volume[m]!);
      for (let k = 0; k < n; k++) {
        const u = unitOf(e);
        const day = monthStartDay(m) + rng.int(0, monthEnd(m) - monthStartDay(m));
        const price = estatePath(e, m) * u.factor * u.area * rng.logNormal(0.03);
        const bargain = rng.uniform(0.03, 0.08);
        const netsign = rng.chance(0.35);
        rawDeals.push({
          price,
          list: price / (1 - bargain),
          row: {
            id: 0,
            externalId: null,
            cityId: city.id,
            districtId: e.row.districtId,
            plateId: e.row.plateId,
            estateId: e.row.id,
            buildingId: u.building.id,
            listingId: null,
            dealDate: dayString(day),
            totalPrice: 0,
            unitPrice: 0,
            listTotalPrice: 0,
            bargainPct: 0,
            cycleDays: Math.max(5, Math.round(rng.logNormal(0.6) * (tier1 ? 95 : 82))),
            priceChangeCount: rng.poisson(0.8),
            views: rng.poisson(15),
            followers: rng.poisson(9),
            rooms: u.layout.rooms,
            halls: u.layout.halls,
            area: u.area,
            floor: u.floor,
            totalFloors: u.floors,
            orientation: u.orientation,
            source: netsign ? 'netsign' : 'agency',
            agentId: !netsign && e.agents.length ? rng.pick(e.agents) : null,
          },
        });
      }
    }
    // rentals
    const yieldRate = (tier1 ? 0.017 : 0.021) * rng.logNormal(0.08);
    for (let m = 0; m < WINDOW; m++) {
      const n = rng.poisson(e.rentRate);
      for (let k = 0; k < n; k++) {
        const u = unitOf(e);
        const start = monthStartDay(m) + rng.int(0, monthEnd(m) - monthStartDay(m));
        const end = start + Math.max(5, Math.round(rng.logNormal(0.6) * 35));
        const ended = end <= T;
        const shared = u.layout.rooms >= 3 && rng.chance(0.35);
        const area = shared ? Math.round(rng.uniform(12, 24) * 10) / 10 : u.area;
        const rentLevel = 1 + (0.03 * (WINDOW - 1 - m)) / (WINDOW - 1);
        // unscaled monthly rent (scaled below with the city's price scale)
        const rent =
          ((e.base * yieldRate) / 12) * rentLevel * u.factor * area * (shared ? 1.3 : 1) * rng.logNormal(0.06);
        rentals.push({
          id: ++ids.rental,
          externalId: null,
          cityId: city.id,
          districtId: e.row.districtId,
          plateId: e.row.plateId,
          estateId: e.row.id,
          rentType: shared ? 'shared' : 'whole',
          rooms: shared ? 1 : u.layout.rooms,
          halls: shared ? 0 : u.layout.halls,
          area,
          orientation: u.orientation,
          floor: u.floor,
          totalFloors: u.floors,
          decoration: u.decoration === '毛坯' ? '简装' : u.decoration,
          monthlyRent: rent, // replaced below
          rentPerSqm: 0,
          paymentMethod: rng.weighted(PAYMENT_METHODS, [6, 3, 1, 1, 1, 0.5]),
          availableFrom: dayString(start + rng.int(0, 20)),
          listedAt: dayString(start),
          status: !ended ? 'on_rent' : rng.chance(0.8) ? 'rented' : 'off',
          endedAt: ended ? dayString(end) : null,
          agentId: e.agents.length ? rng.pick(e.agents) : null,
        });
      }
    }
  }

  // ---- calibration: the latest listing average hits the city's target ---------------------------------
  let sum = 0;
  let cnt = 0;
  for (const l of rawListings) {
    if (l.row.status !== 'on_sale') continue;
    const last = l.changes.length ? l.changes[l.changes.length - 1]!.price : l.price0;
    sum += last / l.row.area;
    cnt++;
  }
  const scale = cnt ? city.targetPrice / (sum / cnt) : 1;
  const wan = (v: number) => Math.max(10_000, Math.round(v / 10_000) * 10_000);
  for (const l of rawListings) {
    const r = l.row;
    r.initialTotalPrice = wan(l.price0 * scale);
    r.initialUnitPrice = Math.round(r.initialTotalPrice / r.area);
    let prev = r.initialTotalPrice;
    l.changes.forEach((c, i) => {
      let next = wan(c.price * scale);
      if (next === prev) next = prev + (c.price < (l.changes[i - 1]?.price ?? l.price0) ? -10_000 : 10_000);
      priceChanges.push({
        listingId: r.id,
        seq: i + 1,
        changedAt: dayString(c.day),
        oldTotalPrice: prev,
        newTotalPrice: next,
        newUnitPrice: Math.round(next / r.area),
      });
      prev = next;
    });
    r.totalPrice = prev;
    r.unitPrice = Math.round(prev / r.area);
    listings.push(r);
  }
  const byListing = new Map(listings.map((l) => [l.id, l]));
  // 成交数据约延迟15天: a sale of the last DEAL_DELAY_DAYS days is not in the data yet (its listing is off the
  // market, its deal not published), so no page shows a deal newer than its delay note allows.
  const newestDeal = latestDealDay(dayString(T));
  const published = rawDeals.filter((d) => d.row.dealDate <= newestDeal);
  published.sort((a, b) =>
    a.row.dealDate < b.row.dealDate ? -1 : a.row.dealDate > b.row.dealDate ? 1 : a.row.estateId - b.row.estateId,
  );
  for (const d of published) {
    const r = d.row;
    r.id = ++ids.deal;
    const list = r.listingId ? byListing.get(r.listingId)!.totalPrice : Math.round((d.list * scale) / 1000) * 1000;
    r.totalPrice = Math.round((d.price * scale) / 1000) * 1000;
    if (r.listingId) r.totalPrice = Math.round((list * (d.price / d.list)) / 1000) * 1000;
    r.unitPrice = Math.round(r.totalPrice / r.area);
    r.listTotalPrice = list;
    r.bargainPct = Math.round(((list - r.totalPrice) / list) * 1000) / 10;
    deals.push(r);
  }
  for (const r of rentals) {
    const rent = Math.max(300, Math.round(((r.monthlyRent as number) * scale) / 10) * 10);
    r.monthlyRent = rent;
    r.rentPerSqm = Math.round((rent / r.area) * 10) / 10;
  }
  // agents' counters
  const agentStats = new Map<number, { s: number; d: number }>();
  for (const d of deals)
    if (d.agentId) (agentStats.get(d.agentId) ?? agentStats.set(d.agentId, { s: 0, d: 0 }).get(d.agentId)!).d++;
  for (const l of listings)
    if (l.agentId)
      (agentStats.get(l.agentId) ?? agentStats.set(l.agentId, { s: 0, d: 0 }).get(l.agentId)!).s += l.views30d ?? 0;
  for (const a of agents) {
    const s = agentStats.get(a.id);
    a.dealCount = s?.d ?? 0;
    a.showingCount = (s?.s ?? 0) + (s?.d ?? 0) * 6;
  }

  // ---- new-house projects ---------------------------------------------------------------------------
  const projects: ProjectRow[] = [];
  const unitTypes: UnitTypeRow[] = [];
  const managers: CityData['managers'] = [];
  const managerProjects: CityData['managerProjects'] = [];
  const nProjects = Math.max(18, Math.round(nEstates * 0.04));
  const projectNames = new Set<string>(takenNames);
  const candidatePlates = plates.map((_, i) => i).filter((i) => rings[plateDistrict[i]!] !== 'core' || rng.chance(0.3));
  const lastDay = T;
  for (let k = 0; k < nProjects; k++) {
    const pi =
      candidatePlates[
        k % candidatePlates.length === 0
          ? rng.int(0, candidatePlates.length - 1)
          : rng.int(0, candidatePlates.length - 1)
      ]!;
    const p = plates[pi]!;
    const di = plateDistrict[pi]!;
    const d = geo.districts[di]!;
    const pos = sampleIn(rng, d, [p.lng, p.lat], 1.2);
    const developer = rng.pick(DEVELOPERS);
    const status = k % 9 === 0 ? '售罄' : k % 4 === 1 ? '待售' : rng.weighted(['在售', '待售', '售罄'], [6, 2, 2]);
    const opening =
      status === '待售'
        ? lastDay + rng.int(5, 180)
        : status === '在售'
          ? lastDay - rng.int(10, 500)
          : lastDay - rng.int(400, 1500);
    const avg =
      Math.round((city.targetPrice * districtFactor[di]! * plateFactor[pi]! * rng.uniform(1.0, 1.2)) / 100) * 100;
    const id = ++ids.project;
    const name = projectName(rng, developer, projectNames);
    const households = rng.int(200, 2400);
    const nPermits = status === '待售' ? (rng.chance(0.5) ? 1 : 0) : rng.int(1, 4);
    const permits = Array.from({ length: nPermits }, (_, j) => {
      const issued = Math.min(opening, lastDay) - rng.int(3, 40) + j * 60;
      return {
        no: `${PERMIT_PREFIX[city.adcode] ?? '预售'}(${dayString(issued).slice(0, 4)})第${String(rng.int(1, 999999)).padStart(6, '0')}号`,
        issuedAt: dayString(issued),
        units: rng.int(80, 600),
      };
    });
    const types = rng.int(3, 6);
    let minTotal = Infinity;
    let maxTotal = 0;
    for (let t = 0; t < types; t++) {
      const [rooms, halls, baths, lo, hi] = LAYOUTS[Math.min(LAYOUTS.length - 1, 1 + t)]!;
      const area = Math.round(rng.uniform(lo, hi));
      const total = Math.round((avg * area * rng.uniform(0.95, 1.08)) / 10_000) * 10_000;
      minTotal = Math.min(minTotal, total);
      maxTotal = Math.max(maxTotal, total);
      unitTypes.push({
        id: ++ids.unitType,
        projectId: id,
        name: `${String.fromCharCode(65 + t)}户型`,
        rooms,
        halls,
        baths,
        area,
        orientation: rng.weighted(['南', '南北', '东南'], [3, 5, 1]),
        totalPrice: total,
        status: status === '售罄' ? '售罄' : status === '待售' ? '待售' : rng.chance(0.8) ? '在售' : '售罄',
      });
    }
    const hot = city.isHot && status !== '售罄' && rng.chance(0.35);
    projects.push({
      id,
      cityId: city.id,
      districtId: Number(d.adcode),
      plateId: p.id,
      name,
      alias: null,
      pinyin: py(name),
      lng: pos[0],
      lat: pos[1],
      saleStatus: status,
      propertyType: rng.chance(0.9) ? '住宅' : '公寓',
      avgPrice: status === '待售' && rng.chance(0.3) ? null : avg,
      totalPriceMin: minTotal,
      totalPriceMax: maxTotal,
      priceUpdatedAt: dayString(lastDay - rng.int(0, 60)),
      openingDate: dayString(opening),
      deliveryDate: dayString(opening + rng.int(540, 1100)),
      presalePermits: permits,
      tenureYears: 70,
      plotRatio: Math.round(rng.uniform(1.8, 3.2) * 100) / 100,
      greeningRate: Math.round(rng.uniform(0.3, 0.4) * 100) / 100,
      householdCount: households,
      developer,
      propertyCompany: propertyCompany(rng, developer),
      propertyFee: Math.round(rng.uniform(2.5, 5.5) * 10) / 10,
      decoration: rng.chance(0.6) ? '精装' : '毛坯',
      onePricePerUnit: status !== '待售' && rng.chance(0.7),
      lottery: hot ? { date: dayString(opening + 7), units: rng.int(100, 500), registrants: 0, ratio: 0 } : null,
      tags: [rng.chance(0.5) ? '近地铁' : '品牌房企', status === '在售' ? '在售' : status].filter(
        (v, i, a) => a.indexOf(v) === i,
      ),
    });
    const last = projects[projects.length - 1]!;
    // 摇号 for a hot sale; otherwise 现房 or 期房 as its hand-over date says (one rule, @fjt/domain deliveryTag).
    last.tags = [...(last.tags ?? []), hot ? '摇号' : deliveryTag(last.deliveryDate!, dayString(lastDay))];
    if (last.lottery) {
      last.lottery.registrants = Math.round(last.lottery.units * rng.uniform(0.8, 12));
      last.lottery.ratio = Math.round((last.lottery.registrants / last.lottery.units) * 100) / 100;
    }
    const nm = rng.int(2, 4);
    for (let j = 0; j < nm; j++) {
      const mid = ++ids.manager;
      managers.push({
        id: mid,
        cityId: city.id,
        name: personName(rng),
        avatar: null,
        developer,
        rating: Math.round(rng.uniform(4.3, 5) * 10) / 10,
        responseRate: Math.round(rng.uniform(0.7, 1) * 100) / 100,
        imId: `im_m${mid}`,
      });
      managerProjects.push({ managerId: mid, projectId: id });
    }
  }

  // ---- series -----------------------------------------------------------------------------------------
  const agg = new SeriesAggregator(city.id);
  const changesByListing = new Map<number, PriceChangeRow[]>();
  for (const c of priceChanges)
    (changesByListing.get(c.listingId) ?? changesByListing.set(c.listingId, []).get(c.listingId)!).push(c);
  for (const l of listings) agg.addListing(l, changesByListing.get(l.id) ?? []);
  for (const d of deals) agg.addDeal(d);
  for (const r of rentals) agg.addRental(r);

  return {
    districts,
    plates,
    metroLines,
    metroStations,
    estates: estates.map((e) => e.row),
    buildings,
    listings,
    priceChanges,
    deals,
    rentals,
    projects,
    unitTypes,
    agents,
    agentEstates,
    managers,
    managerProjects,
    contractors,
    contractorPlates,
    series: agg.rows(),
    scale,
  };
}

export { LAST_MONTH, monthsEnding, dayOf };
