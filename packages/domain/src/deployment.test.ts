import { describe, expect, it } from 'vitest';
import { isDeployed } from './deployment.ts';

describe('isDeployed', () => {
  it('is production mode on a public origin only', () => {
    expect(isDeployed({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' })).toBe(true);
    expect(isDeployed({ NODE_ENV: 'production' })).toBe(false);
    expect(isDeployed({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:3000' })).toBe(false);
    expect(isDeployed({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://127.0.0.1:3210' })).toBe(false);
    expect(isDeployed({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' })).toBe(false);
    expect(isDeployed({ PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' })).toBe(false);
  });
});
