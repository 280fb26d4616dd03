import { z } from 'zod';

export const citySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pinyin: z.string(),
  isHot: z.boolean(),
});

export const cityListQuery = z.object({}).strict();
