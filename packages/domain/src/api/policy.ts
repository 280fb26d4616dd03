// Payloads of the policy tools (issue 16, PAGES.md §3.7): NEW GET config/tax-rules, config/purchase-policy and
// tools/integral/rule, each for one ?cityId; and the page inputs of /activity/taxes, /activity/qualification and
// /tools/integral (their state lives in the URL), parsed with the same Chinese messages.
import { z } from 'zod';
import { BUYER_HOMES, HOLDINGS } from '../tools/tax-rules.ts';
import { HUKOU, MARITAL } from '../tools/purchase-policy.ts';
import { cityIdParam } from './geo.ts';
import { intParam } from './params.ts';

export const POLICY_MESSAGES = {
  unknownCity: '城市不存在',
  price: '总价须大于 0 且不超过 100000 万',
  area: '面积须大于 0 且不超过 2000 ㎡',
  original: '原值须大于 0 且不超过 100000 万',
  agentRate: '中介费率须在 0 到 5% 之间',
  coefficient: '社保系数须在 0.05 到 0.3 之间',
  zone: '请选择购房区域',
} as const;

export const policyCityQuery = z.object({ cityId: cityIdParam });
export type PolicyCityQuery = z.infer<typeof policyCityQuery>;

/** A positive decimal from a query string ('300', '88.5') or a JSON number, at most `max`. */
const decimalParam = (message: string, max: number, min = 0, inclusive = false) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,7}(\.\d{1,4})?$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isFinite(n) || (inclusive ? n < min : n <= min) || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

const flag = (name: string) => z.enum(['0', '1'], { message: `${name} 须为 0 或 1` }).transform((v) => v === '1');

/** /activity/taxes/answer?… : the calculator's inputs. */
export const resaleTaxQuery = z.object({
  cityId: cityIdParam,
  price: decimalParam(POLICY_MESSAGES.price, 100_000),
  area: decimalParam(POLICY_MESSAGES.area, 2000),
  original: decimalParam(POLICY_MESSAGES.original, 100_000).optional(),
  holding: z.enum(HOLDINGS, { message: '请选择持有年限（不满二/满二/满五）' }),
  only: flag('卖方家庭唯一'),
  buyer: z.enum(BUYER_HOMES, { message: '请选择买方首套/二套' }),
  /** 买方中介费率 in percent ('2' = 2%). */
  agent: decimalParam(POLICY_MESSAGES.agentRate, 5, 0, true).optional(),
});
export type ResaleTaxQuery = z.infer<typeof resaleTaxQuery>;

/** /activity/qualification?… once submitted. */
export const qualificationQuery = z.object({
  cityId: cityIdParam,
  hukou: z.enum(HUKOU, { message: '请选择户籍' }),
  social: intParam('社保月数', { min: 0, max: 600, message: '社保/个税月数须为 0 到 600 之间的整数' }),
  marital: z.enum(MARITAL, { message: '请选择婚姻状况' }),
  homes: intParam('名下住房', { min: 0, max: 20, message: '名下住房须为 0 到 20 之间的整数' }),
  zone: z.string().max(20).optional(),
  multiChild: flag('多子女').optional(),
});
export type QualificationQuery = z.infer<typeof qualificationQuery>;

/** /tools/integral/result?… */
export const pointsQuery = z.object({
  cityId: cityIdParam,
  family: z.enum(['family', 'single'], { message: '请选择家庭状况' }),
  hukou: z.enum(HUKOU, { message: '请选择户籍' }),
  home: flag('名下住房'),
  record: flag('5年内购房记录'),
  social: intParam('社保月数', { min: 0, max: 600, message: '社保月数须为 0 到 600 之间的整数' }),
  k: decimalParam(POLICY_MESSAGES.coefficient, 0.3, 0.05, true).optional(),
});
export type PointsQuery = z.infer<typeof pointsQuery>;

const ruleSource = z.object({ title: z.string(), effective: z.string(), verified: z.boolean() });

export const taxRulesBody = z.object({
  city: z.object({
    cityId: z.number().int(),
    cityName: z.string(),
    iitAssessedRate: z.number(),
    iitAssessedNote: z.string(),
    iitAssessedVerified: z.boolean(),
    agentBuyerRate: z.number(),
    agentSellerRate: z.number(),
    agentNote: z.string(),
  }),
  lines: z.array(
    z.object({
      key: z.enum(['deed', 'vat', 'surcharge', 'iit', 'agent']),
      label: z.string(),
      rule: z.string(),
      source: ruleSource,
    }),
  ),
  notes: z.array(z.string()),
});
export type TaxRulesBody = z.infer<typeof taxRulesBody>;

export const purchasePolicyBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  localWord: z.string(),
  status: z.enum(['lifted', 'limited']),
  effective: z.string().nullable(),
  title: z.string(),
  issuer: z.string(),
  verified: z.boolean(),
  summary: z.array(z.string()),
  zones: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type PurchasePolicyBody = z.infer<typeof purchasePolicyBody>;

const lotteryRuleSchema = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  title: z.string(),
  issuer: z.string(),
  effective: z.string(),
  verified: z.boolean(),
  summary: z.string(),
  text: z.array(z.string()),
  items: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      options: z.array(z.object({ value: z.string(), label: z.string(), points: z.number() })),
    }),
  ),
  socialCoefficient: z.object({ default: z.number(), min: z.number(), max: z.number(), note: z.string() }),
  maxBase: z.number(),
});

/** tools/integral/rule: the city's rule, or rule null with '当前城市暂无积分规则'. */
export const integralRuleBody = z.object({
  cityId: z.number().int(),
  rule: lotteryRuleSchema.nullable(),
  message: z.string().nullable(),
});
export type IntegralRuleBody = z.infer<typeof integralRuleBody>;
