// Payloads of the geo endpoints (config/city-list, app/house/areaList), shared by server and web.
import { z } from 'zod';
import { idParam } from './params.ts';

const flag = (name: string) =>
  z
    .enum(['0', '1', 'true', 'false'], { message: `${name} 只能是 0/1 或 true/false` })
    .optional()
    .transform((v) => v === '1' || v === 'true');

export const cityIdParam = idParam('cityId');

export const cityListQuery = z.object({
  /** 1: only the hot cities (热门城市) */
  hot: z.enum(['0', '1'], { message: 'hot 只能是 0 或 1' }).optional(),
});

export const citySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  pinyin: z.string(),
  isHot: z.boolean(),
  /** Pinyin initials ('hz' for 杭州), for the city search. */
  initials: z.string(),
  /** Centre of the city's districts, for 定位城市. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});
export type CityListItem = z.infer<typeof citySummary>;

/** app/house/areaList and its four option flags (spec §7). */
export const areaListQuery = z.object({
  cityId: cityIdParam,
  withNearAreaOption: flag('withNearAreaOption'),
  withNearAreaOptionChild: flag('withNearAreaOptionChild'),
  withUnlimitedPlateOption: flag('withUnlimitedPlateOption'),
  withUnlimitedDistrictOption: flag('withUnlimitedDistrictOption'),
});
export type AreaListQuery = z.infer<typeof areaListQuery>;

export interface AreaOption {
  /** district/plate id; 0 = 不限; for 'near' the radius in metres (0 for the parent). */
  id: number;
  name: string;
  type: 'district' | 'plate' | 'near' | 'unlimited';
  /** 挂牌均价 元/㎡ of the latest month, null when unknown. */
  listingAvg: number | null;
  /** Month-on-month change of 挂牌均价, percent. */
  listingMom: number | null;
  children?: AreaOption[];
}

export const areaOption: z.ZodType<AreaOption> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(['district', 'plate', 'near', 'unlimited']),
    listingAvg: z.number().nullable(),
    listingMom: z.number().nullable(),
    children: z.array(areaOption).optional(),
  }),
);

export const areaListBody = z.object({ month: z.string().nullable(), list: z.array(areaOption) });
export type AreaListBody = z.infer<typeof areaListBody>;
