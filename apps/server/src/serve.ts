// Starts the server: migrate, seed once, serve; shuts down gracefully on SIGTERM/SIGINT (entered via main.ts).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireStartupLock, migrate, openDatabase } from '@fjt/db';
import { dataChanged, publishDataChanged, runAlertJob, seedDatabase } from '@fjt/dataset';
import { DEFAULT_CITY_ID } from '@fjt/domain';
import { buildApp } from './app.ts';
import { ensureActivities } from './modules/activities/service.ts';
import { syncArticles } from './modules/content/articles/sync.ts';
import { createShutdown, onStopSignals } from './lib/shutdown.ts';
import { createStaffService, DEMO_STAFF } from './modules/staff/service.ts';
import { createSuperiorService, DEMO_SUPERIOR } from './modules/superior/service.ts';
import { isDeployed, parseEnv } from './env.ts';

const env = parseEnv();
const here = dirname(fileURLToPath(import.meta.url));
const webBuildDir = resolve(env.WEB_BUILD_DIR ?? join(here, '..', '..', 'web', 'build'));

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
// Several instances may start at once on one PostgreSQL (npm run cluster): the first migrates and seeds under the
// start-up lock while the others wait, then find nothing to do (ADR 0018). Released once the start-up writes are done.
const startupLock = await acquireStartupLock(database, {
  onWait: () => console.log('[seed] 另一个实例正在迁移/初始化数据，等待中… (waiting for another instance)'),
});
await migrate(database.sql);
const seeded = await seedDatabase(database, { scale: env.SEED_SCALE, log: (line) => console.log(`[seed] ${line}`) });
if (!seeded.skipped) {
  console.log('[seed] 数据初始化完成');
  // instances already running on this database (scaled out) drop what they derived from the rows just replaced
  if (env.REDIS_URL)
    await publishDataChanged(env.REDIS_URL, dataChanged(['seed'], 'all')).catch((error: unknown) =>
      console.warn(`[seed] 无法通知其他实例 / could not tell other instances: ${(error as Error).message}`),
    );
}
// 文章 (issue 17): the repository's Markdown articles and the monthly market write-ups not yet written
const articles = await syncArticles(database.db);
for (const problem of articles.editorial.errors) console.warn(`[articles] ${problem}`);
console.log(
  `[articles] 文章 ${articles.editorial.written} written, ${articles.editorial.unchanged} unchanged; ` +
    `行情 ${articles.market.written} written for ${articles.market.cities} cities (${articles.ms} ms)`,
);
// 活动 (issue 18): the default activities a database does not have yet (ops changes are never overwritten)
const activitiesWritten = await ensureActivities(database.db);
if (activitiesWritten > 0) console.log(`[seed] 活动 activities: ${activitiesWritten} written`);
// A database seeded before the price-change alert job existed gets its watermarks now, so the next import is news.
await runAlertJob(database, { initOnly: true });
// Outside a deployment (npm start on a machine, tests): the demo staff of the README (ops, support, agent,
// moderator), signed in with sandbox codes.
if (!isDeployed(env)) {
  const granted = await createStaffService(database.db).seedDemoStaff();
  if (granted > 0)
    console.log(`[seed] 演示工作人员 demo staff: ${DEMO_STAFF.map((s) => `${s.phone} ${s.role}`).join(', ')}`);
  // the demo 达人 of 达人推荐 (/{city}/pubBySuperior/{id}), with a few picks in the default city
  if (await createSuperiorService(database.db).seedDemoSuperior(DEFAULT_CITY_ID))
    console.log(`[seed] 演示达人 demo super-user: ${DEMO_SUPERIOR.phone} ${DEMO_SUPERIOR.nickname}`);
}
await startupLock.release();

const app = await buildApp({ env, database, webBuildDir });
await app.listen({ host: env.HOST, port: env.PORT });

onStopSignals(
  createShutdown({
    app,
    lifecycle: app.lifecycle,
    resources: [() => database.close()],
    timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  }),
);
