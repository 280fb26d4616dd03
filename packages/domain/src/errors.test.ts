import { describe, it, expect } from 'vitest';
import {
  DeveloperError,
  ERROR_HOME_TEXT,
  ERROR_PAGE_FAILURE_MESSAGE,
  ERROR_RELOAD_TEXT,
  errorStatus,
  isChunkLoadError,
  NOT_FOUND_MESSAGE,
  ParameterEmptyError,
  requireParameters,
  unknownMiddlewareMessage,
} from './errors.ts';

describe('messages', () => {
  it('are the spec §2/§8 texts', () => {
    expect(NOT_FOUND_MESSAGE).toBe('This page could not be found');
    expect(ERROR_PAGE_FAILURE_MESSAGE).toBe('An error occurred while showing the error page');
    expect(ERROR_RELOAD_TEXT).toBe('刷新试试看');
    expect(ERROR_HOME_TEXT).toBe('回到首页');
    expect(unknownMiddlewareMessage('auth')).toBe('Unknown middleware auth');
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://m.fangjiatong.cn/assets/home-abc123.js',
    'error loading dynamically imported module: https://m.fangjiatong.cn/assets/x.js',
    'Importing a module script failed.',
    'Loading chunk 12 failed.\n(error: https://m.fangjiatong.cn/12.js)',
    'Loading CSS chunk house-detail failed.',
  ])('recognises %j', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(message)).toBe(true);
  });

  it('recognises webpack ChunkLoadError by name', () => {
    const error = new Error('whatever');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});

describe('errorStatus', () => {
  it('takes the status of a thrown response-like value', () => {
    expect(errorStatus({ status: 404 })).toBe(404);
    expect(errorStatus(new Response(null, { status: 403 }))).toBe(403);
    expect(errorStatus({ statusCode: 401 })).toBe(401);
    expect(errorStatus({ status: 503, statusCode: 400 })).toBe(503);
  });

  it('is 500 otherwise', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus('boom')).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus({ status: '404' })).toBe(500);
    expect(errorStatus({ status: 302 })).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
    expect(errorStatus({ status: 600 })).toBe(500);
  });
});

describe('error classes', () => {
  it('DeveloperError is a named Error', () => {
    const error = new DeveloperError('bad option');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DeveloperError');
    expect(error.message).toBe('bad option');
  });

  it('ParameterEmptyError names the parameter', () => {
    const error = new ParameterEmptyError('mobile');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ParameterEmptyError');
    expect(error.parameter).toBe('mobile');
    expect(error.message).toContain('mobile');
    expect(new ParameterEmptyError().parameter).toBeUndefined();
  });

  it('requireParameters throws for the first missing or blank parameter', () => {
    expect(() => requireParameters({ mobile: '138', code: '1234' }, ['mobile', 'code'])).not.toThrow();
    expect(() => requireParameters({ mobile: '', code: '' }, ['mobile', 'code'])).toThrow(
      expect.objectContaining({ name: 'ParameterEmptyError', parameter: 'mobile' }),
    );
    expect(() => requireParameters({ mobile: '138', code: '  ' }, ['mobile', 'code'])).toThrow(ParameterEmptyError);
    expect(() => requireParameters({ mobile: '138', code: null }, ['mobile', 'code'])).toThrow(ParameterEmptyError);
    expect(() => requireParameters({ mobile: '138', code: 0 }, ['mobile', 'code'])).not.toThrow();
  });
});
