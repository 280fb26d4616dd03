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
export const AGENT_NOT_FOUND = '经纪人不存在';
export const AGENT_TAKEN = '该经纪人已关联其他工作人员';
export const AGENT_LINK_ROLE_ONLY = '只有经纪人角色可以关联经纪人';

/** Seeded outside production (README): log in with the SMS sandbox. */
export const DEMO_STAFF: readonly { phone: string; role: StaffRole }[] = [
  { phone: '13800000001', role: 'ops' },
  { phone: '13800000002', role: 'support' },
  { phone: '13800000003', role: 'agent' },
  { phone: '13800000004', role: 'moderator' },
  // a second agent: the two demo agents serve one estate, so the lead console shows the round robin (issue 14)
  { phone: '13800000006', role: 'agent' },
  // a second support member: the support console's transfer has someone to hand a conversation to (issue 15)
  { phone: '13800000010', role: 'support' },
];

export interface StaffChange {
  phone: string;
  role: StaffRole;
  /** The staff user doing it; null: the command line or the system. */
  actorId: number | null;
  ip?: string | null;
  /** grant with role agent only: the agent (agent table) this user acts as in the lead console. */
  agentId?: number;
}

export interface StaffChangeResult {
  userId: number;
  role: StaffRole;
  /** false: nothing to do (already granted / not held); no audit row then. */
  changed: boolean;
  /** grant only: the phone was new and its user was created. */
  createdUser?: boolean;
  /** grant with agentId: whether the agent link changed. */
  linkedAgent?: boolean;
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
      const [roles, agent] = await Promise.all([repo.rolesOf(user.id), repo.agentProfileOfUser(user.id)]);
      return { userId: user.id, mobile: maskPhone(user.phone), nickname: user.nickname, roles, agent };
    },

    /** Grants a role; a new phone gets its user created. One audit row when something changed. */
    grant({ phone, role, actorId, ip = null, agentId }: StaffChange): Promise<StaffChangeResult> {
      return inTransaction(async (tx) => {
        if (agentId !== undefined && role !== 'agent') throw ApiError.badRequest(AGENT_LINK_ROLE_ONLY);
        const user = await repo.ensureUser(phone, tx);
        const changed = await repo.grant(user.id, role, actorId, tx);
        let linkedAgent: boolean | undefined;
        if (agentId !== undefined) {
          if (!(await repo.agentExists(agentId, tx))) throw ApiError.notFound(AGENT_NOT_FOUND);
          const holder = await repo.userOfAgent(agentId, tx);
          if (holder !== null && holder !== user.id) throw ApiError.conflict(AGENT_TAKEN);
          linkedAgent = await repo.linkAgent(user.id, agentId, tx);
          if (linkedAgent)
            await recordAudit(tx, {
              actorId,
              action: 'staff.agent.link',
              targetType: 'user',
              targetId: user.id,
              detail: { agentId, phone: maskPhone(phone) },
              ip,
            });
        }
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
        return {
          userId: user.id,
          role,
          changed,
          createdUser: user.created,
          ...(linkedAgent === undefined ? {} : { linkedAgent }),
        };
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
      // the demo agents act as two agents of one estate (none without market data); an existing link is kept
      const agentPhones = DEMO_STAFF.filter((s) => s.role === 'agent').map((s) => s.phone);
      const agentIds = await repo.demoAgents(agentPhones.length);
      for (const [i, phone] of agentPhones.entries()) {
        const agentId = agentIds[i];
        const user = await repo.userOfPhone(phone);
        if (agentId === undefined || !user || (await repo.userOfAgent(agentId)) !== null) continue;
        if ((await repo.agentOfUser(user.id)) !== null) continue;
        await service.grant({ phone, role: 'agent', actorId: null, agentId });
      }
      return granted;
    },
  } satisfies StaffService & Record<string, unknown>;
  return service;
}

export type StaffModule = ReturnType<typeof createStaffService>;
