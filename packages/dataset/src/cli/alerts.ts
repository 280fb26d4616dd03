// npm run alerts — runs the price-change alert job once over DATABASE_URL or the embedded database (DATA_DIR).
// The importer and the seed run it themselves at their end; this is for running it by hand. ALERT_SMS=1 also
// sends one SMS per user with new messages through the sandbox gateway (sms_outbox).
import { migrate, openDatabase } from '@fjt/db';
import { alertSmsFromEnv, alertSummary, runAlertJob } from '../alerts.ts';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  await migrate(handle.sql);
  console.log(alertSummary(await runAlertJob(handle, { sms: alertSmsFromEnv(handle) })));
} finally {
  await handle.close();
}
