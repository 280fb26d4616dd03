// Query parameters every endpoint shares, with their Chinese messages: ids and paging.
import { z } from 'zod';

/** A positive integer id from a query string or a JSON body: '不能为空' when absent, '格式不正确' otherwise. */
export const positiveId = (name: string) =>
  z.union([z.string(), z.number()], { message: `${name} 不能为空` }).pipe(
    z.coerce
      .number<string | number>({ message: `${name} 格式不正确` })
      .int({ message: `${name} 格式不正确` })
      .positive({ message: `${name} 格式不正确` })
      .max(2_147_483_647, { message: `${name} 格式不正确` }),
  );

/** page (from 1) and size (at most maxSize, default maxSize) of a paged list. */
export const pageParams = (maxSize: number) => ({
  page: z.coerce
    .number({ message: 'page 格式不正确' })
    .int({ message: 'page 格式不正确' })
    .min(1, { message: 'page 至少为 1' })
    .max(10_000, { message: 'page 超过允许的最大值' })
    .default(1),
  size: z.coerce
    .number({ message: 'size 格式不正确' })
    .int({ message: 'size 格式不正确' })
    .min(1, { message: 'size 至少为 1' })
    .max(maxSize, { message: `size 最多为 ${maxSize}` })
    .default(maxSize),
});

/**
 * A numeric band 'lo-hi' ('70-90', '200-', '-300') → { min, max } with null for an open end. `limit` bounds
 * both ends where the figure meets an integer column (a 总价 in 万 becomes 元), so no input overflows it.
 */
export const band = (name: string, example: string, limit?: number) =>
  z
    .string()
    .regex(/^\d*-\d*$/, { message: `${name} 格式不正确，例如 ${example}`, abort: true })
    .refine((v) => limit === undefined || v.split('-').every((n) => !n || Number(n) <= limit), {
      message: `${name} 超出允许的范围`,
    })
    .optional()
    .transform((v) => {
      if (!v) return undefined;
      const [lo, hi] = v.split('-');
      return { min: lo ? Number(lo) : null, max: hi ? Number(hi) : null };
    });

/** Comma-separated room counts, 5 meaning five or more: '2,3' → [2, 3]. */
export const roomTypes = () =>
  z
    .string()
    .regex(/^[1-5](,[1-5])*$/, { message: 'roomType 格式不正确' })
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : undefined));
