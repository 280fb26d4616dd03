// The input rules every endpoint and page loader shares, with their Chinese messages: ids, bounded integers,
// numeric bands, free text, months and weeks, and paging. No other file parses these by hand (issue 10: one
// rule each, so no input reaches the database out of its column's range).
import { z } from 'zod';
import { isPlausibleDay, isPlausibleMonth } from '../months.ts';

// parseId and MAX_ID live in ../ids.ts (no zod): the app shell reads ids on every page.
export { MAX_ID, parseId } from '../ids.ts';
import { parseId } from '../ids.ts';

/** An id field (parseId): '<name> 不能为空' when absent, '<name> 格式不正确' otherwise, or one friendlier message. */
export const idParam = (name: string, message?: string) => {
  const bad = message ?? `${name} 格式不正确`;
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined && !message ? `${name} 不能为空` : bad),
    })
    .transform((v, ctx) => {
      const id = parseId(v);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: bad });
        return z.NEVER;
      }
      return id;
    });
};

/** Digits, optionally signed, as an integer query value may be written. */
const INT_TEXT = /^-?\d{1,16}$/;

export interface IntOptions {
  min: number;
  max: number;
  /** The message for anything that is not an integer in [min, max]; default '<name> 须为 min 到 max 之间的整数'. */
  message?: string;
  /** Separate messages for below min and above max, when the page words them differently. */
  minMessage?: string;
  maxMessage?: string;
  /** Absent: default '<name> 不能为空'. */
  missingMessage?: string;
}

/**
 * A bounded integer from a query string or a JSON body: digits only (no '0x10', '1e3', ' 5 ', '1.0') and always an
 * upper bound, so no number reaches SQL outside what its column holds.
 */
export const intParam = (name: string, { min, max, message, minMessage, maxMessage, missingMessage }: IntOptions) => {
  const bad = message ?? `${name} 须为 ${min} 到 ${max} 之间的整数`;
  const missing = missingMessage ?? `${name} 不能为空`;
  return z
    .union([z.string(), z.number()], { error: (i) => (i.input === undefined ? missing : bad) })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : INT_TEXT.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: bad });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: (n < min ? minMessage : maxMessage) ?? bad });
        return z.NEVER;
      }
      return n;
    });
};

/** page (from 1) and size (at most maxSize, default maxSize) of a paged list. */
export const pageParams = (maxSize: number, { maxPage = 10_000, defaultSize = maxSize } = {}) => ({
  page: intParam('page', {
    min: 1,
    max: maxPage,
    message: 'page 格式不正确',
    minMessage: 'page 至少为 1',
    maxMessage: 'page 超过允许的最大值',
  }).default(1),
  size: intParam('size', {
    min: 1,
    max: maxSize,
    message: 'size 格式不正确',
    minMessage: 'size 至少为 1',
    maxMessage: `size 最多为 ${maxSize}`,
  }).default(defaultSize),
});

/**
 * The upper limit of each numeric band, from what the figure can mean (and what its column holds once a 总价 in
 * 万 becomes 元): no band reaches SQL without one.
 */
export const BAND_LIMITS = {
  /** 单价 元/㎡ */
  singlePrice: 1_000_000,
  /** 总价 万 */
  price: 100_000,
  /** 面积 ㎡ */
  area: 10_000,
  /** 月租金 元 */
  rent: 1_000_000,
  /** 楼龄 年 */
  homeAge: 200,
} as const;
export type BandField = keyof typeof BAND_LIMITS;

/**
 * A numeric band 'lo-hi' ('70-90', '200-', '-300') → { min, max } with null for an open end; both ends at most
 * the field's BAND_LIMITS, and lo ≤ hi.
 */
export const band = (name: BandField, example: string) => {
  const limit = BAND_LIMITS[name];
  return z
    .string({ message: `${name} 格式不正确，例如 ${example}` })
    .regex(/^\d{0,30}-\d{0,30}$/, { message: `${name} 格式不正确，例如 ${example}`, abort: true })
    .refine((v) => v.split('-').every((n) => !n || Number(n) <= limit), {
      message: `${name} 超出允许的范围`,
      abort: true,
    })
    .refine(
      (v) => {
        const [lo, hi] = v.split('-');
        return !lo || !hi || Number(lo) <= Number(hi);
      },
      { message: `${name} 的下限不能大于上限` },
    )
    .optional()
    .transform((v) => {
      if (!v) return undefined;
      const [lo, hi] = v.split('-');
      return { min: lo ? Number(lo) : null, max: hi ? Number(hi) : null };
    });
};

/** Control characters (NUL, tabs, newlines, DEL…): never part of what a user types into a search box. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** True when a text has no control characters (a NUL byte cannot even be stored by PostgreSQL). */
export function isCleanText(text: string): boolean {
  return !CONTROL.test(text);
}

export interface TextOptions {
  max: number;
  /** Absent or blank: default '<name> 不能为空'. */
  emptyMessage?: string;
  /** Longer than max: default '<name> 最多<max>个字'. */
  maxMessage?: string;
}

/** A free text such as a keyword: trimmed, not blank, at most `max` characters, no control characters. */
export const textParam = (name: string, { max, emptyMessage, maxMessage }: TextOptions) => {
  const empty = emptyMessage ?? `${name} 不能为空`;
  return z
    .string({ message: empty })
    .refine(isCleanText, { message: `${name} 含有不允许的字符`, abort: true })
    .trim()
    .min(1, { message: empty })
    .max(max, { message: maxMessage ?? `${name} 最多${max}个字` });
};

/** An optional 'YYYY-MM' within months.ts PLAUSIBLE_YEARS. */
export const monthParam = (name = 'month') =>
  z
    .string({ message: `${name} 格式不正确，例如 2026-06` })
    .refine(isPlausibleMonth, { message: `${name} 格式不正确，例如 2026-06（年份 2000–2100）` })
    .optional();

/** An optional day 'YYYY-MM-DD' (the Monday of a week) that exists, within months.ts PLAUSIBLE_YEARS. */
export const weekParam = (name = 'week') =>
  z
    .string({ message: `${name} 格式不正确，例如 2026-06-01` })
    .refine(isPlausibleDay, { message: `${name} 格式不正确，例如 2026-06-01（年份 2000–2100）` })
    .optional();

/** Comma-separated room counts, 5 meaning five or more: '2,3' → [2, 3]. */
export const roomTypes = () =>
  z
    .string({ message: 'roomType 格式不正确' })
    .regex(/^[1-5](,[1-5])*$/, { message: 'roomType 格式不正确' })
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : undefined));

/** 地铁距离 in metres (getComplexCondition offers 500…2000). */
export const metroDistanceParam = () =>
  intParam('metroDistance', {
    min: 100,
    max: 5000,
    message: 'metroDistance 格式不正确',
    minMessage: 'metroDistance 至少为 100 米',
    maxMessage: 'metroDistance 最多为 5000 米',
  });

/** A coupon's number (issue 18): 'QJ' and 12 digits. */
const COUPON_NO_PATTERN = /^QJ\d{12}$/;
export const COUPON_NO_MESSAGE = '优惠券编号格式不正确';
export const couponNoParam = z
  .string({ message: COUPON_NO_MESSAGE })
  .regex(COUPON_NO_PATTERN, { message: COUPON_NO_MESSAGE });

// --- tracking (issue 18: ops/funnel) ---------------------------------------------------------------------------------
/** A required day 'YYYY-MM-DD' that exists, within months.ts PLAUSIBLE_YEARS; `message` when it is not one. */
export const dayParam = (name: string, message: string) =>
  z.string({ message: `${name} 不能为空` }).refine(isPlausibleDay, { message });
