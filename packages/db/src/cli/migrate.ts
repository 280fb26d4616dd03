// npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database in DATA_DIR.
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const { applied } = await migrate(handle.sql);
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
await handle.close();
