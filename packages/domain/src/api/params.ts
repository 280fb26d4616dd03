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
