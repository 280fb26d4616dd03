// estate/list (PAGES.md §3.2 community-list, §3.1 findArea/list, §3.4 plate-detail/list): estates of a city,
// district or plate, with their latest 挂牌均价, MoM, 在售 and 成交, sortable and filterable.
import { z } from 'zod';
import { band, idParam, pageParams, textParam } from './params.ts';
import { cityIdParam } from './geo.ts';

export const ESTATE_ORDERS = [
  'default',
  'avgPrice_asc',
  'avgPrice_desc',
  'rise_desc',
  'fall_desc',
  'dealCount_desc',
  'buildYear_desc',
] as const;

export const estateListQuery = z.object({
  cityId: cityIdParam,
  districtId: idParam('districtId').optional(),
  plateId: idParam('plateId').optional(),
  /** Keyword (汉字, pinyin or initials) as in search; results keep the search ranking unless sorted. */
  kw: textParam('kw', { max: 30 }).optional(),
  smartOrder: z.enum(ESTATE_ORDERS, { message: 'smartOrder 不是可用的排序方式' }).default('default'),
  /** 挂牌均价 band in 元/㎡: '20000-40000'. */
  singlePrice: band('singlePrice', '20000-40000'),
  /** 楼龄 band in years: '0-10', '20-'. */
  homeAge: band('homeAge', '0-10'),
  ...pageParams(50, { maxPage: 500, defaultSize: 20 }),
});
export type EstateListQuery = z.infer<typeof estateListQuery>;

export const estateListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  districtName: z.string().nullable(),
  plateName: z.string().nullable(),
  buildYear: z.number().int().nullable(),
  tags: z.array(z.string()),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  /** Listings on sale at the end of the latest month. */
  onSaleCount: z.number().int(),
  /** Deals in the latest month. */
  dealCount: z.number().int(),
});
export type EstateListRow = z.infer<typeof estateListRow>;

export const estateListBody = z.object({
  /** What the list covers: 杭州 / 西湖区 / 文新. */
  scope: z.object({ level: z.enum(['city', 'district', 'plate']), id: z.number().int(), name: z.string() }),
  month: z.string().nullable(),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(estateListRow),
});
export type EstateListBody = z.infer<typeof estateListBody>;
