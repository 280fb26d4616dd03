// Data import from the /ops console (issue 11): the same importer as `npm run data:import`, run inside the server —
// which the embedded database needs, as only one process may open it — followed by what a load must trigger: the
// price-change alert job, and forgetting the answers kept in memory (services, public response cache). One import
// at a time; each is written to the audit log with what it changed.
import type { DatabaseHandle } from '@fjt/db';
import {
  ImportError,
  importCityIds,
  importCsv,
  runAlertJob,
  seedMallProducts,
  type AlertResult,
  type AlertSms,
  type ImportKind,
  type ImportResult,
} from '@fjt/dataset';
import { ApiError } from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';

/** How many of a refused file's errors the answer names. */
const ERRORS_SHOWN = 5;

export interface DataImportOutcome {
  import: ImportResult;
  alerts: AlertResult;
}

export interface LoadedChange {
  kind: ImportKind;
  /** The cities the file's rows belong (or belonged) to. */
  cityIds: number[];
}

export function createDataImportService(deps: {
  database: DatabaseHandle;
  /** The alert job's SMS gateway (with their signed short links), or none. */
  alertSms?: AlertSms | null;
  msgLinkSecret?: string;
  /** Told after a load that changed rows: drops what was derived from them, here and in every instance (ADR 0015). */
  afterLoad: (change: LoadedChange) => Promise<void> | void;
}) {
  const { database } = deps;
  let queue: Promise<unknown> = Promise.resolve();

  async function load(kind: ImportKind, csv: string, fileName: string): Promise<DataImportOutcome> {
    // a database seeded before the alert job existed: set its watermarks first, so this load is news
    await runAlertJob(database, { initOnly: true });
    let result: ImportResult;
    let cityIds: number[] = [];
    try {
      // before the import: a row moved to another estate changes the city it leaves as well
      cityIds = await importCityIds(database, kind, csv);
      result = await importCsv(database, kind, csv, fileName);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      const lines = error.errors
        .slice(0, ERRORS_SHOWN)
        .map((e) => `第${e.line}行${e.column ? ` ${e.column}` : ''}${e.value ? `“${e.value}”` : ''}：${e.zh}`);
      const more = error.errors.length > ERRORS_SHOWN ? `；另有${error.errors.length - ERRORS_SHOWN}处` : '';
      throw ApiError.badRequest(`文件有${error.errors.length}处错误，未导入任何数据。${lines.join('；')}${more}`);
    }
    const alerts = await runAlertJob(database, {
      sms: deps.alertSms ?? null,
      ...(deps.msgLinkSecret ? { msgLinkSecret: deps.msgLinkSecret } : {}),
    });
    // the report mall's catalogue follows the data: new estates get their report, coverage lines their counts
    await seedMallProducts(database);
    if (result.inserted + result.updated > 0) await deps.afterLoad({ kind, cityIds });
    return { import: result, alerts };
  }

  return {
    /** Imports one CSV file; `actor` is the staff user (audited), null for the e2e hook. */
    run(input: { kind: ImportKind; csv: string; fileName: string; actorId: number | null; ip: string | null }) {
      const next = queue.then(async () => {
        const outcome = await load(input.kind, input.csv, input.fileName);
        if (input.actorId !== null) {
          await recordAudit(database.db, {
            actorId: input.actorId,
            action: 'data.import',
            targetType: 'import',
            targetId: input.kind,
            detail: { fileName: input.fileName, ...outcome.import, alerts: outcome.alerts },
            ip: input.ip,
          });
        }
        return outcome;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

export type DataImportService = ReturnType<typeof createDataImportService>;
