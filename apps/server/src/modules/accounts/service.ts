// SMS login and sessions (issue 11). A code is 6 digits, valid 5 minutes, used once and void after 5 wrong tries;
// sends are limited per phone (1 a minute, 5 an hour, 10 a day) and per IP. A session token is 256 random bits;
// only its SHA-256 is stored; sessions last 30 days from their last use, extended at most once a day.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, RESULT_CODE, maskPhone, type LoginClient, type UserExport, type UserInfo } from '@fjt/domain';
import type { WindowCounter } from '../../lib/window-counter.ts';
import type { AccountsRepo } from './repo.ts';
import type { SmsProvider } from './sms.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CODE_TTL_MS = 5 * MINUTE;
export const MAX_WRONG_TRIES = 5;
export const SESSION_TTL_MS = 30 * DAY;

/** Codes one IP may ask for in an hour (SMS_IP_LIMIT_PER_HOUR); login attempts per IP are 5 times that. */
export const SMS_IP_LIMIT_PER_HOUR = 20;
export const LOGIN_ATTEMPTS_REFUSED = '登录尝试过于频繁，请1小时后再试';

/** The send limits, checked in this order; each refusal says which. */
export const SMS_LIMITS = [
  { scope: 'ip', max: SMS_IP_LIMIT_PER_HOUR, windowMs: HOUR, message: '当前网络获取验证码过于频繁，请1小时后再试' },
  { scope: 'phone', max: 1, windowMs: MINUTE, message: '发送过于频繁，请60秒后再试' },
  { scope: 'phone', max: 5, windowMs: HOUR, message: '该手机号获取验证码次数过多，请1小时后再试' },
  { scope: 'phone', max: 10, windowMs: DAY, message: '该手机号今日获取验证码次数已达上限，请明天再试' },
] as const;

export const CODE_INVALID = '验证码已失效，请重新获取';
export const CODE_WRONG = '验证码错误';
export const CODE_VOID = '验证码错误次数过多，请重新获取';

/**
 * What a code is for: each purpose has its own codes (a login code never verifies an owner, nor the reverse) and its
 * own per-phone send counters under the same limits; the per-IP limit is shared. A purpose's codes are kept under
 * `purpose:phone` in sms_challenges (login keeps the bare phone), with no column of their own.
 */
export const SMS_PURPOSES = { login: 'login_code', 'owner-verify': 'owner_verify_code' } as const;
export type SmsPurpose = keyof typeof SMS_PURPOSES;
const challengeKey = (phone: string, purpose: SmsPurpose) => (purpose === 'login' ? phone : `${purpose}:${phone}`);

export interface SessionUser {
  id: number;
  phone: string;
  nickname: string | null;
  avatar: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const hashToken = (token: string) => sha256(`session:${token}`);
const hashCode = (phone: string, code: string) => sha256(`sms:${phone}:${code}`);

function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function userInfoOf(user: SessionUser): UserInfo {
  return { id: user.id, mobile: maskPhone(user.phone), nickname: user.nickname, avatar: user.avatar };
}

export function createAccountsService(deps: {
  repo: AccountsRepo;
  sms: SmsProvider | null;
  counters: WindowCounter;
  now: () => number;
  /** Overrides SMS_IP_LIMIT_PER_HOUR (end-to-end tests sign many users in from one address). */
  ipLimitPerHour?: number | undefined;
}) {
  const { repo, sms, counters } = deps;
  const now = () => new Date(deps.now());
  const ipLimit = deps.ipLimitPerHour ?? SMS_IP_LIMIT_PER_HOUR;
  const limits = SMS_LIMITS.map((l) => (l.scope === 'ip' ? { ...l, max: ipLimit } : l));

  /** Checks and uses the live code kept under `key`; the time it was used. */
  async function checkCode(key: string, code: string, ip: string): Promise<Date> {
    // guessing across many phones from one address stops here (one phone's guesses stop at 5 per code)
    const attempts = await counters.take(`login:${HOUR}:${ip}`, ipLimit * 5, HOUR);
    if (!attempts.allowed) throw ApiError.tooMany(LOGIN_ATTEMPTS_REFUSED);
    const t = now();
    const challenge = await repo.liveChallenge(key, t);
    if (!challenge) throw ApiError.badRequest(CODE_INVALID);
    if (challenge.wrongTries >= MAX_WRONG_TRIES) throw ApiError.badRequest(CODE_VOID);
    if (!sameHash(challenge.codeHash, hashCode(key, code))) {
      const tries = await repo.wrongTry(challenge.id, MAX_WRONG_TRIES);
      throw ApiError.badRequest(
        tries >= MAX_WRONG_TRIES ? CODE_VOID : `${CODE_WRONG}，还可尝试${MAX_WRONG_TRIES - tries}次`,
      );
    }
    if (!(await repo.useChallenge(challenge.id, MAX_WRONG_TRIES, t))) throw ApiError.badRequest(CODE_INVALID);
    return t;
  }

  return {
    smsEnabled: sms !== null,

    /**
     * Sends a code (a login code unless `purpose` says otherwise) when every limit allows it; a refusal is a 429
     * with the limit's own message.
     */
    async sendCode(phone: string, ip: string, purpose: SmsPurpose = 'login') {
      if (!sms) throw new ApiError(503, RESULT_CODE.server, '短信服务暂不可用，请稍后再试');
      const taken: string[] = [];
      for (const limit of limits) {
        const who = limit.scope === 'ip' ? ip : challengeKey(phone, purpose);
        const key = `${limit.scope}:${limit.windowMs}:${who}`;
        const { allowed } = await counters.take(key, limit.max, limit.windowMs);
        if (!allowed) {
          // what this refused request took is given back: it sent nothing
          for (const k of taken) await counters.giveBack(k);
          throw ApiError.tooMany(limit.message);
        }
        taken.push(key);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const key = challengeKey(phone, purpose);
      await repo.createChallenge(key, hashCode(key, code), new Date(deps.now() + CODE_TTL_MS));
      await sms.send(phone, SMS_PURPOSES[purpose], { code });
      return { expiresIn: CODE_TTL_MS / 1000, resendAfter: 60 };
    },

    /**
     * Checks and uses a code of `purpose` (never 'login': login() does that with its session): the same rules as
     * login's (5 minutes, used once, void after 5 wrong tries, attempts per IP); a refusal is a 400 or 429.
     */
    async verifyCode(phone: string, code: string, purpose: Exclude<SmsPurpose, 'login'>, ip: string) {
      await checkCode(challengeKey(phone, purpose), code, ip);
    },

    /** Checks the code and opens a session; `replaces` is the token the request came with (rotated away). */
    async login(phone: string, code: string, client: LoginClient, replaces: string | null, ip: string) {
      const t = await checkCode(phone, code, ip);
      const user = await repo.userOfPhone(phone, t);
      if (replaces) await repo.revokeSession(hashToken(replaces), t);
      const token = randomBytes(32).toString('base64url');
      await repo.createSession({
        tokenHash: hashToken(token),
        userId: user.id,
        kind: client,
        now: t,
        expiresAt: new Date(t.getTime() + SESSION_TTL_MS),
      });
      return { token, user };
    },

    /** The user of a token, or null (unknown, expired, revoked). `extended`: the session's expiry moved on. */
    async resolve(token: string): Promise<{ user: SessionUser; extended: boolean } | null> {
      // base64url of 32 bytes; anything else cannot be a token and costs no query
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const t = now();
      const hash = hashToken(token);
      const row = await repo.session(hash, t);
      if (!row) return null;
      if (row.stale) await repo.extendSession(hash, t, new Date(t.getTime() + SESSION_TTL_MS));
      return {
        user: { id: row.userId, phone: row.phone, nickname: row.nickname, avatar: row.avatar },
        extended: row.stale,
      };
    },

    async logout(token: string) {
      await repo.revokeSession(hashToken(token), now());
    },

    outbox(phone: string | undefined) {
      return repo.outbox(phone, 20);
    },

    /** Changes the nickname and/or the avatar; returns the user as now stored. */
    async update(userId: number, changes: { nickname?: string | undefined; avatar?: string | undefined }) {
      const user = await repo.updateProfile(userId, changes);
      if (!user) throw ApiError.unauthorized();
      return user;
    },

    /**
     * Deletes the account (PIPL-style erasure): personal data and every session go; the users row stays, without
     * phone, nickname or avatar, so orders that point at it stay whole but anonymous. The same phone can sign up
     * again as a new user.
     */
    async deleteAccount(userId: number) {
      await repo.deleteAccount(userId, now());
    },

    summary(userId: number) {
      return repo.summary(userId);
    },

    async exportOf(userId: number): Promise<UserExport> {
      const data = await repo.exportOf(userId);
      if (!data) throw ApiError.unauthorized();
      return data;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
