import { z } from 'zod';

export const citySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pinyin: z.string(),
  isHot: z.boolean(),
});

export const cityListQuery = z.object({
  /** 1: only the hot cities (热门城市) */
  hot: z.enum(['0', '1'], { message: 'hot 只能是 0 或 1' }).optional(),
});
