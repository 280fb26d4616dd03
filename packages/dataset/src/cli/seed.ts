// npm run db:seed [-- --scale small|full] — migrates and seeds DATABASE_URL or the embedded database; with REDIS_URL
// a seed that wrote rows tells the running servers to drop everything they derived from the old ones (ADR 0015).
import { migrate, openDatabase } from '@fjt/db';
import { seedDatabase, type Scale } from '../seed.ts';
import { dataChanged, publishDataChanged } from '../events.ts';

const scaleArg = process.argv.indexOf('--scale');
const scale = (scaleArg > 0 ? process.argv[scaleArg + 1] : 'full') as Scale;
if (scale !== 'full' && scale !== 'small' && scale !== 'sample')
  throw new Error(`--scale must be full, small or sample, got ${String(scale)}`);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
await migrate(handle.sql);
const result = await seedDatabase(handle, { scale, log: (l) => console.log(l) });
console.log(result.skipped ? '数据已存在，跳过初始化' : '数据初始化完成');
await handle.close();
if (!result.skipped && process.env.REDIS_URL) {
  try {
    const told = await publishDataChanged(process.env.REDIS_URL, dataChanged(['seed'], 'all'));
    console.log(`已通知 ${told} 个运行中的服务实例 / told ${told} running server instance(s)`);
  } catch (error) {
    console.error(`无法通知运行中的服务 / the running servers could not be told: ${(error as Error).message}`);
    process.exitCode = 3;
  }
}
