import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { ApiError, fail, ok, RESULT_CODE, zodIssuesToChinese } from './api.ts';

describe('envelope', () => {
  it('ok wraps the body with resultCode 0', () => {
    expect(ok({ id: 1 })).toEqual({ resultCode: 0, errMsg: '', body: { id: 1 } });
  });

  it('fail carries the code and message with a null body', () => {
    expect(fail(RESULT_CODE.notFound, '小区不存在')).toEqual({ resultCode: 404, errMsg: '小区不存在', body: null });
  });

  it('has the result codes', () => {
    expect(RESULT_CODE).toEqual({
      ok: 0,
      badRequest: 400,
      unauthorized: 401,
      forbidden: 403,
      notFound: 404,
      conflict: 409,
      tooMany: 429,
      server: 500,
    });
  });
});

describe('ApiError', () => {
  it('holds the HTTP status, result code and Chinese message', () => {
    const error = new ApiError(409, RESULT_CODE.conflict, '订单已支付');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect([error.statusCode, error.resultCode, error.message]).toEqual([409, 409, '订单已支付']);
    expect(error.toEnvelope()).toEqual({ resultCode: 409, errMsg: '订单已支付', body: null });
  });

  it('has helpers with default messages', () => {
    expect(ApiError.badRequest('参数错误')).toMatchObject({ statusCode: 400, resultCode: 400, message: '参数错误' });
    expect(ApiError.notFound()).toMatchObject({ statusCode: 404, resultCode: 404, message: '请求的资源不存在' });
    expect(ApiError.notFound('小区不存在').message).toBe('小区不存在');
    expect(ApiError.unauthorized()).toMatchObject({ statusCode: 401, resultCode: 401, message: '请先登录' });
    expect(ApiError.forbidden()).toMatchObject({ statusCode: 403, resultCode: 403, message: '暂无权限' });
    expect(ApiError.conflict('重复提交')).toMatchObject({ statusCode: 409, resultCode: 409 });
    expect(ApiError.tooMany()).toMatchObject({ statusCode: 429, resultCode: 429 });
  });
});

describe('zodIssuesToChinese', () => {
  const messageFor = (schema: z.ZodType, input: unknown): string => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected a validation failure');
    return zodIssuesToChinese(result.error.issues);
  };

  it('says a missing field cannot be empty', () => {
    expect(messageFor(z.object({ cityId: z.number() }), {})).toBe('参数错误：cityId 不能为空');
    expect(messageFor(z.object({ kw: z.string().min(1) }), { kw: '' })).toBe('参数错误：kw 不能为空');
  });

  it('says a wrongly typed or formatted field is malformed', () => {
    expect(messageFor(z.object({ cityId: z.number() }), { cityId: 'abc' })).toBe('参数错误：cityId 格式不正确');
    expect(messageFor(z.object({ email: z.email() }), { email: 'x' })).toBe('参数错误：email 格式不正确');
  });

  it('covers range, enum and unknown-key problems', () => {
    expect(messageFor(z.object({ page: z.number().min(1) }), { page: 0 })).toBe('参数错误：page 小于允许的最小值');
    expect(messageFor(z.object({ size: z.number().max(50) }), { size: 51 })).toBe('参数错误：size 超过允许的最大值');
    expect(messageFor(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toBe('参数错误：kind 取值不在允许范围内');
    expect(messageFor(z.strictObject({ a: z.number() }), { a: 1, foo: 1, bar: 2 })).toBe(
      '参数错误：不支持的参数 foo、bar',
    );
  });

  it('names nested paths with dots and indexes', () => {
    expect(messageFor(z.object({ list: z.array(z.object({ id: z.number() })) }), { list: [{ id: 1 }, {}] })).toBe(
      '参数错误：list[1].id 不能为空',
    );
  });

  it('joins several problems into one message', () => {
    expect(messageFor(z.object({ cityId: z.number(), page: z.number() }), { page: 'x' })).toBe(
      '参数错误：cityId 不能为空；page 格式不正确',
    );
  });

  it('shows a Chinese schema message as written', () => {
    const mobile = z.object({ mobile: z.string().regex(/^1[3-9]\d{9}$/, '请填写正确格式的手机号') });
    expect(messageFor(mobile, { mobile: '123' })).toBe('请填写正确格式的手机号');
  });

  it('describes a problem with the whole input', () => {
    expect(messageFor(z.object({ a: z.number() }), 'x')).toBe('参数错误：请求参数格式不正确');
    expect(messageFor(z.object({ a: z.number() }), null)).toBe('参数错误：请求参数不能为空');
    expect(zodIssuesToChinese([])).toBe('参数错误');
  });
});
