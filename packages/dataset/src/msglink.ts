// SMS short links (issue 18, /activity/msglink?code): a msg_link row holds the same-origin target, the code in the
// SMS is its id in base62 followed by an 11-character HMAC-SHA256 signature (base64url, 64 bits) under
// MSGLINK_SECRET. A tampered or guessed code fails the signature check before any lookup; the resolver (server
// msglink/resolve) also refuses expired and unknown ones. Shared by the alert job here and the server.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { queryRows, sql, type Database } from '@fjt/db';
import { isDeployed, msgLinkPath, safeRedirectPath } from '@fjt/domain';

/** Outside a deployment (dev, tests, e2e): a fixed secret, so links survive restarts. */
export const DEV_MSGLINK_SECRET = 'fjt-dev-msglink-secret-not-for-production-use';
const SIG_LENGTH = 11;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** How long a link works, by kind (days): the price alerts' are the only ones sent so far. */
export const MSGLINK_TTL_DAYS = { alert: 30 } as const;
type MsgLinkKind = keyof typeof MSGLINK_TTL_DAYS;

/** MSGLINK_SECRET, or the dev secret outside a deployment; a deployment without one throws. */
export function msgLinkSecretFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.MSGLINK_SECRET;
  if (secret) return secret;
  if (isDeployed(env)) throw new Error('MSGLINK_SECRET must be set in a deployment');
  return DEV_MSGLINK_SECRET;
}

export function base62(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`base62: ${n}`);
  let out = '';
  do {
    out = BASE62[n % 62]! + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out;
}

function fromBase62(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    const d = BASE62.indexOf(ch);
    if (d < 0) return null;
    n = n * 62 + d;
    if (!Number.isSafeInteger(n)) return null;
  }
  return n;
}

const signature = (id: string, secret: string) =>
  createHmac('sha256', secret).update(`msglink:${id}`).digest('base64url').slice(0, SIG_LENGTH);

export function msgLinkCode(id: number, secret: string): string {
  const head = base62(id);
  return head + signature(head, secret);
}

/** The msg_link id a code carries if its signature is right; null for anything else (no lookup needed). */
export function verifyMsgLinkCode(code: unknown, secret: string): number | null {
  if (typeof code !== 'string' || code.length <= SIG_LENGTH || code.length > SIG_LENGTH + 11) return null;
  const head = code.slice(0, -SIG_LENGTH);
  const given = Buffer.from(code.slice(-SIG_LENGTH));
  const expected = Buffer.from(signature(head, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // one spelling per id: no leading zeros ('01' and '1' would otherwise both be id 1)
  if (head.length > 1 && head.startsWith('0')) return null;
  const id = fromBase62(head);
  return id !== null && id > 0 ? id : null;
}

export interface MsgLinkInput {
  kind: MsgLinkKind;
  /** A path of this site; anything else throws: a link never leads off the site. */
  target: string;
  userId: number | null;
  now?: Date;
  ttlDays?: number;
}
export interface MsgLink {
  id: number;
  code: string;
  /** The page path the SMS carries, '/activity/msglink?code=…'. */
  path: string;
}

/** Writes the links in one INSERT and returns them in the order given. */
export async function createMsgLinks(
  db: Database,
  inputs: readonly MsgLinkInput[],
  secret: string,
): Promise<MsgLink[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => {
    const target = safeRedirectPath(input.target, '');
    if (!target || target !== input.target) throw new Error(`msglink: not a path of this site: ${input.target}`);
    const now = input.now ?? new Date();
    const expires = new Date(now.getTime() + (input.ttlDays ?? MSGLINK_TTL_DAYS[input.kind]) * 86_400_000);
    return {
      kind: input.kind,
      target,
      userId: input.userId,
      createdAt: now.toISOString(),
      expiresAt: expires.toISOString(),
    };
  });
  // ids are drawn in the order the rows are inserted (ORDER BY n), so sorted they match the inputs
  const ids = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO msg_link (kind, target, user_id, created_at, expires_at)
        SELECT v.kind, v.target, v."userId", v."createdAt", v."expiresAt"
          FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                 AS (kind text, target text, "userId" int, "createdAt" timestamptz, "expiresAt" timestamptz))
               WITH ORDINALITY AS v(kind, target, "userId", "createdAt", "expiresAt", n)
         ORDER BY v.n
        RETURNING id::int AS id`,
  );
  return ids
    .map((r) => r.id)
    .sort((a, b) => a - b)
    .map((id) => {
      const code = msgLinkCode(id, secret);
      return { id, code, path: msgLinkPath(code) };
    });
}

/** One link (createMsgLinks of one). */
export async function createMsgLink(db: Database, input: MsgLinkInput, secret: string): Promise<MsgLink> {
  const [link] = await createMsgLinks(db, [input], secret);
  return link!;
}
