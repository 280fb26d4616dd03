// App-version gates and the super-user flag (spec §4, §6, §9).
import type { ClientFlags } from './client-flags.ts';
import { DeveloperError } from './errors.ts';

const VERSION_PATTERN = /^\d+(?:\.\d+)*$/;

/** True for dotted numeric versions such as '12.8.0'; false for 'h5' and anything else. */
export function isVersionString(value: unknown): value is string {
  return typeof value === 'string' && VERSION_PATTERN.test(value);
}

function versionParts(version: string): number[] {
  if (!isVersionString(version)) throw new DeveloperError(`Not a version string: "${version}"`);
  return version.split('.').map(Number);
}

/** Numeric per part, so '12.10.0' > '12.9.0'; a missing part counts as 0, so '12.8' = '12.8.0'. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? 0;
    const y = right[i] ?? 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

/** v ≥ min; false for the browser ('h5') since no app version is running there. */
export function versionAtLeast(v: string, min: string): boolean {
  return isVersionString(v) && compareVersions(v, min) >= 0;
}

/** v > min; false for the browser ('h5'). */
export function versionAbove(v: string, min: string): boolean {
  return isVersionString(v) && compareVersions(v, min) > 0;
}

export const VERSION_GATES = {
  chatMessageInfo: '12.8.0',
  supportEntry: '12.6.0',
  supportEntryWithSourceTitle: '12.9.0',
  iosAuthorization: '12.2.0',
  supportChatConsultation: '12.5.0',
  applePayOnlyMin: '10.5.0',
  applePayOnlyAbove: '11.0.1',
  alipayDisabledAbove: '10.5.0',
  alipayDisabledBelow: '11.1.5',
} as const;

export const SUPER_LABELS: readonly number[] = [1, 2];
/** A super label (users' user_label): 1 达人, 2 认证达人. */
export type SuperLabel = 1 | 2;
/** What the label is called wherever it is shown (达人推荐, answers of 问答). */
export const SUPER_LABEL_NAMES: Readonly<Record<SuperLabel, string>> = { 1: '达人', 2: '认证达人' };

/** The label's name; null for no label (or anything that is not one). */
export function superLabelName(label: unknown): string | null {
  return isSuperUser(label) ? SUPER_LABEL_NAMES[Number(label) as SuperLabel] : null;
}

/** mySuperLabel 1 or 2; the label endpoint may serialise it as a string, so '1' counts too. */
export function isSuperUser(label: unknown): boolean {
  const value = typeof label === 'string' && /^\d+$/.test(label) ? Number(label) : label;
  return typeof value === 'number' && SUPER_LABELS.includes(value);
}

export function canUseChatMessageInfo(flags: ClientFlags): boolean {
  return flags.isApp && versionAtLeast(flags.appVersion, VERSION_GATES.chatMessageInfo);
}

/**
 * The native support entry exists only in the app; outside it support chat is unavailable
 * (spec §8 toast '客服系统异常。'), so the browser always gets false.
 */
export function canOpenSupportEntry(flags: ClientFlags, hasSourceTitle: boolean): boolean {
  const min = hasSourceTitle ? VERSION_GATES.supportEntryWithSourceTitle : VERSION_GATES.supportEntry;
  return flags.isApp && versionAtLeast(flags.appVersion, min);
}

export function canShowIosAuthorization(flags: ClientFlags): boolean {
  return flags.isApp && flags.isIos && versionAtLeast(flags.appVersion, VERSION_GATES.iosAuthorization);
}

/** Spec §6: strictly above 12.5.0, and only when the chat-support switch is on. */
export function consultationVariant(flags: ClientFlags, supportEnabled: boolean): 'wechat-copy' | 'support-chat' {
  return supportEnabled && flags.isApp && versionAbove(flags.appVersion, VERSION_GATES.supportChatConsultation)
    ? 'support-chat'
    : 'wechat-copy';
}
