// Payloads of the new-house pages (PAGES.md §3.5, manager §3.11): project search, the project dossier, its
// price list and 置业顾问, the opening calendar, the upcoming ranking and the monthly new-house report.
// Money in 元 and 元/㎡; dates 'YYYY-MM-DD'; months 'YYYY-MM'. "As of" is the end of the city's newest
// published month (price_series), the same reference every other page uses.
import { z } from 'zod';
import { band, idParam, monthParam, pageParams, roomTypes, textParam } from './params.ts';
import { cityIdParam } from './geo.ts';

export const NEW_HOUSE_PAGE_SIZE = 20;
/** A 参考均价 older than this (days before the as-of date) is flagged as stale (PAGES.md §3.5, research §3). */
export const NEW_HOUSE_PRICE_STALE_DAYS = 90;
/** "Near an estate" = within this radius, nearest first. */
export const NEW_HOUSE_NEAR_RADIUS_M = 5_000;

/** 销售状态 as the data holds it, with the URL codes of the filter. */
export const NEW_HOUSE_STATUSES = { selling: '在售', upcoming: '待售', soldOut: '售罄' } as const;
export type NewHouseStatusCode = keyof typeof NEW_HOUSE_STATUSES;
const STATUS_CODES = Object.keys(NEW_HOUSE_STATUSES) as [NewHouseStatusCode, ...NewHouseStatusCode[]];

/** 开盘时间 filter, relative to the as-of date. */
export const NEW_HOUSE_OPENINGS = {
  next3: '未来3个月开盘',
  next6: '未来6个月开盘',
  last3: '近3个月已开盘',
  last12: '近1年已开盘',
} as const;
export type NewHouseOpening = keyof typeof NEW_HOUSE_OPENINGS;
const OPENING_CODES = Object.keys(NEW_HOUSE_OPENINGS) as [NewHouseOpening, ...NewHouseOpening[]];

export const NEW_HOUSE_SORTS = {
  default: '综合排序',
  opening_desc: '最新开盘',
  avgPrice_asc: '均价从低到高',
  avgPrice_desc: '均价从高到低',
  totalPrice_asc: '总价从低到高',
  distance: '距离最近',
} as const;
export type NewHouseSort = keyof typeof NEW_HOUSE_SORTS;
const SORT_CODES = Object.keys(NEW_HOUSE_SORTS) as [NewHouseSort, ...NewHouseSort[]];

export const projectIdParam = idParam('houseId');

// ---------- new-house/find-house-base-es ----------

export const newHouseSearchQuery = z.object({
  cityId: cityIdParam,
  districtId: idParam('districtId').optional(),
  plateId: idParam('plateId').optional(),
  /** An estate (小区): projects within NEW_HOUSE_NEAR_RADIUS_M of it, nearest first by default. */
  estateId: idParam('estateId').optional(),
  /** Project name keyword (汉字 or pinyin). */
  kw: textParam('kw', { max: 30 }).optional(),
  /** 总价 band in 万 ('200-300'): the project's 总价段 overlaps it. */
  price: band('price', '200-300'),
  /** 单价 band in 元/㎡ ('30000-40000') on 参考均价. */
  singlePrice: band('singlePrice', '30000-40000'),
  /** 户型: comma-separated room counts, 5 = five or more; a project matches when one unit type does. */
  roomType: roomTypes(),
  /** 面积 band in ㎡ over the unit types. */
  area: band('area', '70-90'),
  status: z.enum(STATUS_CODES, { message: 'status 只能是 selling、upcoming 或 soldOut' }).optional(),
  opening: z.enum(OPENING_CODES, { message: 'opening 只能是 next3、next6、last3 或 last12' }).optional(),
  sort: z
    .enum(SORT_CODES, {
      message: 'sort 只能是 default、opening_desc、avgPrice_asc、avgPrice_desc、totalPrice_asc 或 distance',
    })
    .default('default'),
  ...pageParams(NEW_HOUSE_PAGE_SIZE),
});
export type NewHouseSearchQuery = z.infer<typeof newHouseSearchQuery>;

export const newHouseCard = z.object({
  id: z.number().int(),
  name: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  plateId: z.number().int(),
  plateName: z.string(),
  /** 在售 | 待售 | 售罄. */
  saleStatus: z.string(),
  propertyType: z.string(),
  decoration: z.string().nullable(),
  /** 参考均价 元/㎡; null while not announced. */
  avgPrice: z.number().nullable(),
  /** 总价段 元. */
  totalPriceMin: z.number().nullable(),
  totalPriceMax: z.number().nullable(),
  priceUpdatedAt: z.string().nullable(),
  /** 价格更新时间 more than NEW_HOUSE_PRICE_STALE_DAYS before the as-of date. */
  priceStale: z.boolean(),
  openingDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  /** 户型面积 range ㎡ and room counts of the unit types. */
  areaMin: z.number().nullable(),
  areaMax: z.number().nullable(),
  rooms: z.array(z.number().int()),
  tags: z.array(z.string()),
  /** Metres from the estate of a "near" search; null otherwise. */
  distanceM: z.number().int().nullable(),
});
export type NewHouseCard = z.infer<typeof newHouseCard>;

export const newHouseSearchBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The as-of date of the 开盘时间 filter and the stale flag; null before any data. */
  asOf: z.string().nullable(),
  /** The estate of a "near" search. */
  near: z.object({ estateId: z.number().int(), estateName: z.string(), radiusM: z.number().int() }).nullable(),
  list: z.array(newHouseCard),
});
export type NewHouseSearchBody = z.infer<typeof newHouseSearchBody>;

// ---------- NEW new-house/detail ----------

export const newHouseDetailQuery = z.object({ houseId: projectIdParam });
export type NewHouseDetailQuery = z.infer<typeof newHouseDetailQuery>;

export const presalePermit = z.object({ no: z.string(), issuedAt: z.string(), units: z.number().int() });
export const lotteryInfo = z.object({
  date: z.string(),
  units: z.number().int(),
  registrants: z.number().int(),
  ratio: z.number(),
});

export const unitTypeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  rooms: z.number().int(),
  halls: z.number().int(),
  baths: z.number().int(),
  area: z.number(),
  orientation: z.string().nullable(),
  /** 参考总价 元 and the 单价 it implies (总价 ÷ 面积). */
  totalPrice: z.number().nullable(),
  unitPrice: z.number().int().nullable(),
  /** 在售 | 待售 | 售罄. */
  status: z.string(),
});
export type UnitTypeRow = z.infer<typeof unitTypeRow>;

export const newHouseDetailBody = z.object({
  project: newHouseCard.extend({
    cityId: z.number().int(),
    alias: z.string().nullable(),
    lng: z.number(),
    lat: z.number(),
    /** Days from 价格更新时间 to the as-of date. */
    priceAgeDays: z.number().int().nullable(),
    presalePermits: z.array(presalePermit),
    lottery: lotteryInfo.nullable(),
    tenureYears: z.number().int().nullable(),
    plotRatio: z.number().nullable(),
    greeningRate: z.number().nullable(),
    householdCount: z.number().int().nullable(),
    developer: z.string().nullable(),
    propertyCompany: z.string().nullable(),
    propertyFee: z.number().nullable(),
    onePricePerUnit: z.boolean(),
  }),
  asOf: z.string().nullable(),
  unitTypes: z.array(unitTypeRow),
  /** The plate's resale averages of the newest published month (price_series), and the project against them. */
  nearbyResale: z.object({
    plateName: z.string(),
    month: z.string().nullable(),
    listingAvg: z.number().nullable(),
    dealAvg: z.number().nullable(),
    /** (参考均价 − 挂牌均价) ÷ 挂牌均价, percent; null when either is missing. */
    premiumPct: z.number().nullable(),
  }),
  managerCount: z.number().int(),
});
export type NewHouseDetailBody = z.infer<typeof newHouseDetailBody>;

// ---------- NEW new-house/price-list ----------

export const newHousePriceListQuery = z.object({ houseId: projectIdParam });

export const newHousePriceListBody = z.object({
  houseId: z.number().int(),
  /** Whether the project published 一房一价. The data holds prices per unit type, not per building or unit. */
  published: z.boolean(),
  priceUpdatedAt: z.string().nullable(),
  /** Unit types grouped as the sales office lists them: 在售 first, then 待售, then 售罄; cheapest first. */
  list: z.array(unitTypeRow),
  /** Of the priced unit types: lowest and highest 单价 (总价 ÷ 面积). */
  unitPriceMin: z.number().int().nullable(),
  unitPriceMax: z.number().int().nullable(),
});
export type NewHousePriceListBody = z.infer<typeof newHousePriceListBody>;

// ---------- NEW new-house/managers, new-house/manager/detail ----------

export const newHouseManagersQuery = z.object({ houseId: projectIdParam });

export const managerRow = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  developer: z.string(),
  rating: z.number(),
  /** 0–1. */
  responseRate: z.number(),
  imId: z.string(),
  projectCount: z.number().int(),
});
export type ManagerRow = z.infer<typeof managerRow>;

export const newHouseManagersBody = z.object({ houseId: z.number().int(), list: z.array(managerRow) });
export type NewHouseManagersBody = z.infer<typeof newHouseManagersBody>;

export const managerDetailQuery = z.object({ id: idParam('id') });

export const managerDetailBody = z.object({
  manager: managerRow,
  projects: z.array(newHouseCard),
});
export type ManagerDetailBody = z.infer<typeof managerDetailBody>;

// ---------- NEW new-house/manager/list ----------

export const managerListQuery = z.object({ cityId: cityIdParam, ...pageParams(NEW_HOUSE_PAGE_SIZE) });
export type ManagerListQuery = z.infer<typeof managerListQuery>;

export const managerListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Best rated first, then by response rate; each with the name of one of their projects. */
  list: z.array(managerRow.extend({ projectName: z.string().nullable() })),
});
export type ManagerListBody = z.infer<typeof managerListBody>;

// ---------- NEW new-house/calendar ----------

/** Calendar events as the data has them: 开盘 (opening_date), 拿证 (presale permits), 摇号 (lottery), 交房. */
export const CALENDAR_TYPES = { opening: '开盘', permit: '拿证', lottery: '摇号', delivery: '交房' } as const;
export type CalendarType = keyof typeof CALENDAR_TYPES;
const CALENDAR_CODES = Object.keys(CALENDAR_TYPES) as [CalendarType, ...CalendarType[]];

export const newHouseCalendarQuery = z.object({
  cityId: cityIdParam,
  /** Absent → the as-of month. */
  month: monthParam(),
  type: z.enum(CALENDAR_CODES, { message: 'type 只能是 opening、permit、lottery 或 delivery' }).optional(),
});
export type NewHouseCalendarQuery = z.infer<typeof newHouseCalendarQuery>;

export const calendarEvent = z.object({
  date: z.string(),
  type: z.enum(CALENDAR_CODES),
  projectId: z.number().int(),
  projectName: z.string(),
  districtName: z.string(),
  saleStatus: z.string(),
  avgPrice: z.number().nullable(),
  /** 套数: the permit's units (拿证), the lottery's units (摇号), the permits' units up to the opening (开盘),
   * the households (交房); null when unknown. */
  units: z.number().int().nullable(),
  /** 摇号 only: registrants and their ratio to the units. */
  registrants: z.number().int().nullable(),
  permitNo: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const newHouseCalendarBody = z.object({
  month: z.string(),
  asOf: z.string().nullable(),
  /** Event counts per type in the month (before the type filter). */
  typeCounts: z.record(z.string(), z.number().int()),
  /** Months with events (any type), for the month switcher, oldest first. */
  months: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** The month's events, by date then type. */
  events: z.array(calendarEvent),
});
export type NewHouseCalendarBody = z.infer<typeof newHouseCalendarBody>;

// ---------- NEW rank/upcoming ----------

export const upcomingRankQuery = z.object({
  cityId: cityIdParam,
  size: pageParams(50, { defaultSize: 20 }).size,
});
export type UpcomingRankQuery = z.infer<typeof upcomingRankQuery>;

export const upcomingRankRow = newHouseCard.extend({
  rank: z.number().int(),
  /** 热度 = 摇号登记人数 (the data has no follower count); null without a lottery. */
  heat: z.number().int().nullable(),
  lotteryUnits: z.number().int().nullable(),
  /** Units of the permits issued so far. */
  permitUnits: z.number().int(),
});
export type UpcomingRankRow = z.infer<typeof upcomingRankRow>;

export const upcomingRankBody = z.object({ asOf: z.string().nullable(), list: z.array(upcomingRankRow) });
export type UpcomingRankBody = z.infer<typeof upcomingRankBody>;

// ---------- NEW report/new-house ----------

export const NEW_HOUSE_REPORT_MONTHS = 12;

export const newHouseReportQuery = z.object({ cityId: cityIdParam, month: monthParam() });
export type NewHouseReportQuery = z.infer<typeof newHouseReportQuery>;

export const newHouseReportBody = z.object({
  cityName: z.string(),
  /** The month reported; null before any data. */
  month: z.string().nullable(),
  /** Published months for the picker, newest first. */
  months: z.array(z.string()),
  supply: z.object({
    /** 预售证 issued in the month and their units (新增供应). */
    permitCount: z.number().int(),
    permitUnits: z.number().int(),
    /** Projects whose 开盘 falls in the month. */
    openingCount: z.number().int(),
    /** Same figures for the month before, and the change of permitUnits, percent. */
    previousPermitUnits: z.number().int(),
    permitUnitsMom: z.number().nullable(),
  }),
  /** Stock at the month's end: projects opened by then and their statuses. */
  stock: z.object({
    sellingCount: z.number().int(),
    upcomingCount: z.number().int(),
    soldOutCount: z.number().int(),
    /** 去化率 ≈ unit types 售罄 ÷ unit types of opened projects, percent (the data has no unit sales). */
    unitTypeSellThroughPct: z.number().nullable(),
    unitTypeCount: z.number().int(),
  }),
  /** 12 months ending with `month`, oldest first. */
  trend: z.array(z.object({ month: z.string(), permitUnits: z.number().int(), openingCount: z.number().int() })),
  /** Per district: mean 参考均价 of its priced 在售 projects vs its resale 挂牌均价 (price_series, same month). */
  districts: z.array(
    z.object({
      districtId: z.number().int(),
      districtName: z.string(),
      projectCount: z.number().int(),
      avgPrice: z.number().int().nullable(),
      resaleListingAvg: z.number().nullable(),
    }),
  ),
  /** Projects of the month: opening or getting permits in it, by 摇号登记人数 then permit units. */
  topProjects: z.array(newHouseCard.extend({ heat: z.number().int().nullable(), monthPermitUnits: z.number().int() })),
});
export type NewHouseReportBody = z.infer<typeof newHouseReportBody>;
