// npm run db:seed [-- --scale small|full] — migrates and seeds DATABASE_URL or the embedded database.
import { migrate, openDatabase } from '@fjt/db';
import { seedDatabase, type Scale } from '../seed.ts';

const scaleArg = process.argv.indexOf('--scale');
const scale = (scaleArg > 0 ? process.argv[scaleArg + 1] : 'full') as Scale;
if (scale !== 'full' && scale !== 'small' && scale !== 'sample')
  throw new Error(`--scale must be full, small or sample, got ${String(scale)}`);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
await migrate(handle.sql);
const result = await seedDatabase(handle, { scale, log: (l) => console.log(l) });
console.log(result.skipped ? '数据已存在，跳过初始化' : '数据初始化完成');
await handle.close();
