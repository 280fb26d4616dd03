// 新人会员 (issue 18, PAGES.md §3.13): a free VIP trial of config.trialDays for an account registered within
// config.registeredWithinDays that never held VIP (no vip_periods row), once per user, per phone and per device
// (activity_claim item 'trial'). check answers eligible or the reason; claim runs the same checks, the claim row
// and the VIP period (source 'activity', ref 'freshvip:<claim id>') in one transaction, so two racing claims give
// one trial.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  CAMPAIGN_MESSAGES,
  DAY_MS,
  freshvipConfig,
  type FreshvipCheckBody,
  type FreshvipClaimBody,
  type FreshvipConfig,
  type TrialRefusal,
} from '@fjt/domain';
import type { Activities } from '../activities/service.ts';
import type { MembershipService } from '../membership/service.ts';
import {
  claimBlockOf,
  claimViolationOf,
  insertClaim,
  lockClaimDevice,
  phoneOfUser,
  type ClaimBlock,
} from './claims.ts';

const FRESHVIP = 'freshvip';
const ITEM = 'trial';

const BLOCK_REFUSAL: Record<ClaimBlock, TrialRefusal> = {
  user: 'claimed',
  phone: 'phone-claimed',
  device: 'device-claimed',
};

function trialRefusalText(reason: TrialRefusal, config: FreshvipConfig): string {
  switch (reason) {
    case 'not-new':
      return CAMPAIGN_MESSAGES.trialNotNew(config.registeredWithinDays);
    case 'was-vip':
      return CAMPAIGN_MESSAGES.trialWasVip;
    case 'claimed':
      return CAMPAIGN_MESSAGES.trialClaimed;
    case 'phone-claimed':
      return CAMPAIGN_MESSAGES.trialPhoneClaimed;
    case 'device-claimed':
      return CAMPAIGN_MESSAGES.trialDeviceClaimed;
  }
}

export function createFreshvip(
  db: Database,
  deps: { activities: Activities; membership: Pick<MembershipService, 'grantDays' | 'status'>; now: () => number },
) {
  const configOf = (raw: unknown): FreshvipConfig => {
    const parsed = freshvipConfig.safeParse(raw);
    return parsed.success ? parsed.data : freshvipConfig.parse({});
  };

  /** The signed-in user's phone and sign-up time (401 when the account is gone). */
  async function userOf(tx: Database, userId: number) {
    const user = await phoneOfUser(tx, userId);
    if (!user) throw ApiError.unauthorized();
    return user;
  }

  /** The first rule that refuses this user (already claimed first, so a claimer sees that), or null. */
  async function refusalOf(
    tx: Database,
    userId: number,
    user: { phone: string; createdAt: Date },
    deviceId: string | null,
    config: FreshvipConfig,
  ): Promise<TrialRefusal | null> {
    const block = await claimBlockOf(tx, FRESHVIP, ITEM, { userId, phone: user.phone, deviceId });
    if (block) return BLOCK_REFUSAL[block];
    const [vip] = await queryRows<{ held: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM vip_periods WHERE user_id = ${userId}) AS held`,
    );
    if (vip?.held) return 'was-vip';
    if (deps.now() - user.createdAt.getTime() > config.registeredWithinDays * DAY_MS) return 'not-new';
    return null;
  }

  return {
    /** GET activity/freshvip/check. */
    async check(userId: number, deviceId: string | null): Promise<FreshvipCheckBody> {
      const activity = await deps.activities.requireRunning(FRESHVIP);
      const config = configOf(activity.config);
      const reason = await refusalOf(db, userId, await userOf(db, userId), deviceId, config);
      return {
        eligible: reason === null,
        reason,
        message: reason ? trialRefusalText(reason, config) : null,
        trialDays: config.trialDays,
        registeredWithinDays: config.registeredWithinDays,
      };
    },

    /** POST activity/freshvip/claim. */
    async claim(userId: number, deviceId: string | null): Promise<FreshvipClaimBody> {
      let trialDays = 0;
      try {
        await db.transaction(async (tx) => {
          const activity = await deps.activities.requireRunning(FRESHVIP, tx);
          const config = configOf(activity.config);
          trialDays = config.trialDays;
          // one claim at a time per user (the vip_periods check below) and per device
          await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
          await lockClaimDevice(tx, FRESHVIP, ITEM, deviceId);
          const user = await userOf(tx, userId);
          const reason = await refusalOf(tx, userId, user, deviceId, config);
          if (reason) throw ApiError.conflict(trialRefusalText(reason, config));
          const claimId = await insertClaim(tx, FRESHVIP, ITEM, { userId, phone: user.phone, deviceId });
          await deps.membership.grantDays(tx, {
            userId,
            days: config.trialDays,
            source: 'activity',
            ref: `${FRESHVIP}:${claimId}`,
          });
        });
      } catch (error) {
        const violated = claimViolationOf(error);
        if (violated) throw ApiError.conflict(trialRefusalText(BLOCK_REFUSAL[violated], freshvipConfig.parse({})));
        throw error;
      }
      const status = await deps.membership.status(userId);
      return { trialDays, expiresAt: status.expiresAt, daysLeft: status.daysLeft };
    },
  };
}

export type Freshvip = ReturnType<typeof createFreshvip>;
