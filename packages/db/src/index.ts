export {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type Driver,
  type PoolStats,
  type SqlRunner,
} from './client.ts';
export { migrate, MIGRATIONS_DIR } from './migrate.ts';
export { acquireStartupLock, withStartupLock, STARTUP_LOCK_KEY, type StartupLock } from './startup-lock.ts';
export * as schema from './schema/index.ts';
export * from 'drizzle-orm';
export { isoText, queryPage, queryRows } from './rows.ts';
export { queryBatcher, type QueryBatcher } from './batch.ts';
export { preparedQuery } from './prepared.ts';
