// npm run ops -- staff add|remove|list (see modules/staff/cli.ts). Runs against DATABASE_URL or the embedded
// database (DATA_DIR, default ./var/db), migrating it first. Exit codes: 0 ok, 1 refused, 2 bad arguments.
import { migrate, openDatabase } from '@fjt/db';
import { EXIT, USAGE, parseOpsArgs, runOpsCommand } from '../modules/staff/cli.ts';
import { createStaffService } from '../modules/staff/service.ts';

const cmd = parseOpsArgs(process.argv.slice(2));
if ('error' in cmd) {
  console.error(cmd.error);
  console.error(USAGE);
  process.exit(EXIT.badArguments);
}
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
try {
  await migrate(handle.sql);
  process.exitCode = await runOpsCommand(cmd, createStaffService(handle.db), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} finally {
  await handle.close();
}
