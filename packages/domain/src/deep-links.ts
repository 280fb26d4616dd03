// Links into the native app's own screens (spec §2 "Native-app deep links"). A wrong or missing
// parameter would open a blank native screen with no error the web can see, so building such a
// link throws DeveloperError instead (spec §8).
import type { ClientFlags } from './client-flags.ts';
import { DeveloperError } from './errors.ts';
import { parseId } from './api/params.ts';
import { safeRedirectPath } from './redirect.ts';

/** The native app's URL scheme; also the prefix every download target must carry. */
export const APP_SCHEME = 'fangjiatong://';

type ParamKind = 'id' | 'text' | 'url' | readonly string[];
type ParamRule = { kind: ParamKind; required: boolean };

const id = (required: boolean): ParamRule => ({ kind: 'id', required });
const text = (required: boolean): ParamRule => ({ kind: 'text', required });
const url = (required: boolean): ParamRule => ({ kind: 'url', required });

export const MAIN_TABS = ['home', 'market', 'message', 'mine'] as const;

/** Screen → native path and the parameters it accepts; any other parameter is refused. */
export const NATIVE_SCREENS = {
  newHouseDetail: { path: 'newhouse/detail', params: { cityId: id(true), houseId: id(true) } },
  secondHandDetail: { path: 'secondhand/detail', params: { cityId: id(true), propertyId: id(true) } },
  houseDetail: { path: 'house/detail', params: { cityId: id(true), estateId: id(true) } },
  plateDetail: { path: 'plate/detail', params: { cityId: id(true), plateId: id(true) } },
  evaluationDetail: { path: 'evaluation/detail', params: { recordId: id(true) } },
  mainTab: { path: 'main', params: { tab: { kind: MAIN_TABS, required: false } } },
  cityMarket: { path: 'market', params: { cityId: id(false) } },
  nearby: { path: 'nearby', params: { cityId: id(false) } },
  purchasePriceQuery: { path: 'evaluation/query', params: { cityId: id(false), estateId: id(false) } },
  searchResult: { path: 'search/result', params: { cityId: id(false), keyword: text(true) } },
  recoverVipRights: { path: 'vip/recover', params: {} },
  buyCard: { path: 'vip/buy', params: { cardId: id(false) } },
  supportChat: { path: 'support/chat', params: { sourceUrl: url(false) } },
  supportChatV2: { path: 'support/chat/v2', params: { sourceUrl: url(false), sourceTitle: text(false) } },
  guestLogin: { path: 'login/guest', params: { redirect: url(false) } },
  findBargain: { path: 'deal/search', params: { cityId: id(false) } },
} as const satisfies Record<string, { path: string; params: Record<string, ParamRule> }>;

export type NativeScreen = keyof typeof NATIVE_SCREENS;

function isValid(kind: ParamKind, value: string | number): boolean {
  if (Array.isArray(kind)) return typeof value === 'string' && kind.includes(value);
  switch (kind) {
    case 'id':
      return parseId(value) !== null;
    case 'text':
      return String(value).trim() !== '';
    case 'url':
      // Absolute http(s) or a same-site path; anything else (javascript:, //host) is refused.
      return typeof value === 'string' && (/^https?:\/\/[^/\s]+/i.test(value) || safeRedirectPath(value, '') === value);
    default:
      return false;
  }
}

export function nativeLink(screen: NativeScreen, params: Record<string, string | number> = {}): string {
  if (!Object.hasOwn(NATIVE_SCREENS, screen))
    throw new DeveloperError(`nativeLink: unknown screen "${String(screen)}"`);
  const { path, params: rules } = NATIVE_SCREENS[screen];
  const ruleEntries = Object.entries(rules) as [string, ParamRule][];

  for (const key of Object.keys(params)) {
    if (!Object.hasOwn(rules, key)) throw new DeveloperError(`nativeLink(${screen}): unknown parameter "${key}"`);
  }

  const query: string[] = [];
  // Declared order, not caller order, so one screen always yields one link.
  for (const [key, rule] of ruleEntries) {
    const value = params[key];
    if (value === undefined) {
      if (rule.required) throw new DeveloperError(`nativeLink(${screen}): missing parameter "${key}"`);
      continue;
    }
    if (!isValid(rule.kind, value)) {
      throw new DeveloperError(`nativeLink(${screen}): invalid ${key} "${String(value)}"`);
    }
    query.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return `${APP_SCHEME}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

/** Where a recommended listing in the deal-price modal leads (spec §2): the web page, or the native screen in the app. */
export function estateDetailHref(flags: ClientFlags, cityId: number, estateId: number | string): string {
  if (flags.isApp) return nativeLink('houseDetail', { cityId, estateId });
  if (!isValid('id', cityId) || !isValid('id', estateId)) {
    throw new DeveloperError(`estateDetailHref: invalid cityId ${String(cityId)} or estateId ${String(estateId)}`);
  }
  return `/${cityId}/house-detail/${estateId}`;
}
