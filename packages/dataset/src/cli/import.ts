// npm run data:import -- --kind estates|listings|deals|rentals FILE.csv
// Imports into DATABASE_URL or the embedded database (DATA_DIR, default ./var/db). Columns: data/IMPORT.md.
// Then runs the price-change alert job (alerts.ts) and, when REDIS_URL is set, tells the running servers which cities
// changed (ADR 0015), so they drop what they derived from them at once.
// Exit codes: 0 imported (or nothing to change), 1 invalid file (nothing imported), 2 bad arguments,
// 3 imported but the running servers could not be told (Redis unreachable: they refresh as their caches expire).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { migrate, openDatabase } from '@fjt/db';
import { IMPORT_KINDS, ImportError, importCsv, type ImportKind } from '../import.ts';
import { alertSmsFromEnv, alertSummary, runAlertJob } from '../alerts.ts';
import { dataChanged, importCityIds, publishDataChanged } from '../events.ts';

const args = process.argv.slice(2);
const k = args.indexOf('--kind');
const kind = (k >= 0 ? args[k + 1] : undefined) as ImportKind | undefined;
const file = args.find((a, i) => !a.startsWith('--') && (k < 0 || i !== k + 1));
if (!kind || !IMPORT_KINDS.includes(kind) || !file) {
  console.error(`用法 / usage: npm run data:import -- --kind ${IMPORT_KINDS.join('|')} FILE.csv`);
  process.exit(2);
}
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  await migrate(handle.sql);
  // watermarks from before this load (a database older than the alert job has none yet)
  await runAlertJob(handle, { initOnly: true });
  const csv = readFileSync(file, 'utf8');
  // before the import: a row moved to another estate changes the city it leaves as well
  const cityIds = await importCityIds(handle, kind, csv);
  const result = await importCsv(handle, kind, csv, basename(file));
  console.log(
    `导入完成 / imported ${result.kind}: ${result.rows} 行 rows — 新增 inserted ${result.inserted}, 更新 updated ${result.updated}, ` +
      `未变 unchanged ${result.unchanged}; 重算行情 series rows ${result.seriesRows}`,
  );
  // new deals, price cuts and months reach the estates' subscribers now, not when someone reads
  console.log(alertSummary(await runAlertJob(handle, { sms: alertSmsFromEnv(handle) })));
  if (result.inserted + result.updated > 0) await tellServers(cityIds);
} catch (error) {
  if (!(error instanceof ImportError)) throw error;
  console.error(
    `文件有 ${error.errors.length} 处错误，未导入任何数据 / ${error.errors.length} error(s), nothing imported:`,
  );
  for (const e of error.errors.slice(0, 200)) {
    console.error(
      `  第 ${e.line} 行 line ${e.line}, 列 column ${e.column || '-'}${e.value ? ` = "${e.value}"` : ''}: ${e.zh} / ${e.en}`,
    );
  }
  if (error.errors.length > 200) console.error(`  … ${error.errors.length - 200} more`);
  process.exitCode = 1;
} finally {
  await handle.close();
}

/** Publishes the change to every running server (Redis); without REDIS_URL there is no one to tell but a hint. */
async function tellServers(cityIds: number[]) {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    if (process.env.DATABASE_URL)
      console.log(
        '未设置 REDIS_URL：运行中的服务将在缓存过期后看到新数据 / REDIS_URL not set: running servers see the new rows as their caches expire',
      );
    return;
  }
  try {
    const told = await publishDataChanged(redisUrl, dataChanged([kind!], cityIds));
    console.log(
      `已通知 ${told} 个运行中的服务实例 / told ${told} running server instance(s): cities ${cityIds.join(', ')}`,
    );
  } catch (error) {
    console.error(
      `数据已导入，但无法通知运行中的服务 / imported, but the running servers could not be told: ${(error as Error).message}`,
    );
    process.exitCode = 3;
  }
}
