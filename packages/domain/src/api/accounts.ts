// Payloads of the account endpoints (issue 11, PAGES.md §3.9, spec §7): POST login/sms sends a code, POST
// login/mobile signs in with it, GET app/login/userinfo is the login check, POST login/logout; NEW GET user/export
// (everything stored about the user) and the sandbox's NEW GET dev/sms-outbox.
import { z } from 'zod';
import { MOBILE_FORMAT_ERROR, isValidMobile } from '../filters.ts';

/** Spec §5: 11 digits starting with 1 (then 3–9). */
export const mobileParam = z
  .string({ message: MOBILE_FORMAT_ERROR })
  .refine(isValidMobile, { message: MOBILE_FORMAT_ERROR });

export const SMS_CODE_LENGTH = 6;
export const codeParam = z.string({ message: '请输入6位验证码' }).regex(/^\d{6}$/, { message: '请输入6位验证码' });

export const loginSmsInput = z.object({ mobile: mobileParam });
export const loginSmsBody = z.object({
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
  /** Seconds before another code may be asked for. */
  resendAfter: z.number().int(),
});

/** web: the session goes into an HttpOnly cookie; app: the token comes back in the body for the `token` header. */
export const LOGIN_CLIENTS = ['web', 'app'] as const;
export type LoginClient = (typeof LOGIN_CLIENTS)[number];

export const loginMobileInput = z.object({
  mobile: mobileParam,
  code: codeParam,
  client: z.enum(LOGIN_CLIENTS, { message: 'client 只能是 web 或 app' }).default('web'),
});

export const userInfo = z.object({
  id: z.number().int(),
  /** Masked, 138****0000 (spec §5). */
  mobile: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** NEW GET app/login/check: the same check answered 200 either way, so a visitor's page logs no failed request. */
export const loginCheckBody = z.object({ user: userInfo.nullable() });

export const loginMobileBody = z.object({
  user: userInfo,
  /** Only for client app: the token its later requests send in the `token` header. */
  token: z.string().nullable(),
});

export const smsOutboxQuery = z.object({ phone: mobileParam.optional() });
export const smsOutboxBody = z.object({
  list: z.array(
    z.object({
      phone: z.string(),
      template: z.string(),
      code: z.string().nullable(),
      createdAt: z.string(),
      /** The short link (/activity/msglink?code=…) an alert SMS carries (issue 18); null for login codes. */
      link: z.string().nullable(),
    }),
  ),
});

export const userExportBody = z.object({
  user: z.object({
    id: z.number().int(),
    phone: z.string(),
    nickname: z.string().nullable(),
    avatar: z.string().nullable(),
    createdAt: z.string(),
  }),
  sessions: z.array(
    z.object({
      kind: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
    }),
  ),
  smsMessages: z.array(z.object({ template: z.string(), createdAt: z.string() })),
  subscriptions: z.array(
    z.object({ targetType: z.string(), targetId: z.number().int(), muted: z.boolean(), createdAt: z.string() }),
  ),
  favorites: z.array(z.object({ targetType: z.string(), targetId: z.number().int(), createdAt: z.string() })),
  messages: z.array(
    z.object({
      kind: z.string(),
      title: z.string(),
      content: z.string(),
      createdAt: z.string(),
      readAt: z.string().nullable(),
    }),
  ),
  staffRoles: z.array(z.object({ role: z.string(), grantedAt: z.string() })),
});
export type UserExport = z.infer<typeof userExportBody>;

/** The built-in avatars (no uploads): a key, the character drawn on it and its colour. */
export const AVATARS = [
  { key: 'house', char: '家', color: '#e4393c' },
  { key: 'peace', char: '安', color: '#ff8a00' },
  { key: 'joy', char: '乐', color: '#f5a623' },
  { key: 'fortune', char: '福', color: '#2db84d' },
  { key: 'home', char: '居', color: '#1a7dff' },
  { key: 'view', char: '景', color: '#7b5cff' },
  { key: 'garden', char: '园', color: '#00a8a8' },
  { key: 'light', char: '光', color: '#8c6239' },
] as const;
export type AvatarKey = (typeof AVATARS)[number]['key'];
const AVATAR_KEYS = AVATARS.map((a) => a.key) as [AvatarKey, ...AvatarKey[]];

export const NICKNAME_MAX = 16;
export const NICKNAME_ERROR = `昵称为1-${NICKNAME_MAX}个字，只能包含中文、字母、数字、下划线和短横线`;
/** 1–16 characters of 中文, letters, digits, _ and -, after trimming; no spaces inside, no phone numbers. */
export const nicknameParam = z
  .string({ message: NICKNAME_ERROR })
  .trim()
  .regex(new RegExp(`^[\\p{Script=Han}A-Za-z0-9_-]{1,${NICKNAME_MAX}}$`, 'u'), { message: NICKNAME_ERROR })
  .refine((v) => !/1[3-9]\d{9}/.test(v), { message: '昵称不能包含手机号' });

export const userUpdateInput = z
  .object({
    nickname: nicknameParam.optional(),
    avatar: z.enum(AVATAR_KEYS, { message: '请选择内置头像' }).optional(),
  })
  .refine((v) => v.nickname !== undefined || v.avatar !== undefined, { message: '请填写要修改的昵称或头像' });

/** Deleting an account is confirmed by sending the words the dialog shows. */
export const DELETE_CONFIRMATION = '确认注销';
export const userDeleteInput = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { message: `请输入“${DELETE_CONFIRMATION}”以确认注销` }),
});

export const userSummaryBody = z.object({
  user: userInfo,
  subscriptions: z.number().int(),
  favorites: z.number().int(),
  unreadMessages: z.number().int(),
  /** Staff roles (ops, support, agent, moderator); empty for everyone else. */
  roles: z.array(z.string()),
});
export type UserSummary = z.infer<typeof userSummaryBody>;
