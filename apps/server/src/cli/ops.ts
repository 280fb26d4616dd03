// npm run ops -- staff add|remove|list, user label, codes create, grant, orders, refund (see modules/staff/cli.ts,
// modules/superior/cli.ts,
// modules/membership/cli.ts, modules/activities/cli.ts and modules/ops-orders/cli.ts). Runs against DATABASE_URL or the embedded database (DATA_DIR, default ./var/db),
// migrating it first. Exit codes: 0 ok, 1 refused, 2 bad arguments.
import { migrate, openDatabase, type Database } from '@fjt/db';
import { EXIT, USAGE, parseOpsArgs, runOpsCommand, type CliIo } from '../modules/staff/cli.ts';
import { createStaffService } from '../modules/staff/service.ts';
import { MEMBERSHIP_USAGE, parseMembershipArgs, runMembershipCommand } from '../modules/membership/cli.ts';
import { createMembershipService } from '../modules/membership/service.ts';
import { ORDERS_USAGE, parseOrdersArgs, runOrdersCommand } from '../modules/ops-orders/cli.ts';
import { createOpsOrdersService } from '../modules/ops-orders/service.ts';
import { cliOrdersService, closeCliOrdersService } from '../modules/ops-orders/cli-payments.ts';
import { USER_LABEL_USAGE, parseUserLabelArgs, runUserLabelCommand } from '../modules/superior/cli.ts';
import { createSuperiorService } from '../modules/superior/service.ts';
import { ACTIVITY_USAGE, parseActivityArgs, runActivityCommand } from '../modules/activities/cli.ts';
import { createActivities, ensureActivities } from '../modules/activities/service.ts';

type Area = { run: (db: Database, io: CliIo) => Promise<number> };

function areaOf(args: string[]): Area | { error: string } {
  if (args[0] === 'staff') {
    const cmd = parseOpsArgs(args);
    return 'error' in cmd ? cmd : { run: (db, io) => runOpsCommand(cmd, createStaffService(db), io) };
  }
  if (args[0] === 'user') {
    const cmd = parseUserLabelArgs(args);
    return 'error' in cmd ? cmd : { run: (db, io) => runUserLabelCommand(cmd, createSuperiorService(db), io) };
  }
  if (args[0] === 'codes' || args[0] === 'grant') {
    const cmd = parseMembershipArgs(args);
    return 'error' in cmd
      ? cmd
      : { run: (db, io) => runMembershipCommand(cmd, createMembershipService(db, { now: Date.now }), io) };
  }
  if (args[0] === 'orders' || args[0] === 'refund') {
    const cmd = parseOrdersArgs(args);
    return 'error' in cmd
      ? cmd
      : {
          run: (db, io) =>
            runOrdersCommand(cmd, { lookup: createOpsOrdersService(db), orders: () => cliOrdersService(db) }, io),
        };
  }
  if (args[0] === 'activity') {
    const cmd = parseActivityArgs(args);
    return 'error' in cmd
      ? cmd
      : {
          run: async (db, io) => {
            await ensureActivities(db);
            return runActivityCommand(cmd, createActivities(db), io);
          },
        };
  }
  return { error: '未知命令 / unknown command' };
}

const area = areaOf(process.argv.slice(2));
if ('error' in area) {
  console.error(area.error);
  console.error(`${USAGE}\n${USER_LABEL_USAGE}\n${MEMBERSHIP_USAGE}\n${ORDERS_USAGE}\n${ACTIVITY_USAGE}`);
  process.exit(EXIT.badArguments);
}
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
try {
  await migrate(handle.sql);
  process.exitCode = await area.run(handle.db, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} finally {
  await closeCliOrdersService();
  await handle.close();
}
