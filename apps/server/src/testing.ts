// Integration-test fixture: the app on a fresh database seeded with the small dataset (city 605 杭州),
// PGlite in memory or a throw-away PostgreSQL database when TEST_DATABASE_URL is set. seededApp() gives a test
// file one, started before its tests and closed after them.
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { ensureActivities } from './modules/activities/service.ts';
import { buildApp, type BuildOptions } from './app.ts';

/** What a test file may change of the app it gets: its clock and a few settings (PAY_MODE, …). */
export interface SeededAppOptions {
  now?: () => number;
  env?: Partial<BuildOptions['env']>;
  /** The report mall's PDF renderer (a stub: there is no web build to print in vitest). */
  reportRenderer?: BuildOptions['reportRenderer'];
  /** The chat's FAQ bot (default on, as deployed). */
  chatBot?: boolean;
}

export interface SeededApp {
  database: TestDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** 'small' is 杭州 only; 'sample' is every city, a little (the consistency check over all cities). */
export async function startSeededApp(
  scale: 'small' | 'sample' = 'small',
  options: SeededAppOptions = {},
): Promise<SeededApp> {
  // A copy of the run's seeded template when there is one (then seedDatabase finds it seeded and does nothing).
  const database = await createTestDatabase(scale);
  await seedDatabase(database, { scale });
  // the default activities, as serve.ts writes them at start (issue 18)
  await ensureActivities(database.db, options.now ? { now: options.now } : {});
  // As outside production (API_DOCS defaults on there): the OpenAPI document is part of what tests check.
  const app = await buildApp({
    env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, API_DOCS: true, ...options.env },
    database,
    ...(options.now ? { now: options.now } : {}),
    ...(options.reportRenderer ? { reportRenderer: options.reportRenderer } : {}),
    ...(options.chatBot === undefined ? {} : { chatBot: options.chatBot }),
  });
  await app.ready();
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * The seeded app for one test file: started before its tests (beforeAll), closed after them (afterAll). Read `app`
 * and `database` inside tests and hooks, not at the top of the file.
 */
export function seededApp(
  scale: 'small' | 'sample' = 'small',
  options: SeededAppOptions = {},
): {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
} {
  let seeded: SeededApp | undefined;
  beforeAll(async () => {
    seeded = await startSeededApp(scale, options);
  });
  afterAll(async () => {
    await seeded?.close();
  });
  const started = () => {
    if (!seeded) throw new Error('seededApp: the app is started in beforeAll; read it inside a test');
    return seeded;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
  };
}

/** A phone no other test of this run is likely to use (139/137… with 8 random digits). */
export function testPhone(prefix = '137'): string {
  return `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** An address of its own for each sign-in, so the per-address limits of one test never meet another's. */
export const testIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface SignedIn {
  id: number;
  mobile: string;
  token: string;
  /** The session cookie and our origin (what a page of ours sends with a POST). */
  headers: Record<string, string>;
}

/** Signs `mobile` in through login/sms (the sandbox outbox's code) and login/mobile. */
export async function signInAs(app: FastifyInstance, mobile = testPhone(), origin = 'http://localhost:3000') {
  const remoteAddress = testIp();
  const sent = await app.inject({ method: 'POST', url: '/rabbit/v1/login/sms', payload: { mobile }, remoteAddress });
  if (sent.statusCode !== 200) throw new Error(`login/sms ${sent.statusCode}: ${sent.body}`);
  const outbox = await app.inject(`/rabbit/v1/dev/sms-outbox?phone=${mobile}`);
  const code = (outbox.json() as { body: { list: { code: string }[] } }).body.list[0]!.code;
  const res = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/login/mobile',
    payload: { mobile, code },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login/mobile ${res.statusCode}: ${res.body}`);
  const token = res.cookies.find((c) => c.name === 'fjt_session')!.value;
  const id = (res.json() as { body: { user: { id: number } } }).body.user.id;
  return { id, mobile, token, headers: { cookie: `fjt_session=${token}`, origin } } satisfies SignedIn;
}

/** A personal answer (never kept by a cache): 200, `cache-control: no-store`, and its body. */
export function personalBody<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { body: T }).body;
}

/** A refusal of a personal endpoint: expectFail, and `cache-control: no-store`. */
export function expectPersonalFail(res: LightMyRequestResponse, status: number, errMsg?: string | RegExp) {
  expectFail(res, status, errMsg);
  expect(res.headers['cache-control']).toBe('no-store');
}

/** A refusal as every endpoint gives it: the status, resultCode ≠ 0, no body, a Chinese errMsg (this one, if given). */
export function expectFail(res: LightMyRequestResponse, status: number, errMsg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const json = res.json() as { resultCode: number; errMsg: string; body: unknown };
  expect(json.resultCode).not.toBe(0);
  expect(json.body ?? null).toBeNull();
  expect(json.errMsg).toMatch(/[\u4e00-\u9fff]/);
  if (typeof errMsg === 'string') expect(json.errMsg).toBe(errMsg);
  else if (errMsg) expect(json.errMsg).toMatch(errMsg);
}

/**
 * The settings every stand-in web build exports after its own entry, routes and assets (a React Router ServerBuild;
 * vitest has no apps/web build): print-pass.test.ts, render-workers.test.ts.
 */
export const FAKE_BUILD_SETTINGS = `
export const publicPath = '/';
export const assetsBuildDirectory = 'client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial', manifestPath: '/__manifest' };
`;

/** Writes a stand-in web build (`source`: the server build's ES module) to a new temporary directory, returned. */
export function writeFakeWebBuild(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fjt-fake-build-'));
  mkdirSync(join(dir, 'server'));
  mkdirSync(join(dir, 'client'));
  writeFileSync(join(dir, 'server', 'index.js'), source);
  // an ES module, as apps/web's build is (its package is "type": "module"), wherever it is loaded (render workers)
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  return dir;
}

/** POSTs `data` as the multipart field `field` (a file named a.png), with `fields` sent before it. */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  data: Buffer,
  {
    headers = {},
    field = 'file',
    fields = {},
  }: { headers?: Record<string, string>; field?: string; fields?: Record<string, string> } = {},
) {
  const boundary = '----fjt-test-boundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      parts.join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
