// Once-per-person claims of a campaign (issue 18; the activity_claim table): once per user, once per phone and once
// per device for each (activity, item). The user and phone rules are unique indexes, so two racing claims give one
// row and the other a unique violation (→ a clear 409); the device rule is a plain index, so its check runs under a
// transaction-scoped advisory lock on the device. A deleted account's phone is kept only as its SHA-256
// (the accounts' phoneHash), which the phone rule also matches.
import { queryRows, sql, type Database } from '@fjt/db';
import { phoneHash } from '../accounts/repo.ts';

export type ClaimBlock = 'user' | 'phone' | 'device';

export interface Claimant {
  userId: number;
  phone: string;
  deviceId: string | null;
}

/** Which rule refuses this claimant (user first, then phone, then device), or null. */
export async function claimBlockOf(
  tx: Database,
  activityCode: string,
  item: string,
  who: Claimant,
): Promise<ClaimBlock | null> {
  const [row] = await queryRows<{ byUser: boolean; byPhone: boolean; byDevice: boolean }>(
    tx,
    sql`SELECT
          bool_or(user_id = ${who.userId}) AS "byUser",
          bool_or(phone = ${who.phone} OR phone = ${phoneHash(who.phone)}) AS "byPhone",
          bool_or(${who.deviceId}::text IS NOT NULL AND device_id = ${who.deviceId}) AS "byDevice"
        FROM activity_claim
        WHERE activity_code = ${activityCode} AND item = ${item}
          AND (user_id = ${who.userId} OR phone IN (${who.phone}, ${phoneHash(who.phone)})
               OR (${who.deviceId}::text IS NOT NULL AND device_id = ${who.deviceId}))`,
  );
  if (row?.byUser) return 'user';
  if (row?.byPhone) return 'phone';
  if (row?.byDevice) return 'device';
  return null;
}

/** Serialises claims of one device for one item until the transaction ends (the device rule has no unique index). */
export async function lockClaimDevice(tx: Database, activityCode: string, item: string, deviceId: string | null) {
  if (!deviceId) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`claim:${activityCode}:${item}:${deviceId}`}))`);
}

/** Which unique rule a failed insert broke ('user' / 'phone'), or null when it was something else. */
export function claimViolationOf(error: unknown): ClaimBlock | null {
  const texts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    texts.push(
      String((e as { message?: unknown }).message ?? ''),
      String((e as { constraint?: unknown }).constraint ?? ''),
    );
  }
  const all = texts.join(' ');
  if (/activity_claim_user_idx/.test(all)) return 'user';
  if (/activity_claim_phone_idx/.test(all)) return 'phone';
  return null;
}

/** Inserts the claim row; returns its id. A unique violation propagates (use claimViolationOf). */
export async function insertClaim(tx: Database, activityCode: string, item: string, who: Claimant): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO activity_claim (activity_code, item, user_id, phone, device_id)
        VALUES (${activityCode}, ${item}, ${who.userId}, ${who.phone}, ${who.deviceId})
        RETURNING id::int AS id`,
  );
  return row!.id;
}

/** The claimant's phone (a live account's), or null when the user is gone. */
export async function phoneOfUser(tx: Database, userId: number): Promise<{ phone: string; createdAt: Date } | null> {
  const [row] = await queryRows<{ phone: string; createdAt: string | Date }>(
    tx,
    sql`SELECT phone, created_at AS "createdAt" FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  return row ? { phone: row.phone, createdAt: new Date(row.createdAt) } : null;
}
