import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { msgLinkSecretOf, parseEnv, publicOrigin } from './env.ts';

describe('environment', () => {
  it('defaults to the embedded database on port 3000', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./var/db');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_TEST_HOOKS).toBe(false);
  });

  it('reads PORT, DATABASE_URL and treats empty values as unset', () => {
    const env = parseEnv({ PORT: '4100', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', REDIS_URL: '' });
    expect(env.PORT).toBe(4100);
    expect(env.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('fails fast on a bad value, naming it', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads the public origin (origin only) and the trusted proxies; neither is taken from requests by default', () => {
    const env = parseEnv({
      PUBLIC_ORIGIN: 'https://m.example.cn/some/path',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
      MSGLINK_SECRET: 'x'.repeat(32),
    });
    expect(publicOrigin(env)).toBe('https://m.example.cn');
    expect(env.TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8']);
    const defaults = parseEnv({ PORT: '4100' });
    expect(publicOrigin(defaults)).toBe('http://localhost:4100');
    expect(defaults.TRUST_PROXY).toEqual([]);
    expect(defaults.RATE_LIMIT_READS_PER_MINUTE).toBe(600);
    expect(defaults.RATE_LIMIT_WRITES_PER_MINUTE).toBe(60);
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'not a url' })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe('operations: METRICS_TOKEN and SHUTDOWN_TIMEOUT_SECONDS', () => {
  it('reads the metrics token (unset: this machine only) and refuses a short one', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).METRICS_TOKEN).toBe('a-long-enough-scrape-token');
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('drains for at most 10 s by default; 1–120 s when set', () => {
    expect(parseEnv({}).SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: '25' }).SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: '600' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('renders pages in one worker per core in production, on the main thread elsewhere, as set when set', () => {
    expect(parseEnv({}).RENDER_WORKERS).toBe(availableParallelism());
    expect(parseEnv({ NODE_ENV: 'test' }).RENDER_WORKERS).toBe(0);
    expect(parseEnv({ RENDER_WORKERS: '0' }).RENDER_WORKERS).toBe(0);
    expect(parseEnv({ NODE_ENV: 'development', RENDER_WORKERS: '3' }).RENDER_WORKERS).toBe(3);
    expect(() => parseEnv({ RENDER_WORKERS: '-1' })).toThrow(/RENDER_WORKERS/);
    expect(() => parseEnv({ RENDER_WORKERS: 'many' })).toThrow(/RENDER_WORKERS/);
  });
});

describe('API_DOCS (the OpenAPI UI at /rabbit/v1/docs)', () => {
  it('is off in production unless asked for, on elsewhere unless turned off', () => {
    expect(parseEnv({}).API_DOCS).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', API_DOCS: '1' }).API_DOCS).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test', API_DOCS: '0' }).API_DOCS).toBe(false);
  });
});

describe('SMS_PROVIDER (the SMS gateway)', () => {
  it('is none in a deployment (production on a public origin) and refused there; the sandbox everywhere else', () => {
    const deployed = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://m.fangjiatong.cn',
      MSGLINK_SECRET: 'x'.repeat(32),
    };
    expect(parseEnv(deployed).SMS_PROVIDER).toBe('none');
    expect(() => parseEnv({ ...deployed, SMS_PROVIDER: 'sandbox' })).toThrow(/SMS_PROVIDER/);
    expect(parseEnv({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' }).SMS_PROVIDER).toBe(
      'sandbox',
    );
    expect(parseEnv({ NODE_ENV: 'test' }).SMS_PROVIDER).toBe('sandbox');
    // npm start on a machine: production mode, no public origin or a local one
    expect(parseEnv({}).SMS_PROVIDER).toBe('sandbox');
    expect(parseEnv({ PUBLIC_ORIGIN: 'http://127.0.0.1:3210' }).SMS_PROVIDER).toBe('sandbox');
    expect(parseEnv({ PUBLIC_ORIGIN: 'http://localhost:3000', SMS_PROVIDER: 'none' }).SMS_PROVIDER).toBe('none');
    expect(() => parseEnv({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER/);
    expect(parseEnv({}).SMS_IP_LIMIT_PER_HOUR).toBe(20);
    expect(parseEnv({ SMS_IP_LIMIT_PER_HOUR: '1000' }).SMS_IP_LIMIT_PER_HOUR).toBe(1000);
    expect(() => parseEnv({ SMS_IP_LIMIT_PER_HOUR: '0' })).toThrow(/SMS_IP_LIMIT_PER_HOUR/);
  });
});

describe('PAY_MODE (the payment providers)', () => {
  it('is live in a deployment and sandbox is refused there; the sandbox everywhere else', () => {
    const deployed = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://m.fangjiatong.cn',
      MSGLINK_SECRET: 'x'.repeat(32),
    };
    expect(parseEnv(deployed).PAY_MODE).toBe('live');
    expect(() => parseEnv({ ...deployed, PAY_MODE: 'sandbox' })).toThrow(/PAY_MODE/);
    expect(parseEnv({ ...deployed, PAY_MODE: 'off' }).PAY_MODE).toBe('off');
    expect(parseEnv({}).PAY_MODE).toBe('sandbox');
    expect(parseEnv({ NODE_ENV: 'test', PAY_MODE: 'off' }).PAY_MODE).toBe('off');
    expect(() => parseEnv({ PAY_MODE: 'fake' })).toThrow(/PAY_MODE/);
  });
});

describe('MSGLINK_SECRET (the SMS short links)', () => {
  it('is required in a deployment; a fixed development secret everywhere else', () => {
    const deployed = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' };
    expect(() => parseEnv(deployed)).toThrow(/MSGLINK_SECRET/);
    expect(() => parseEnv({ ...deployed, MSGLINK_SECRET: 'short' })).toThrow(/MSGLINK_SECRET/);
    expect(parseEnv({ ...deployed, MSGLINK_SECRET: 's'.repeat(32) }).MSGLINK_SECRET).toBe('s'.repeat(32));
    expect(parseEnv({}).MSGLINK_SECRET.length).toBeGreaterThanOrEqual(32);
  });
});

describe('MSGLINK_SECRET fallback and ALERT_SMS', () => {
  it('falls back to one development secret, in parseEnv and for the app alike', () => {
    expect(parseEnv({}).MSGLINK_SECRET).toBe(msgLinkSecretOf({}));
    expect(msgLinkSecretOf({ MSGLINK_SECRET: 'm'.repeat(32) })).toBe('m'.repeat(32));
  });

  it('sends alert SMS only when asked for', () => {
    expect(parseEnv({}).ALERT_SMS).toBe(false);
    expect(parseEnv({ ALERT_SMS: '1' }).ALERT_SMS).toBe(true);
    expect(() => parseEnv({ ALERT_SMS: 'yes' })).toThrow(/ALERT_SMS/);
  });
});
