// 达人 (issue 14, spec §4, §6, PAGES.md §3.11): staff give or take a user's super label (audited, in the change's
// transaction); a super-user picks resale estates and new-house projects with a reason (at most
// MAX_SUPERIOR_PICKS of each kind); anyone reads a 达人's picks of a city, newest first. No superior id means me:
// a visitor is asked to log in, a user without the label gets 暂无权限; an id without a label is no 达人 (null).
import type { Database } from '@fjt/db';
import {
  ApiError,
  MAX_SUPERIOR_PICKS,
  NO_SUPER_LABEL,
  SUPERIOR_PAGE_SIZE,
  SUPERIOR_PICK_LIMIT,
  UNKNOWN_PICK_TARGET,
  maskPhone,
  type SuperLabel,
  type SuperiorEstateList,
  type SuperiorListQuery,
  type SuperiorPickInput,
  type SuperiorPickKind,
  type SuperiorPickState,
  type SuperiorProjectList,
  type SuperiorService,
  type SuperiorUnpickInput,
} from '@fjt/domain';
import { withEstateMom } from '../../lib/estate-figures.ts';
import { recordAudit } from '../staff/audit.ts';
import { createStaffRepo } from '../staff/repo.ts';
import { NOT_REGISTERED } from '../staff/service.ts';
import { createSuperiorRepo } from './repo.ts';

/** Seeded outside production with DEMO_SUPERIOR_PICKS picks of each kind in the default city (README). */
export const DEMO_SUPERIOR = { phone: '13800000007', nickname: '杭州买房达人', label: 1 as SuperLabel };
export const DEMO_SUPERIOR_PICKS = 4;
const DEMO_REASONS = [
  '地铁口小区，通勤方便，近一年挂牌价稳中有升。',
  '学区配套成熟，换手率高，适合刚需上车。',
  '次新房品质好，物业口碑不错，总价门槛适中。',
  '板块规划利好多，当前价格处在近两年低位。',
];

export interface LabelChange {
  phone: string;
  /** null: take the label away. */
  label: SuperLabel | null;
  /** The staff user doing it; null: the command line or the system. */
  actorId: number | null;
  ip?: string | null;
}

export function createSuperiorService(db: Database) {
  const repo = createSuperiorRepo(db);
  const users = createStaffRepo(db);
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  /**
   * The 达人 whose page it is, with the header; null when superiorId is no 达人. My page (no superiorId) throws
   * 401 for a visitor and 403 without the label.
   */
  const superiorOf = async ({ superiorId, cityId }: SuperiorListQuery, viewerId: number | null) => {
    const userId = superiorId ?? viewerId;
    if (userId === null) throw ApiError.unauthorized();
    const header = await repo.header(userId, cityId, viewerId);
    if (!header) {
      if (superiorId === undefined) throw ApiError.forbidden(NO_SUPER_LABEL);
      return null;
    }
    const mine = userId === viewerId;
    return { ...header, followed: mine ? false : header.followed, mine };
  };

  const mustHaveLabel = async (userId: number) => {
    if ((await repo.labelOf(userId)) === null) throw ApiError.forbidden(NO_SUPER_LABEL);
  };

  const service = {
    labelOf: (userId: number) => repo.labelOf(userId),

    /** Gives (label 1 or 2) or takes (null) a user's label; one audit row when something changed. */
    setLabel({ phone, label, actorId, ip = null }: LabelChange) {
      return inTransaction(async (tx) => {
        const user = label === null ? await users.userOfPhone(phone, tx) : await users.ensureUser(phone, tx);
        if (!user) throw ApiError.notFound(NOT_REGISTERED);
        const before = await repo.labelOf(user.id, tx);
        const changed = await repo.setLabel(user.id, label, actorId, tx);
        if (changed)
          await recordAudit(tx, {
            actorId,
            action: label === null ? 'user.label.revoke' : 'user.label.grant',
            targetType: 'user',
            targetId: user.id,
            detail: { label, before, phone: maskPhone(phone) },
            ip,
          });
        return { userId: user.id, label, changed, createdUser: 'created' in user && user.created };
      });
    },

    async pick(userId: number, { kind, targetId, reason }: SuperiorPickInput): Promise<SuperiorPickState> {
      await mustHaveLabel(userId);
      const cityId = await repo.targetCity(kind, targetId);
      if (cityId === null) throw ApiError.notFound(UNKNOWN_PICK_TARGET[kind]);
      const count = await repo.pickCount(userId, kind);
      if (count >= MAX_SUPERIOR_PICKS && !(await repo.isPicked(userId, kind, targetId)))
        throw ApiError.conflict(SUPERIOR_PICK_LIMIT);
      await repo.pick(userId, kind, targetId, cityId, reason);
      return { picked: true, count: await repo.pickCount(userId, kind) };
    },

    async unpick(userId: number, { kind, targetId }: SuperiorUnpickInput): Promise<SuperiorPickState> {
      await mustHaveLabel(userId);
      await repo.unpick(userId, kind, targetId);
      return { picked: false, count: await repo.pickCount(userId, kind) };
    },

    async estates(query: SuperiorListQuery, viewerId: number | null): Promise<SuperiorEstateList | null> {
      const superior = await superiorOf(query, viewerId);
      if (!superior) return null;
      const size = SUPERIOR_PAGE_SIZE;
      const { total, rows } = await repo.estatePicks(superior.userId, query.cityId, query.page, size);
      return { superior, total, page: query.page, size, list: rows.map(withEstateMom) };
    },

    async projects(query: SuperiorListQuery, viewerId: number | null): Promise<SuperiorProjectList | null> {
      const superior = await superiorOf(query, viewerId);
      if (!superior) return null;
      const size = SUPERIOR_PAGE_SIZE;
      const { total, rows } = await repo.projectPicks(superior.userId, query.cityId, query.page, size);
      return { superior, total, page: query.page, size, list: rows };
    },

    /** The demo 达人 (DEMO_SUPERIOR) with a few picks of each kind in the city, idempotent. */
    async seedDemoSuperior(cityId: number): Promise<boolean> {
      const { changed, userId } = await service.setLabel({
        phone: DEMO_SUPERIOR.phone,
        label: DEMO_SUPERIOR.label,
        actorId: null,
      });
      await repo.setNicknameIfUnset(userId, DEMO_SUPERIOR.nickname);
      // 问答 (issue 17): the demo 达人 answers for the estates of the city's first plate (routed questions)
      await repo.answerForFirstPlate(userId, cityId);
      const kinds: SuperiorPickKind[] = ['resale', 'new'];
      if ((await Promise.all(kinds.map((k) => repo.pickCount(userId, k)))).some((n) => n > 0)) return changed;
      const targets = await repo.demoTargets(cityId, DEMO_SUPERIOR_PICKS);
      const picks = [
        ...targets.estates.map((id, i) => ({ kind: 'resale' as const, id, i })),
        ...targets.projects.map((id, i) => ({ kind: 'new' as const, id, i })),
      ];
      for (const { kind, id, i } of picks)
        await repo.pick(userId, kind, id, cityId, DEMO_REASONS[i % DEMO_REASONS.length]!);
      return changed;
    },
  } satisfies SuperiorService & Record<string, unknown>;
  return service;
}

export type SuperiorModule = ReturnType<typeof createSuperiorService>;
