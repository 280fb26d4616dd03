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

export const loginMobileBody = z.object({
  user: userInfo,
  /** Only for client app: the token its later requests send in the `token` header. */
  token: z.string().nullable(),
});

export const smsOutboxQuery = z.object({ phone: mobileParam.optional() });
export const smsOutboxBody = z.object({
  list: z.array(
    z.object({ phone: z.string(), template: z.string(), code: z.string().nullable(), createdAt: z.string() }),
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
});
export type UserExport = z.infer<typeof userExportBody>;
