// estate/rent/list (spec §7; PAGES.md §3.6): an estate's rentals with its rent level, or the city's rentals.
import { z } from 'zod';
import { band, idParam, metroDistanceParam, pageParams, roomTypes, textParam } from './params.ts';
import { cityIdParam } from './geo.ts';
import { trendPoint } from './market.ts';

export const TENANCY_ORDERS = ['default', 'listedAt_desc', 'rent_asc', 'rent_desc', 'area_desc'] as const;

export const rentListQuery = z.object({
  cityId: cityIdParam,
  /** The estate (小区) id; absent for the city-wide rental search. */
  houseId: idParam('houseId').optional(),
  /** Keyword for the estates (汉字, pinyin or initials), as in search. */
  kw: textParam('kw', { max: 30 }).optional(),
  rental: z.enum(['whole', 'shared'], { message: 'rental 只能是 whole 或 shared' }).optional(),
  /** Comma-separated room counts, 5 meaning five or more: '1,2'. */
  roomType: roomTypes(),
  /** Monthly rent band in 元: '2000-4000', '6000-'. */
  rent: band('rent', '2000-4000'),
  metroDistance: metroDistanceParam().optional(),
  tenancyOrder: z.enum(TENANCY_ORDERS, { message: 'tenancyOrder 不是可用的排序方式' }).default('default'),
  ...pageParams(50, { maxPage: 500, defaultSize: 20 }),
});
export type RentListQuery = z.infer<typeof rentListQuery>;

export const rentalCard = z.object({
  id: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  plateName: z.string().nullable(),
  rentType: z.enum(['whole', 'shared']),
  rooms: z.number().int(),
  halls: z.number().int(),
  area: z.number(),
  orientation: z.string(),
  floor: z.number().int(),
  totalFloors: z.number().int(),
  decoration: z.string(),
  monthlyRent: z.number().int(),
  rentPerSqm: z.number(),
  paymentMethod: z.string(),
  availableFrom: z.string().nullable(),
  listedAt: z.string(),
  stationDistanceM: z.number().int().nullable(),
});
export type RentalCard = z.infer<typeof rentalCard>;

export const rentSummary = z.object({
  estateId: z.number().int(),
  estateName: z.string(),
  plateName: z.string().nullable(),
  /** 'YYYY-MM' of the data's month (the city's newest), null before any data. */
  month: z.string().nullable(),
  /** Average monthly rent of the homes on offer now, 元/月. */
  rentAvgMonthly: z.number().int().nullable(),
  /** 租金均价 元/㎡·月 of the rentals on offer now (null when none is), and its MoM % against last month. */
  rentAvg: z.number().nullable(),
  rentMom: z.number().nullable(),
  /** 租售比 as 1:N — months of rent that buy the home at the listing average. */
  rentToPrice: z.number().int().nullable(),
  onRentCount: z.number().int(),
  /** 12 months of 租金均价 元/㎡·月, oldest first (listingAvg/dealAvg carry rent here). */
  trend: z.array(trendPoint.pick({ month: true }).extend({ rentAvg: z.number().nullable() })),
});
export type RentSummary = z.infer<typeof rentSummary>;

export const rentListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(rentalCard),
  summary: rentSummary.nullable(),
});
export type RentListBody = z.infer<typeof rentListBody>;
