// CSV importer for operators' own data: estates, listings, deals, rentals (columns in data/IMPORT.md).
// Every row is validated first; one bad row and nothing is written (errors name the line, the column and
// the reason in Chinese and English). Rows are keyed by external_id: re-importing the same file changes
// nothing, a changed row is updated. The price series of every estate, plate, district and city a
// written row touches are recomputed from the rows in the same transaction.
import { createHash } from 'node:crypto';
import { inArray, schema, sql, type DatabaseHandle } from '@fjt/db';
import { DATA_IMPORT_KINDS, type DataImportKind } from '@fjt/domain';
import { parseCsv } from './csv.ts';
import { recomputeSeries, type Level, type SqlExec } from './series.ts';
import { refreshEstateStats } from './estate-stats.ts';

export type ImportKind = DataImportKind;
export const IMPORT_KINDS: readonly ImportKind[] = DATA_IMPORT_KINDS;

export interface RowError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  column: string;
  value: string;
  zh: string;
  en: string;
}

export class ImportError extends Error {
  constructor(readonly errors: RowError[]) {
    super(
      `${errors.length} invalid row(s); nothing imported. First: line ${errors[0]?.line}, ${errors[0]?.column}: ${errors[0]?.en}`,
    );
    this.name = 'ImportError';
  }
}

export interface ImportResult {
  kind: ImportKind;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  seriesRows: number;
}

type FieldType = 'text' | 'int' | 'num' | 'date' | 'bool' | 'wan' | 'tags';
interface Field {
  name: string;
  type: FieldType;
  required?: boolean;
  min?: number;
  max?: number;
  values?: readonly string[];
}

const ESTATE_REF: Field[] = [
  { name: 'estate_external_id', type: 'text' },
  { name: 'estate_id', type: 'int', min: 1 },
];

export const COLUMNS: Record<ImportKind, Field[]> = {
  estates: [
    { name: 'external_id', type: 'text', required: true },
    { name: 'city_id', type: 'int', required: true },
    { name: 'district', type: 'text', required: true },
    { name: 'plate', type: 'text', required: true },
    { name: 'name', type: 'text', required: true },
    { name: 'alias', type: 'text' },
    { name: 'lng', type: 'num', required: true, min: 73, max: 136 },
    { name: 'lat', type: 'num', required: true, min: 3, max: 54 },
    { name: 'build_year', type: 'int', min: 1950, max: 2035 },
    { name: 'building_type', type: 'text', values: ['板楼', '塔楼', '板塔结合', '别墅'] },
    { name: 'property_type', type: 'text', values: ['住宅', '公寓', '别墅', '商住'] },
    { name: 'tenure_years', type: 'int', values: ['40', '50', '70'] },
    { name: 'building_count', type: 'int', min: 1, max: 1000 },
    { name: 'household_count', type: 'int', min: 1, max: 200000 },
    { name: 'plot_ratio', type: 'num', min: 0.05, max: 30 },
    { name: 'greening_rate', type: 'num', min: 0, max: 1 },
    { name: 'property_fee', type: 'num', min: 0, max: 100 },
    { name: 'property_company', type: 'text' },
    { name: 'developer', type: 'text' },
    { name: 'parking_ratio', type: 'num', min: 0, max: 20 },
    { name: 'tags', type: 'tags' },
  ],
  listings: [
    { name: 'external_id', type: 'text', required: true },
    ...ESTATE_REF,
    { name: 'rooms', type: 'int', required: true, min: 0, max: 20 },
    { name: 'halls', type: 'int', required: true, min: 0, max: 10 },
    { name: 'baths', type: 'int', required: true, min: 0, max: 10 },
    { name: 'area', type: 'num', required: true, min: 5, max: 3000 },
    { name: 'orientation', type: 'text', required: true },
    { name: 'floor', type: 'int', required: true, min: -5, max: 200 },
    { name: 'total_floors', type: 'int', required: true, min: 1, max: 200 },
    { name: 'decoration', type: 'text', required: true, values: ['精装', '简装', '毛坯'] },
    { name: 'has_elevator', type: 'bool' },
    { name: 'total_price', type: 'wan', required: true, min: 0.1, max: 100_000 },
    { name: 'initial_total_price', type: 'wan', min: 0.1, max: 100_000 },
    { name: 'price_changed_at', type: 'date' },
    { name: 'listed_at', type: 'date', required: true },
    { name: 'status', type: 'text', required: true, values: ['on_sale', 'sold', 'delisted'] },
    { name: 'ended_at', type: 'date' },
    { name: 'years_held', type: 'text', values: ['满五', '满二', '不满二'] },
    { name: 'only_home', type: 'bool' },
    { name: 'ownership', type: 'text' },
    { name: 'mortgaged', type: 'bool' },
  ],
  deals: [
    { name: 'external_id', type: 'text', required: true },
    ...ESTATE_REF,
    { name: 'deal_date', type: 'date', required: true },
    { name: 'total_price', type: 'wan', required: true, min: 0.1, max: 100_000 },
    { name: 'area', type: 'num', required: true, min: 5, max: 3000 },
    { name: 'rooms', type: 'int', required: true, min: 0, max: 20 },
    { name: 'halls', type: 'int', required: true, min: 0, max: 10 },
    { name: 'list_total_price', type: 'wan', min: 0.1, max: 100_000 },
    { name: 'floor', type: 'int', min: -5, max: 200 },
    { name: 'total_floors', type: 'int', min: 1, max: 200 },
    { name: 'orientation', type: 'text' },
    { name: 'cycle_days', type: 'int', min: 0, max: 3650 },
    { name: 'source', type: 'text', values: ['agency', 'netsign'] },
  ],
  rentals: [
    { name: 'external_id', type: 'text', required: true },
    ...ESTATE_REF,
    { name: 'rent_type', type: 'text', required: true, values: ['whole', 'shared'] },
    { name: 'rooms', type: 'int', required: true, min: 0, max: 20 },
    { name: 'halls', type: 'int', required: true, min: 0, max: 10 },
    { name: 'area', type: 'num', required: true, min: 3, max: 3000 },
    { name: 'orientation', type: 'text', required: true },
    { name: 'floor', type: 'int', required: true, min: -5, max: 200 },
    { name: 'total_floors', type: 'int', required: true, min: 1, max: 200 },
    { name: 'decoration', type: 'text', required: true, values: ['精装', '简装', '毛坯'] },
    { name: 'monthly_rent', type: 'int', required: true, min: 100, max: 10_000_000 },
    { name: 'payment_method', type: 'text' },
    { name: 'available_from', type: 'date' },
    { name: 'listed_at', type: 'date', required: true },
    { name: 'status', type: 'text', required: true, values: ['on_rent', 'rented', 'off'] },
    { name: 'ended_at', type: 'date' },
  ],
};

type Value = string | number | boolean | string[] | null;
type Parsed = Record<string, Value>;

const err = (line: number, column: string, value: string, zh: string, en: string): RowError => ({
  line,
  column,
  value,
  zh,
  en,
});

function parseField(f: Field, raw: string, line: number, errors: RowError[]): Value {
  const v = raw.trim();
  if (v === '') {
    if (f.required) errors.push(err(line, f.name, raw, '必填项为空', 'required value is empty'));
    return null;
  }
  let out: Value;
  switch (f.type) {
    case 'text':
      out = v;
      break;
    case 'tags':
      return v
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'bool':
      if (['1', 'true', '是', 'y', 'yes'].includes(v.toLowerCase())) return true;
      if (['0', 'false', '否', 'n', 'no'].includes(v.toLowerCase())) return false;
      errors.push(err(line, f.name, raw, '应为 是/否 (1/0)', 'must be a boolean (1/0, true/false, 是/否)'));
      return null;
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      if (!m || !d || d.toISOString().slice(0, 10) !== v) {
        errors.push(err(line, f.name, raw, '日期格式应为 YYYY-MM-DD', 'date must be a valid YYYY-MM-DD'));
        return null;
      }
      out = v;
      break;
    }
    case 'int':
    case 'num':
    case 'wan': {
      const n = Number(v);
      if (!/^-?\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) {
        errors.push(err(line, f.name, raw, '不是有效数字', 'not a valid number'));
        return null;
      }
      if (f.type === 'int' && !Number.isInteger(n)) {
        errors.push(err(line, f.name, raw, '应为整数', 'must be a whole number'));
        return null;
      }
      if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) {
        errors.push(
          err(
            line,
            f.name,
            raw,
            `超出范围 ${f.min ?? '-∞'}–${f.max ?? '∞'}`,
            `out of range ${f.min ?? '-inf'}–${f.max ?? 'inf'}`,
          ),
        );
        return null;
      }
      out = f.type === 'wan' ? Math.round(n * 10_000) : n;
      break;
    }
  }
  if (f.values && !f.values.includes(String(v))) {
    errors.push(err(line, f.name, raw, `取值应为 ${f.values.join('/')}`, `must be one of ${f.values.join(', ')}`));
    return null;
  }
  return out;
}

interface EstateRef {
  id: number;
  cityId: number;
  districtId: number;
  plateId: number;
}

/** Reads and validates a file; returns the rows or every error found. */
export function validateRows(
  kind: ImportKind,
  text: string,
): { rows: { line: number; v: Parsed }[]; errors: RowError[] } {
  const fields = COLUMNS[kind];
  const records = parseCsv(text);
  const errors: RowError[] = [];
  const header = records.shift();
  if (!header) return { rows: [], errors: [err(1, '', '', '文件为空', 'the file is empty')] };
  const cols = header.cells.map((c) => c.trim());
  for (const c of cols) if (!fields.some((f) => f.name === c)) errors.push(err(1, c, c, '未知列', 'unknown column'));
  for (const f of fields)
    if (f.required && !cols.includes(f.name))
      errors.push(err(1, f.name, '', '缺少必需列', 'required column is missing'));
  if (kind !== 'estates' && !cols.includes('estate_external_id') && !cols.includes('estate_id'))
    errors.push(
      err(
        1,
        'estate_external_id',
        '',
        '缺少 estate_external_id 或 estate_id 列',
        'needs an estate_external_id or estate_id column',
      ),
    );
  if (errors.length) return { rows: [], errors };
  const rows: { line: number; v: Parsed }[] = [];
  const seen = new Map<string, number>();
  for (const rec of records) {
    if (rec.cells.length !== cols.length) {
      errors.push(
        err(
          rec.line,
          '',
          rec.cells.join(','),
          `列数应为 ${cols.length}，实为 ${rec.cells.length}`,
          `expected ${cols.length} columns, found ${rec.cells.length}`,
        ),
      );
      continue;
    }
    const v: Parsed = {};
    for (const f of fields) {
      const i = cols.indexOf(f.name);
      v[f.name] = i < 0 ? null : parseField(f, rec.cells[i]!, rec.line, errors);
    }
    const ext = v.external_id as string | null;
    if (ext) {
      const first = seen.get(ext);
      if (first) errors.push(err(rec.line, 'external_id', ext, `与第 ${first} 行重复`, `duplicates line ${first}`));
      else seen.set(ext, rec.line);
    }
    if (kind !== 'estates' && v.estate_external_id === null && v.estate_id === null)
      errors.push(
        err(
          rec.line,
          'estate_external_id',
          '',
          '需填写 estate_external_id 或 estate_id',
          'estate_external_id or estate_id is required',
        ),
      );
    if (typeof v.floor === 'number' && typeof v.total_floors === 'number' && v.floor > v.total_floors)
      errors.push(err(rec.line, 'floor', String(v.floor), '楼层高于总层数', 'floor is above total_floors'));
    const start = (v.listed_at ?? null) as string | null;
    const ended = (v.ended_at ?? null) as string | null;
    const open = kind === 'listings' ? 'on_sale' : 'on_rent';
    if ((kind === 'listings' || kind === 'rentals') && v.status !== null) {
      if (v.status !== open && !ended)
        errors.push(
          err(
            rec.line,
            'ended_at',
            '',
            `状态为 ${String(v.status)} 时必填`,
            `required when status is ${String(v.status)}`,
          ),
        );
      if (v.status === open && ended)
        errors.push(
          err(rec.line, 'ended_at', ended, `状态为 ${open} 时应为空`, `must be empty when status is ${open}`),
        );
      if (start && ended && ended < start)
        errors.push(err(rec.line, 'ended_at', ended, '早于挂牌日期', 'is before listed_at'));
    }
    rows.push({ line: rec.line, v });
  }
  return { rows, errors };
}

async function maxId(exec: SqlExec, table: string): Promise<number> {
  const [r] = await exec(`SELECT coalesce(max(id), 0)::int AS m FROM "${table}"`);
  return Number(r?.m ?? 0);
}

const same = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
  if (Array.isArray(a) || Array.isArray(b) || (a && typeof a === 'object'))
    return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
};

export interface ImportOptions {
  /** The date a price moved by this import is recorded on (default: today, UTC). */
  today?: string;
}

export async function importCsv(
  handle: DatabaseHandle,
  kind: ImportKind,
  text: string,
  fileName = 'import.csv',
  options: ImportOptions = {},
): Promise<ImportResult> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const { rows, errors } = validateRows(kind, text);
  if (errors.length) throw new ImportError(errors);
  const { db } = handle;

  // ---- references -------------------------------------------------------------------------------
  const estateRefs = new Map<string, EstateRef>();
  const districts = new Map<string, { id: number; cityId: number }>();
  const plates = new Map<string, { id: number; districtId: number }>();
  if (kind === 'estates') {
    const cityIds = [...new Set(rows.map((r) => r.v.city_id as number))];
    const known = new Set(
      (await db.select({ id: schema.city.id }).from(schema.city).where(inArray(schema.city.id, cityIds))).map(
        (c) => c.id,
      ),
    );
    const ds = cityIds.length
      ? await db.select().from(schema.district).where(inArray(schema.district.cityId, cityIds))
      : [];
    for (const d of ds) {
      districts.set(`${d.cityId}:${d.name}`, { id: d.id, cityId: d.cityId });
      districts.set(`${d.cityId}:${d.adcode}`, { id: d.id, cityId: d.cityId });
    }
    const ps = ds.length
      ? await db
          .select()
          .from(schema.plate)
          .where(
            inArray(
              schema.plate.districtId,
              ds.map((d) => d.id),
            ),
          )
      : [];
    for (const p of ps) plates.set(`${p.districtId}:${p.name}`, { id: p.id, districtId: p.districtId });
    for (const { line, v } of rows) {
      if (!known.has(v.city_id as number)) {
        errors.push(err(line, 'city_id', String(v.city_id), '城市不存在', 'unknown city'));
        continue;
      }
      const d = districts.get(`${String(v.city_id)}:${String(v.district)}`);
      if (!d) {
        errors.push(
          err(
            line,
            'district',
            String(v.district),
            '该城市下无此区县（名称或 adcode）',
            'no such district in this city (name or adcode)',
          ),
        );
        continue;
      }
      if (!plates.has(`${d.id}:${String(v.plate)}`))
        errors.push(err(line, 'plate', String(v.plate), '该区县下无此板块', 'no such plate in this district'));
    }
  } else {
    const exts = [
      ...new Set(rows.map((r) => r.v.estate_external_id).filter((x): x is string => typeof x === 'string')),
    ];
    const ids = [...new Set(rows.map((r) => r.v.estate_id).filter((x): x is number => typeof x === 'number'))];
    const cols = {
      id: schema.estate.id,
      externalId: schema.estate.externalId,
      cityId: schema.estate.cityId,
      districtId: schema.estate.districtId,
      plateId: schema.estate.plateId,
    };
    const found = [
      ...(exts.length ? await db.select(cols).from(schema.estate).where(inArray(schema.estate.externalId, exts)) : []),
      ...(ids.length ? await db.select(cols).from(schema.estate).where(inArray(schema.estate.id, ids)) : []),
    ];
    for (const e of found) {
      if (e.externalId) estateRefs.set(`x:${e.externalId}`, e);
      estateRefs.set(`i:${e.id}`, e);
    }
    for (const { line, v } of rows) {
      const key = typeof v.estate_external_id === 'string' ? `x:${v.estate_external_id}` : `i:${String(v.estate_id)}`;
      if (!estateRefs.has(key))
        errors.push(
          err(
            line,
            typeof v.estate_external_id === 'string' ? 'estate_external_id' : 'estate_id',
            key.slice(2),
            '小区不存在',
            'unknown estate',
          ),
        );
    }
  }
  if (errors.length) throw new ImportError(errors.sort((a, b) => a.line - b.line));
  const estateOf = (v: Parsed) =>
    estateRefs.get(
      typeof v.estate_external_id === 'string' ? `x:${v.estate_external_id}` : `i:${String(v.estate_id)}`,
    )!;

  // ---- rows as stored ---------------------------------------------------------------------------
  const built: Record<string, unknown>[] = rows.map(({ v }) => {
    switch (kind) {
      case 'estates': {
        const d = districts.get(`${String(v.city_id)}:${String(v.district)}`)!;
        const p = plates.get(`${d.id}:${String(v.plate)}`)!;
        return {
          externalId: v.external_id,
          cityId: v.city_id,
          districtId: d.id,
          plateId: p.id,
          name: v.name,
          alias: v.alias,
          pinyin: null,
          lng: v.lng,
          lat: v.lat,
          buildYear: v.build_year,
          buildingType: v.building_type,
          propertyType: v.property_type ?? '住宅',
          tenureYears: v.tenure_years,
          buildingCount: v.building_count,
          householdCount: v.household_count,
          plotRatio: v.plot_ratio,
          greeningRate: v.greening_rate,
          propertyFee: v.property_fee,
          propertyCompany: v.property_company,
          developer: v.developer,
          parkingRatio: v.parking_ratio,
          tags: v.tags ?? [],
          source: 'import',
        };
      }
      case 'listings': {
        const e = estateOf(v);
        const area = v.area as number;
        const total = v.total_price as number;
        const initial = (v.initial_total_price ?? total) as number;
        return {
          externalId: v.external_id,
          cityId: e.cityId,
          districtId: e.districtId,
          plateId: e.plateId,
          estateId: e.id,
          buildingId: null,
          rooms: v.rooms,
          halls: v.halls,
          baths: v.baths,
          area,
          innerArea: null,
          orientation: v.orientation,
          floor: v.floor,
          totalFloors: v.total_floors,
          decoration: v.decoration,
          hasElevator: v.has_elevator ?? (v.total_floors as number) > 7,
          totalPrice: total,
          unitPrice: Math.round(total / area),
          initialTotalPrice: initial,
          initialUnitPrice: Math.round(initial / area),
          listedAt: v.listed_at,
          status: v.status,
          endedAt: v.ended_at,
          yearsHeld: v.years_held ?? '不满二',
          onlyHome: v.only_home ?? false,
          ownership: v.ownership ?? '商品房',
          lastTradeDate: null,
          mortgaged: v.mortgaged ?? false,
          priceChangeCount: initial === total ? 0 : 1,
          agentId: null,
          _changedAt: v.price_changed_at ?? v.listed_at,
          // the file states the price history itself; otherwise an update keeps the stored one
          _explicit: v.initial_total_price !== null || v.price_changed_at !== null,
        };
      }
      case 'deals': {
        const e = estateOf(v);
        const total = v.total_price as number;
        const list = v.list_total_price as number | null;
        return {
          externalId: v.external_id,
          cityId: e.cityId,
          districtId: e.districtId,
          plateId: e.plateId,
          estateId: e.id,
          buildingId: null,
          listingId: null,
          dealDate: v.deal_date,
          totalPrice: total,
          unitPrice: Math.round(total / (v.area as number)),
          listTotalPrice: list,
          bargainPct: list ? Math.round(((list - total) / list) * 1000) / 10 : null,
          cycleDays: v.cycle_days,
          priceChangeCount: 0,
          views: 0,
          followers: 0,
          rooms: v.rooms,
          halls: v.halls,
          area: v.area,
          floor: v.floor,
          totalFloors: v.total_floors,
          orientation: v.orientation,
          source: v.source ?? 'netsign',
          agentId: null,
        };
      }
      case 'rentals': {
        const e = estateOf(v);
        const rent = v.monthly_rent as number;
        return {
          externalId: v.external_id,
          cityId: e.cityId,
          districtId: e.districtId,
          plateId: e.plateId,
          estateId: e.id,
          rentType: v.rent_type,
          rooms: v.rooms,
          halls: v.halls,
          area: v.area,
          orientation: v.orientation,
          floor: v.floor,
          totalFloors: v.total_floors,
          decoration: v.decoration,
          monthlyRent: rent,
          rentPerSqm: Math.round((rent / (v.area as number)) * 10) / 10,
          paymentMethod: v.payment_method ?? '押一付三',
          availableFrom: v.available_from,
          listedAt: v.listed_at,
          status: v.status,
          endedAt: v.ended_at,
          agentId: null,
        };
      }
    }
  });

  const table = { estates: schema.estate, listings: schema.listing, deals: schema.deal, rentals: schema.rental }[kind];
  const tableName = { estates: 'estate', listings: 'listing', deals: 'deal', rentals: 'rental' }[kind];
  const externalIds = built.map((b) => b.externalId as string);
  const existing = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < externalIds.length; i += 5000) {
    const part = externalIds.slice(i, i + 5000);
    const found = (await db.select().from(table).where(inArray(table.externalId, part))) as Record<string, unknown>[];
    for (const r of found) existing.set(r.externalId as string, r);
  }
  let existingChanges = new Map<number, { seq: number; changedAt: string; newTotalPrice: number }[]>();
  if (kind === 'listings' && existing.size) {
    const ids = [...existing.values()].map((r) => r.id as number);
    const cs = await db
      .select()
      .from(schema.listingPriceChange)
      .where(inArray(schema.listingPriceChange.listingId, ids));
    existingChanges = new Map();
    for (const c of cs)
      (existingChanges.get(c.listingId) ?? existingChanges.set(c.listingId, []).get(c.listingId)!).push(c);
  }

  const inserts: Record<string, unknown>[] = [];
  const updates: {
    id: number;
    row: Record<string, unknown>;
    old: Record<string, unknown>;
    /** A price change this import makes (listings without their own history columns). */
    append?: { seq: number; changedAt: string; oldTotalPrice: number };
  }[] = [];
  let unchanged = 0;
  for (const b of built) {
    const { _changedAt, _explicit, ...row } = b;
    const old = existing.get(row.externalId as string);
    if (!old) {
      inserts.push(b);
      continue;
    }
    let append: (typeof updates)[number]['append'];
    if (kind === 'listings' && !_explicit) {
      // A file without initial_total_price / price_changed_at: the stored history stands, and a new asking
      // price is one more 调价 dated today (so the listing page and the price-cut alerts see it).
      const cs = existingChanges.get(old.id as number) ?? [];
      row.initialTotalPrice = old.initialTotalPrice;
      row.initialUnitPrice = Math.round((old.initialTotalPrice as number) / (row.area as number));
      row.priceChangeCount = old.priceChangeCount;
      if (old.totalPrice !== row.totalPrice) {
        row.priceChangeCount = (old.priceChangeCount as number) + 1;
        const seq = cs.reduce((m, c) => Math.max(m, c.seq), 0) + 1;
        append = { seq, changedAt: today, oldTotalPrice: old.totalPrice as number };
      }
      b.initialTotalPrice = row.initialTotalPrice;
      b.initialUnitPrice = row.initialUnitPrice;
      b.priceChangeCount = row.priceChangeCount;
      if (Object.keys(row).some((k) => !same(row[k], old[k])))
        updates.push({ id: old.id as number, row: b, old, append });
      else unchanged++;
      continue;
    }
    let differs = Object.keys(row).some((k) => !same(row[k], old[k]));
    if (!differs && kind === 'listings') {
      const cs = existingChanges.get(old.id as number) ?? [];
      const want = row.priceChangeCount ? [{ changedAt: _changedAt, newTotalPrice: row.totalPrice }] : [];
      differs =
        cs.length !== want.length ||
        cs.some((c, i) => c.changedAt !== want[i]!.changedAt || c.newTotalPrice !== want[i]!.newTotalPrice);
    }
    if (differs) updates.push({ id: old.id as number, row: b, old });
    else unchanged++;
  }
  if (inserts.length === 0 && updates.length === 0)
    return { kind, rows: rows.length, inserted: 0, updated: 0, unchanged, seriesRows: 0 };

  // ---- write, all or nothing ----------------------------------------------------------------------
  let seriesRows = 0;
  await db.transaction(async (tx) => {
    const exec: SqlExec = async (text) =>
      ((await tx.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
    let next = await maxId(exec, tableName);
    const touched = new Map<number, Record<Level, Set<number>>>();
    const touch = (r: Record<string, unknown>) => {
      const cityId = r.cityId as number;
      let t = touched.get(cityId);
      if (!t) touched.set(cityId, (t = { city: new Set(), district: new Set(), plate: new Set(), estate: new Set() }));
      t.city.add(cityId);
      t.district.add(r.districtId as number);
      t.plate.add(r.plateId as number);
      if (kind !== 'estates') t.estate.add(r.estateId as number);
      else t.estate.add(r.id as number);
    };
    const changeRow = (listingId: number, b: Record<string, unknown>) => ({
      listingId,
      seq: 1,
      changedAt: b._changedAt as string,
      oldTotalPrice: b.initialTotalPrice as number,
      newTotalPrice: b.totalPrice as number,
      newUnitPrice: b.unitPrice as number,
    });
    const toInsert: Record<string, unknown>[] = inserts.map((b) => ({ ...b, id: ++next }));
    for (let i = 0; i < toInsert.length; i += 500) {
      const part = toInsert.slice(i, i + 500);
      await tx.insert(table).values(part.map(({ _changedAt, _explicit, ...r }) => r) as never);
      if (kind === 'listings') {
        const cs = part.filter((b) => b.priceChangeCount).map((b) => changeRow(b.id as number, b));
        if (cs.length) await tx.insert(schema.listingPriceChange).values(cs);
      }
    }
    for (const r of toInsert) if (kind !== 'estates') touch(r);
    for (const u of updates) {
      const { _changedAt, _explicit, externalId: _externalId, ...row } = u.row;
      await tx
        .update(table)
        .set(row as never)
        .where(sql`${table.id} = ${u.id}`);
      if (kind === 'listings' && u.row._explicit) {
        await tx.delete(schema.listingPriceChange).where(sql`${schema.listingPriceChange.listingId} = ${u.id}`);
        if (u.row.priceChangeCount) await tx.insert(schema.listingPriceChange).values(changeRow(u.id, u.row));
      } else if (kind === 'listings' && u.append) {
        await tx.insert(schema.listingPriceChange).values({
          listingId: u.id,
          seq: u.append.seq,
          changedAt: u.append.changedAt,
          oldTotalPrice: u.append.oldTotalPrice,
          newTotalPrice: u.row.totalPrice as number,
          newUnitPrice: u.row.unitPrice as number,
        });
      }
      if (kind === 'estates') {
        // an estate that moved to another plate takes its rows along
        if (u.old.plateId !== row.plateId || u.old.districtId !== row.districtId || u.old.cityId !== row.cityId) {
          for (const t of ['listing', 'deal', 'rental'])
            await exec(
              `UPDATE "${t}" SET city_id = ${Number(row.cityId)}, district_id = ${Number(row.districtId)}, plate_id = ${Number(row.plateId)} WHERE estate_id = ${u.id}`,
            );
          touch({ ...u.old, id: u.id });
          touch({ ...row, id: u.id });
        }
      } else {
        touch(u.old);
        touch(u.row);
      }
    }
    for (const [cityId, t] of touched) {
      seriesRows += await recomputeSeries(exec, cityId, {
        city: [...t.city],
        district: [...t.district],
        plate: [...t.plate],
        estate: [...t.estate],
      });
      // the city's estate pages aggregate from the rows just changed (and neighbours list each other)
      await refreshEstateStats(exec, cityId);
    }
    await tx.insert(schema.importRun).values({
      kind,
      fileName,
      sha256: createHash('sha256').update(text).digest('hex'),
      inserted: inserts.length,
      updated: updates.length,
      unchanged,
    });
  });
  return { kind, rows: rows.length, inserted: inserts.length, updated: updates.length, unchanged, seriesRows };
}
