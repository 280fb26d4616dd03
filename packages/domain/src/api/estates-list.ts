// estate/list (PAGES.md §3.2 community-list, §3.1 findArea/list, §3.4 plate-detail/list): estates of a city,
// district or plate, with their latest 挂牌均价, MoM, 在售 and 成交, sortable and filterable.
import { z } from 'zod';
import { band } from './params.ts';
import { cityIdParam } from './geo.ts';

const id = (name: string) =>
  z.coerce
    .number({ message: `${name} 格式不正确` })
    .int({ message: `${name} 格式不正确` })
    .positive({ message: `${name} 格式不正确` });

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
  districtId: id('districtId').optional(),
  plateId: id('plateId').optional(),
  /** Keyword (汉字, pinyin or initials) as in search; results keep the search ranking unless sorted. */
  kw: z.string().trim().min(1, { message: 'kw 不能为空' }).max(30, { message: 'kw 最多30个字' }).optional(),
  smartOrder: z.enum(ESTATE_ORDERS, { message: 'smartOrder 不是可用的排序方式' }).default('default'),
  /** 挂牌均价 band in 元/㎡: '20000-40000'. */
  singlePrice: band('singlePrice', '20000-40000'),
  /** 楼龄 band in years: '0-10', '20-'. */
  homeAge: band('homeAge', '0-10'),
  page: z.coerce.number({ message: 'page 格式不正确' }).int().min(1, { message: 'page 从 1 开始' }).max(500).default(1),
  size: z.coerce.number({ message: 'size 格式不正确' }).int().min(1).max(50, { message: 'size 最多为 50' }).default(20),
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
