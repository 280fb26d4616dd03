// Errors crossing the render workers' thread boundary come back as what they were: an ApiError stays an ApiError
// (a loader catching a service's 404 in a worker sees it as it would in-process), any other error keeps its data.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@fjt/domain';
import { deserializeError, serializeError } from './protocol.ts';

const roundTrip = (error: unknown) => deserializeError(structuredClone(serializeError(error)));

describe('errors across the thread boundary', () => {
  it('an ApiError stays an ApiError with its status, result code and message', () => {
    const back = roundTrip(ApiError.notFound('达人不存在'));
    expect(back).toBeInstanceOf(ApiError);
    expect(back).toMatchObject({ statusCode: 404, resultCode: ApiError.notFound().resultCode, message: '达人不存在' });
  });

  it('another error keeps its name, message and data fields', () => {
    const original = Object.assign(new TypeError('boom'), { code: 'E_X', status: 503 });
    const back = roundTrip(original);
    expect(back).not.toBeInstanceOf(ApiError);
    expect(back).toMatchObject({ name: 'TypeError', message: 'boom', code: 'E_X', status: 503 });
  });
});
