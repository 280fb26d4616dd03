// The support centre's contract (PAGES.md §3.12 `/{city}/support`, spec §4, §6, §7, §8): NEW GET support/user-summary,
// GET im/switch, GET config/city-peer, NEW POST im/peer-id and GET im/getUserInfo, and the gates that decide which
// contact items the page offers. The chat itself (frames, conversations) is in chat.ts.
import { z } from 'zod';
import type { ClientFlags } from '../client-flags.ts';
import { canOpenSupportEntry, canShowIosAuthorization, consultationVariant } from '../version.ts';
import { chatPeer } from './chat.ts';
import { idParam } from './params.ts';
import { imHref } from '../route-query.ts';

/** The chat page of the support peer: `/im?userid=<peer>&username=<title>` (chat.ts). */
export const SUPPORT_CHAT_TITLE = '在线客服';
/** Spec §3 support-chat identity: the nickname is a fixed prefix plus the user id. */
export const SUPPORT_NICKNAME_PREFIX = '房价通用户';

export function supportChatHref(peer: string, title: string = SUPPORT_CHAT_TITLE): string {
  return imHref({ userid: peer, username: title });
}

/** NEW GET support/user-summary (login): spec §7 "body userId, regDate, lastBuyDate, vipExpireDate". */
export const supportUserSummaryBody = z.object({
  userId: z.number().int(),
  /** ISO time the account was registered. */
  regDate: z.string(),
  /** ISO time of the last paid order (refunded ones included: it was a purchase); null: never bought. */
  lastBuyDate: z.string().nullable(),
  /** ISO end of the latest membership period, past or future; null: never a member. */
  vipExpireDate: z.string().nullable(),
});
export type SupportUserSummary = z.infer<typeof supportUserSummaryBody>;

/** GET im/switch: spec §7 "im/switch (body.enable)"; §4 the client fetches it once and keeps the boolean. */
export const imSwitchBody = z.object({ enable: z.boolean() });
export type ImSwitch = z.infer<typeof imSwitchBody>;

export const cityPeerQuery = z.object({ cityId: idParam('cityId', '城市编号不正确') });
/**
 * GET config/city-peer: the city's support contacts. `peerid` is the chat peer of the city's support (in our own
 * chat 'support', set per city by the server's settings); `wechatNo` and `phone` are the 复制微信 and 电话 items,
 * null when the operator has not configured them.
 */
export const cityPeerBody = z.object({
  cityId: z.number().int(),
  peerid: chatPeer,
  wechatNo: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CityPeer = z.infer<typeof cityPeerBody>;

/** NEW POST im/peer-id: spec §7 "support-chat init: payload cityId, response body.peerid". */
export const imPeerIdInput = z.object({ cityId: idParam('cityId', '城市编号不正确') });
export const imPeerIdBody = z.object({ peerid: chatPeer });

/** GET im/getUserInfo?cityId (login): the support-chat identity of spec §3. */
export const imUserInfoQuery = z.object({ cityId: idParam('cityId', '城市编号不正确').optional() });
export const imUserInfoBody = z.object({
  /** The support peer of the city asked for (the default one without cityId). */
  peerid: chatPeer,
  userId: z.number().int(),
  /** Masked: first 3 digits, four stars, the last 4 (spec §5). */
  mobile: z.string(),
  /** SUPPORT_NICKNAME_PREFIX + userId. */
  nickname: z.string(),
  avatar: z.string().nullable(),
});
export type ImUserInfo = z.infer<typeof imUserInfoBody>;

/** Chinese messages of the support endpoints and page. */
export const SUPPORT_MESSAGES = {
  loginRequired: '请先登录后再联系客服',
  cityUnknown: '城市不存在',
  chatDisabled: '在线客服暂未开放，请复制微信或拨打电话联系我们',
  copyDone: '微信号已复制',
  copyFailed: '复制失败，请手动复制',
} as const;

/**
 * May the support chat be entered here (spec §6 "Support entry in the app needs app version 12.6.0 (12.9.0 when a
 * source title is passed)")? Decision: the version gate is a gate on the native app's entry, so it applies only in
 * the app; in a browser ('h5', no app version) our own web chat `/im` is the support chat and is always allowed
 * (PAGES.md §3.12 lists no version state for the browser; the switch and the login still apply). Builds on
 * canOpenSupportEntry (version.ts), which is false in the browser because it answers for the native entry.
 */
export function supportEntryAllowed(client: ClientFlags, { sourceTitle }: { sourceTitle?: string | null } = {}) {
  if (!client.isApp) return true;
  return canOpenSupportEntry(client, Boolean(sourceTitle?.trim()));
}

/** Spec §6: the iOS app shows its authorisation screen before the support chat from 12.2.0 on. */
export function supportAuthorizationScreen(client: ClientFlags): boolean {
  return canShowIosAuthorization(client);
}

/**
 * The support page's consultation item (spec §6): 'chat' (在线客服 → `/im`) only when support is enabled and the
 * entry is allowed — in the app that needs a version above 12.5.0 (consultationVariant) and the entry gate 12.6.0 /
 * 12.9.0; otherwise 'wechat', the copy-the-WeChat-number variant.
 */
export function supportConsultationVariant(
  client: ClientFlags,
  { enabled, sourceTitle }: { enabled: boolean; sourceTitle?: string | null },
): 'chat' | 'wechat' {
  if (!enabled || !supportEntryAllowed(client, { sourceTitle })) return 'wechat';
  if (client.isApp && consultationVariant(client, enabled) !== 'support-chat') return 'wechat';
  return 'chat';
}
