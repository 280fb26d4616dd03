// npm run data:import -- --kind estates|listings|deals|rentals FILE.csv
// Imports into DATABASE_URL or the embedded database (DATA_DIR, default ./var/db). Columns: data/IMPORT.md.
// Then runs the price-change alert job (alerts.ts). Exit codes: 0 imported (or nothing to change), 1 invalid file (nothing imported), 2 bad arguments.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { migrate, openDatabase } from '@fjt/db';
import { IMPORT_KINDS, ImportError, importCsv, type ImportKind } from '../import.ts';
import { alertSmsFromEnv, alertSummary, runAlertJob } from '../alerts.ts';

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
  const result = await importCsv(handle, kind, readFileSync(file, 'utf8'), basename(file));
  console.log(
    `导入完成 / imported ${result.kind}: ${result.rows} 行 rows — 新增 inserted ${result.inserted}, 更新 updated ${result.updated}, ` +
      `未变 unchanged ${result.unchanged}; 重算行情 series rows ${result.seriesRows}`,
  );
  // new deals, price cuts and months reach the estates' subscribers now, not when someone reads
  console.log(alertSummary(await runAlertJob(handle, { sms: alertSmsFromEnv(handle) })));
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
