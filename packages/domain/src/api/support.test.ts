import { describe, expect, it } from 'vitest';
import { detectClient, type ClientFlags } from '../client-flags.ts';
import { canUseChatMessageInfo, VERSION_GATES } from '../version.ts';
import { CHAT_MESSAGE_INFO_MIN_APP_VERSION } from './chat.ts';
import {
  cityPeerQuery,
  imPeerIdInput,
  imUserInfoQuery,
  supportAuthorizationScreen,
  supportChatHref,
  supportConsultationVariant,
  supportEntryAllowed,
} from './support.ts';

const app = (appVersion: string, over: Partial<ClientFlags> = {}): ClientFlags => ({
  isApp: true,
  isIos: false,
  isAndroid: true,
  isWeixin: false,
  appVersion,
  ...over,
});
const ios = (v: string) => app(v, { isIos: true, isAndroid: false });
const browser = detectClient('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');

describe('supportEntryAllowed (spec §6: 12.6.0, 12.9.0 with a source title)', () => {
  it('needs 12.6.0 in the app without a source title', () => {
    expect(supportEntryAllowed(app('12.5.9'))).toBe(false);
    expect(supportEntryAllowed(app('12.6.0'))).toBe(true);
    expect(supportEntryAllowed(app('12.6.1'))).toBe(true);
  });
  it('needs 12.9.0 with a source title', () => {
    expect(supportEntryAllowed(app('12.8.9'), { sourceTitle: '杭州房价' })).toBe(false);
    expect(supportEntryAllowed(app('12.9.0'), { sourceTitle: '杭州房价' })).toBe(true);
    expect(supportEntryAllowed(app('12.9.1'), { sourceTitle: '杭州房价' })).toBe(true);
  });
  it('treats a blank source title as none', () => {
    expect(supportEntryAllowed(app('12.6.0'), { sourceTitle: '  ' })).toBe(true);
    expect(supportEntryAllowed(app('12.6.0'), { sourceTitle: null })).toBe(true);
  });
  it('always allows the browser, whose support chat is the web chat', () => {
    expect(browser.isApp).toBe(false);
    expect(supportEntryAllowed(browser)).toBe(true);
    expect(supportEntryAllowed(browser, { sourceTitle: '杭州房价' })).toBe(true);
  });
  it('reads the version from the app user agent', () => {
    expect(supportEntryAllowed(detectClient('Mozilla/5.0 (Linux; Android 14) FangJiaTong/12.5.9'))).toBe(false);
    expect(supportEntryAllowed(detectClient('Mozilla/5.0 (Linux; Android 14) FangJiaTong/12.6.0'))).toBe(true);
  });
});

describe('supportAuthorizationScreen (spec §6: iOS 12.2.0)', () => {
  it('is shown on iOS in the app from 12.2.0 on', () => {
    expect(supportAuthorizationScreen(ios('12.1.9'))).toBe(false);
    expect(supportAuthorizationScreen(ios('12.2.0'))).toBe(true);
    expect(supportAuthorizationScreen(ios('12.2.1'))).toBe(true);
  });
  it('is never shown on Android or in the browser', () => {
    expect(supportAuthorizationScreen(app('13.0.0'))).toBe(false);
    expect(supportAuthorizationScreen(browser)).toBe(false);
  });
});

describe('supportConsultationVariant (spec §6: chat only when enabled and above 12.5.0)', () => {
  it('is the WeChat copy when support is off, whatever the version', () => {
    expect(supportConsultationVariant(app('13.0.0'), { enabled: false })).toBe('wechat');
    expect(supportConsultationVariant(browser, { enabled: false })).toBe('wechat');
  });
  it('in the app: wechat at 12.5.0 and just above it (the entry needs 12.6.0), chat from 12.6.0', () => {
    expect(supportConsultationVariant(app('12.5.0'), { enabled: true })).toBe('wechat');
    expect(supportConsultationVariant(app('12.5.1'), { enabled: true })).toBe('wechat');
    expect(supportConsultationVariant(app('12.5.9'), { enabled: true })).toBe('wechat');
    expect(supportConsultationVariant(app('12.6.0'), { enabled: true })).toBe('chat');
    expect(supportConsultationVariant(app('12.10.0'), { enabled: true })).toBe('chat');
  });
  it('in the app with a source title: chat from 12.9.0', () => {
    expect(supportConsultationVariant(app('12.8.9'), { enabled: true, sourceTitle: '小区详情' })).toBe('wechat');
    expect(supportConsultationVariant(app('12.9.0'), { enabled: true, sourceTitle: '小区详情' })).toBe('chat');
  });
  it('in the browser: chat when enabled', () => {
    expect(supportConsultationVariant(browser, { enabled: true })).toBe('chat');
  });
});

describe('chat message info (spec §4, §9: 12.8.0)', () => {
  it('has one minimum version in the chat contract and the version gates', () => {
    expect(CHAT_MESSAGE_INFO_MIN_APP_VERSION).toBe(VERSION_GATES.chatMessageInfo);
  });
  it('needs 12.8.0 in the app', () => {
    expect(canUseChatMessageInfo(app('12.7.9'))).toBe(false);
    expect(canUseChatMessageInfo(app('12.8.0'))).toBe(true);
    expect(canUseChatMessageInfo(app('12.8.1'))).toBe(true);
  });
});

describe('support payloads', () => {
  it('builds the support chat link', () => {
    expect(supportChatHref('support')).toBe('/im?userid=support&username=%E5%9C%A8%E7%BA%BF%E5%AE%A2%E6%9C%8D');
  });
  it('takes a positive city id and refuses others in Chinese', () => {
    expect(cityPeerQuery.parse({ cityId: '605' })).toEqual({ cityId: 605 });
    expect(imPeerIdInput.parse({ cityId: 605 })).toEqual({ cityId: 605 });
    for (const cityId of ['0', '-1', 'abc', '1.5', '']) {
      const result = cityPeerQuery.safeParse({ cityId });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(imPeerIdInput.safeParse({}).success).toBe(false);
    expect(imUserInfoQuery.parse({})).toEqual({});
  });
});
