// Caches follow the data across processes (ADR 0015): process A is an app built here on a PostgreSQL test database
// with REDIS_URL and its caches warm (the estate row kept by the estates service, the city's search index, the public
// response cache); process B is the real `npm run data:import` (tsx, a child process) against the same database with
// the same REDIS_URL. Once B has finished, A answers with B's rows at once — no restart, long before any TTL. A
// subscriber whose Redis connection drops re-subscribes and drops everything once, and still hears later changes.
// Needs TEST_DATABASE_URL (two processes cannot share the embedded database) and TEST_REDIS_URL.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { dataChanged, importCsv, publishDataChanged, seedDatabase, type DataChanged } from '@fjt/dataset';
import { buildApp } from './app.ts';

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const skipped = !PG
  ? 'needs TEST_DATABASE_URL: two processes cannot open one embedded database'
  : !REDIS
    ? 'needs TEST_REDIS_URL: the processes talk through Redis pub/sub'
    : null;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const run = promisify(execFile);

describe.skipIf(skipped !== null)(
  `caches follow the data across processes${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let databaseUrl: string;
    let dir: string;
    const externalId = `xproc-${Date.now()}`;
    let estateId: number;
    let place: { district: string; plate: string };
    const heard: DataChanged[] = [];

    const estateCsv = (name: string) =>
      `external_id,city_id,district,plate,name,lng,lat\n${externalId},605,${place.district},${place.plate},${name},120.15,30.28\n`;

    /** Process B: the import command exactly as an operator runs it, in a process of its own. */
    async function importInAnotherProcess(name: string) {
      const file = join(dir, `${name}.csv`);
      writeFileSync(file, estateCsv(name));
      const { stdout } = await run(
        join(root, 'node_modules', '.bin', 'tsx'),
        [join(root, 'packages/dataset/src/cli/import.ts'), '--kind', 'estates', file],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: REDIS, DATA_DIR: '' },
          timeout: 60_000,
        },
      );
      return stdout;
    }

    const basicName = async () => {
      const res = await app.inject(`/rabbit/v1/house/basic-info?houseId=${estateId}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { body: { name: string } }).body.name;
    };
    const suggest = async (kw: string) => {
      const res = await app.inject(`/rabbit/v1/search/suggest?cityId=605&kw=${encodeURIComponent(kw)}`);
      expect(res.statusCode, res.body).toBe(200);
      // the answer repeats the keyword: look for the estate in its groups
      const groups = JSON.stringify((res.json() as { body: { groups: unknown } }).body.groups);
      return { found: groups.includes(kw), cache: res.headers['x-cache'] };
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'fjt-xproc-'));
      database = await createTestDatabase('small');
      await seedDatabase(database, { scale: 'small' });
      const [{ name }] = (await database.sql.query<{ name: string }>('SELECT current_database() AS name')) as [
        { name: string },
      ];
      const url = new URL(PG!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      const [row] = await database.sql.query<{ district: string; plate: string }>(
        `SELECT d.name AS district, p.name AS plate FROM plate p JOIN district d ON d.id = p.district_id
       WHERE d.city_id = 605 ORDER BY p.id LIMIT 1`,
      );
      place = row!;
      // an estate of the operator's own (an external id), loaded before A starts
      await importCsv(database, 'estates', estateCsv('跨进程测试苑'));
      const [estate] = await database.sql.query<{ id: number }>(
        `SELECT id::int AS id FROM estate WHERE external_id = $1`,
        [externalId],
      );
      estateId = estate!.id;

      app = await buildApp({
        env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false, REDIS_URL: REDIS, RESPONSE_CACHE_SECONDS: 60 },
        database,
      });
      await app.ready();
      await app.dataEvents.subscribed();
      app.dataEvents.onChange((event) => heard.push(event));
    });

    afterAll(async () => {
      await app?.close();
      await database?.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('shows what another process imported, at once, with every cache warm before', async () => {
      // warm: the estate row (estates service), the city's search index and the response cache
      expect(await basicName()).toBe('跨进程测试苑');
      expect(await suggest('跨进程测试苑')).toEqual({ found: true, cache: 'miss' });
      expect(await suggest('跨进程测试苑')).toEqual({ found: true, cache: 'hit' });
      expect(await suggest('跨进程新名苑')).toEqual({ found: false, cache: 'miss' });

      // the caches really hold: a change behind A's back (no event) is not seen
      await database.sql.query(`UPDATE estate SET name = '背后改名苑' WHERE id = $1`, [estateId]);
      expect(await basicName()).toBe('跨进程测试苑');
      expect(await suggest('跨进程新名苑')).toEqual({ found: false, cache: 'hit' });

      const before = heard.length;
      const stdout = await importInAnotherProcess('跨进程新名苑');
      const finished = Date.now();
      expect(stdout).toMatch(/更新 updated 1/);
      expect(stdout).toMatch(/told [1-9]\d* running server instance\(s\): cities 605/);

      // pub/sub delivers asynchronously: allow a moment, far below every TTL (60 s response cache; none on estates)
      for (let i = 0; i < 100 && heard.length === before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(Date.now() - finished).toBeLessThan(3000);
      expect(heard.slice(before)).toEqual([expect.objectContaining({ cityIds: [605], kinds: ['estates'] })]);
      expect(await basicName()).toBe('跨进程新名苑');
      expect(await suggest('跨进程新名苑')).toEqual({ found: true, cache: 'miss' });
      expect(await suggest('跨进程测试苑')).toMatchObject({ found: false });
    });

    it('re-subscribes after losing its Redis connection and drops everything once; later changes still arrive', async () => {
      const admin = new Redis(REDIS!);
      try {
        const before = heard.length;
        const clients = await admin.client('LIST');
        const mine = String(clients)
          .split('\n')
          .find((line) => line.includes(`name=fjt:data-events:${app.dataEvents.origin} `));
        expect(mine).toBeDefined();
        const id = /\bid=(\d+)/.exec(mine!)![1]!;
        await admin.client('KILL', 'ID', id);
        for (let i = 0; i < 250 && heard.length === before; i++) await new Promise((r) => setTimeout(r, 20));
        expect(heard.slice(before)).toEqual([expect.objectContaining({ cityIds: 'all', kinds: ['unknown'] })]);

        const told = await publishDataChanged(REDIS!, dataChanged(['deals'], [605]));
        expect(told).toBeGreaterThanOrEqual(1);
        for (let i = 0; i < 100 && heard.length === before + 1; i++) await new Promise((r) => setTimeout(r, 20));
        expect(heard.at(-1)).toMatchObject({ cityIds: [605], kinds: ['deals'] });
      } finally {
        await admin.quit();
      }
    });
  },
);
