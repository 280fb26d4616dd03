export { CITIES, type CitySeed } from './cities.ts';
export { seedDatabase, DEFAULT_SEED, type Scale, type SeedOptions, type SeedResult } from './seed.ts';
export {
  importCsv,
  ImportError,
  type ImportOptions,
  IMPORT_KINDS,
  type ImportKind,
  type ImportResult,
  type RowError,
} from './import.ts';
export { recomputeSeries, aggregateFromRows, handleExec, LEVEL_MONTHS, type Level } from './series.ts';
export { refreshEstateStats } from './estate-stats.ts';
export { calibrationReport, type CalibrationReport } from './report.ts';
export { MONTHS, WINDOW } from './time.ts';
export { LAST_MONTH } from './nbs.ts';
export { Rng } from './prng.ts';
export {
  runAlertJob,
  alertSmsFromEnv,
  sandboxAlertSms,
  alertSummary,
  ALERT_JOB,
  CUT_PERCENT,
  type AlertSms,
  type AlertResult,
  type AlertOptions,
} from './alerts.ts';
export { seedMallProducts, MALL_PRICES, REPORT_CONTENTS } from './mall.ts';
export {
  DATA_CHANGED_CHANNEL,
  dataChanged,
  importCityIds,
  parseDataChanged,
  publishDataChanged,
  type DataChangeKind,
  type DataChanged,
} from './events.ts';
export { seedCommunity, GENERATORS, type CommunityGenerator, type CommunityContext } from './community/run.ts';
export type { CommunityEstate } from './community/estates.ts';
export type { Resident } from './community/residents.ts';
export {
  createMsgLink,
  createMsgLinks,
  msgLinkCode,
  verifyMsgLinkCode,
  DEV_MSGLINK_SECRET,
  type MsgLinkInput,
} from './msglink.ts';
