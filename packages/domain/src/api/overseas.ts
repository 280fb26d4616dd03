// overseas/detail and overseas/list payloads (PAGES.md §3.2 海外房产 / 海外详情). Prices are in the local
// currency; the ≈¥ figures use the project's reference rate (rateToCny, as of rateDate).
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { idParam } from './params.ts';

export const overseasDetailQuery = z.object({
  id: idParam('id'),
  /** 1: include the payment schedule, taxes and ownership rules (海外详情). */
  full: z.enum(['0', '1'], { message: 'full 只能为 0 或 1' }).optional(),
});
export type OverseasDetailQuery = z.infer<typeof overseasDetailQuery>;

export const overseasListQuery = z.object({ cityId: cityIdParam });

export const overseasUnit = z.object({
  name: z.string(),
  areaMin: z.number(),
  areaMax: z.number(),
  priceMin: z.number(),
  priceMax: z.number(),
});

export const overseasSummary = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  country: z.string(),
  foreignCity: z.string(),
  currency: z.string(),
  /** 1 unit of currency = rateToCny 元. */
  rateToCny: z.number(),
  /** 'YYYY-MM-DD' of the reference rate. */
  rateDate: z.string(),
  unitPrice: z.number(),
  totalMin: z.number(),
  totalMax: z.number(),
  /** totalMin/Max × rateToCny, rounded to 元. */
  cnyTotalMin: z.number(),
  cnyTotalMax: z.number(),
  tenure: z.string(),
  propertyType: z.string(),
  rentalYield: z.number(),
  downPaymentPct: z.number().int(),
  delivery: z.string(),
});
export type OverseasSummary = z.infer<typeof overseasSummary>;

export const overseasDetailBody = overseasSummary.extend({
  developer: z.string(),
  consultant: z.string(),
  consultantPhone: z.string(),
  units: z.array(overseasUnit),
  /** Only with full=1. */
  paymentSchedule: z.array(z.object({ stage: z.string(), pct: z.number() })).optional(),
  taxes: z
    .array(z.object({ name: z.string(), payer: z.string(), rate: z.number().nullable(), note: z.string() }))
    .optional(),
  ownershipRules: z.string().optional(),
});
export type OverseasDetail = z.infer<typeof overseasDetailBody>;

export const overseasListBody = z.object({ list: z.array(overseasSummary) });
export type OverseasListBody = z.infer<typeof overseasListBody>;
