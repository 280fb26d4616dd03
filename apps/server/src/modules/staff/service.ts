// Staff roles (issue 11): who holds which role, granting and revoking with an audit row in the same transaction,
// the staff list and the audit log of the /ops consoles, and the demo staff of non-production machines.
import type { Database } from '@fjt/db';
import {
  ApiError,
  maskPhone,
  type AuditListBody,
  type AuditQuery,
  type OpsViewer,
  type StaffListBody,
  type StaffRole,
  type StaffService,
} from '@fjt/domain';
import { listAudit, recordAudit } from './audit.ts';
import { createStaffRepo } from './repo.ts';

export const NOT_REGISTERED = '该手机号尚未注册';
export const NO_SELF_REVOKE_OPS = '不能撤销自己的运营角色';

/** Seeded outside production (README): log in with the SMS sandbox. */
export const DEMO_STAFF: readonly { phone: string; role: StaffRole }[] = [
  { phone: '13800000001', role: 'ops' },
  { phone: '13800000002', role: 'support' },
  { phone: '13800000003', role: 'agent' },
  { phone: '13800000004', role: 'moderator' },
];

export interface StaffChange {
  phone: string;
  role: StaffRole;
  /** The staff user doing it; null: the command line or the system. */
  actorId: number | null;
  ip?: string | null;
}

export interface StaffChangeResult {
  userId: number;
  role: StaffRole;
  /** false: nothing to do (already granted / not held); no audit row then. */
  changed: boolean;
  /** grant only: the phone was new and its user was created. */
  createdUser?: boolean;
}

export function createStaffService(db: Database) {
  const repo = createStaffRepo(db);
  // Drizzle's transaction runs the same queries as the database it came from.
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  const service = {
    rolesOf: (userId: number) => repo.rolesOf(userId),

    /** The viewer of an /ops page: their roles (empty for a non-staff user). */
    async viewerOf(user: { id: number; phone: string; nickname: string | null }): Promise<OpsViewer> {
      return {
        userId: user.id,
        mobile: maskPhone(user.phone),
        nickname: user.nickname,
        roles: await repo.rolesOf(user.id),
      };
    },

    /** Grants a role; a new phone gets its user created. One audit row when something changed. */
    grant({ phone, role, actorId, ip = null }: StaffChange): Promise<StaffChangeResult> {
      return inTransaction(async (tx) => {
        const user = await repo.ensureUser(phone, tx);
        const changed = await repo.grant(user.id, role, actorId, tx);
        if (changed) {
          await recordAudit(tx, {
            actorId,
            action: 'staff.grant',
            targetType: 'user',
            targetId: user.id,
            detail: { role, phone: maskPhone(phone), createdUser: user.created },
            ip,
          });
        }
        return { userId: user.id, role, changed, createdUser: user.created };
      });
    },

    /** Revokes a role; an unknown phone is a 404. Staff cannot take their own ops role (no lock-out by a click). */
    revoke({ phone, role, actorId, ip = null }: StaffChange): Promise<StaffChangeResult> {
      return inTransaction(async (tx) => {
        const user = await repo.userOfPhone(phone, tx);
        if (!user) throw ApiError.notFound(NOT_REGISTERED);
        if (actorId === user.id && role === 'ops') throw ApiError.forbidden(NO_SELF_REVOKE_OPS);
        const changed = await repo.revoke(user.id, role, tx);
        if (changed) {
          await recordAudit(tx, {
            actorId,
            action: 'staff.revoke',
            targetType: 'user',
            targetId: user.id,
            detail: { role, phone: maskPhone(phone) },
            ip,
          });
        }
        return { userId: user.id, role, changed };
      });
    },

    listStaff: (): Promise<StaffListBody> => repo.listStaff(),

    auditLog: (query: AuditQuery): Promise<AuditListBody> => listAudit(db, query),

    /** The demo staff (DEMO_STAFF), idempotent: only what is missing is granted (and audited). */
    async seedDemoStaff(): Promise<number> {
      let granted = 0;
      for (const { phone, role } of DEMO_STAFF) {
        if ((await service.grant({ phone, role, actorId: null })).changed) granted += 1;
      }
      return granted;
    },
  } satisfies StaffService & Record<string, unknown>;
  return service;
}

export type StaffModule = ReturnType<typeof createStaffService>;
