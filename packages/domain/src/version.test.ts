import { describe, it, expect } from 'vitest';
import type { ClientFlags } from './client-flags.ts';
import { DeveloperError } from './errors.ts';
import {
  canOpenSupportEntry,
  canShowIosAuthorization,
  canUseChatMessageInfo,
  compareVersions,
  consultationVariant,
  isSuperUser,
  superLabelName,
  isVersionString,
  SUPER_LABELS,
  VERSION_GATES,
  versionAbove,
  versionAtLeast,
} from './version.ts';

const app = (appVersion: string, over: Partial<ClientFlags> = {}): ClientFlags => ({
  isApp: true,
  isIos: false,
  isAndroid: true,
  isWeixin: false,
  appVersion,
  ...over,
});
const browser: ClientFlags = { isApp: false, isIos: true, isAndroid: false, isWeixin: false, appVersion: 'h5' };

describe('compareVersions', () => {
  it('compares each part as a number', () => {
    expect(compareVersions('12.10.0', '12.9.0')).toBe(1);
    expect(compareVersions('12.9.0', '12.10.0')).toBe(-1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
  });

  it('treats missing parts as 0', () => {
    expect(compareVersions('12.8', '12.8.0')).toBe(0);
    expect(compareVersions('12', '12.0.0.0')).toBe(0);
    expect(compareVersions('12.8.0.1', '12.8')).toBe(1);
  });

  it('orders equal, lower and higher patch versions', () => {
    expect(compareVersions('11.0.1', '11.0.1')).toBe(0);
    expect(compareVersions('11.0.2', '11.0.1')).toBe(1);
    expect(compareVersions('11.0.0', '11.0.1')).toBe(-1);
  });

  it('throws for non-version input rather than guessing', () => {
    expect(() => compareVersions('h5', '1.0.0')).toThrow(DeveloperError);
    expect(() => compareVersions('1.0.0', '')).toThrow(DeveloperError);
  });
});

describe('versionAtLeast / versionAbove', () => {
  it('at least includes the minimum, above excludes it', () => {
    expect(versionAtLeast('12.8.0', '12.8.0')).toBe(true);
    expect(versionAbove('12.8.0', '12.8.0')).toBe(false);
    expect(versionAbove('12.8.1', '12.8.0')).toBe(true);
    expect(versionAtLeast('12.7.9', '12.8.0')).toBe(false);
  });

  it('is false for the browser and non-versions', () => {
    for (const v of ['h5', '', 'latest', '12.x']) {
      expect(versionAtLeast(v, '1.0.0')).toBe(false);
      expect(versionAbove(v, '0.0.1')).toBe(false);
    }
  });

  it('recognises version strings', () => {
    expect(isVersionString('12.8.0')).toBe(true);
    expect(isVersionString('12')).toBe(true);
    expect(isVersionString('h5')).toBe(false);
    expect(isVersionString('12.8.0-beta')).toBe(false);
    expect(isVersionString(12)).toBe(false);
  });
});

describe('VERSION_GATES', () => {
  it('holds the spec §9 versions', () => {
    expect(VERSION_GATES).toEqual({
      chatMessageInfo: '12.8.0',
      supportEntry: '12.6.0',
      supportEntryWithSourceTitle: '12.9.0',
      iosAuthorization: '12.2.0',
      supportChatConsultation: '12.5.0',
      applePayOnlyMin: '10.5.0',
      applePayOnlyAbove: '11.0.1',
      alipayDisabledAbove: '10.5.0',
      alipayDisabledBelow: '11.1.5',
    });
  });
});

describe('isSuperUser', () => {
  it('is true for labels 1 and 2 only', () => {
    expect(SUPER_LABELS).toEqual([1, 2]);
    expect(isSuperUser(1)).toBe(true);
    expect(isSuperUser(2)).toBe(true);
    expect(isSuperUser('2')).toBe(true);
    for (const label of [0, 3, -1, 1.5, '', 'x', '1.0', null, undefined, true, [1]]) {
      expect(isSuperUser(label)).toBe(false);
    }
  });
});

describe('superLabelName', () => {
  it('names labels 1 and 2, and nothing else', () => {
    expect(superLabelName(1)).toBe('达人');
    expect(superLabelName('2')).toBe('认证达人');
    for (const label of [0, 3, null, undefined, 'x']) expect(superLabelName(label)).toBeNull();
  });
});

describe('canUseChatMessageInfo', () => {
  it('needs app 12.8.0', () => {
    expect(canUseChatMessageInfo(app('12.7.9'))).toBe(false);
    expect(canUseChatMessageInfo(app('12.8.0'))).toBe(true);
    expect(canUseChatMessageInfo(app('12.10.0'))).toBe(true);
    expect(canUseChatMessageInfo(browser)).toBe(false);
  });
});

describe('canOpenSupportEntry', () => {
  it('needs app 12.6.0 without a source title', () => {
    expect(canOpenSupportEntry(app('12.5.9'), false)).toBe(false);
    expect(canOpenSupportEntry(app('12.6.0'), false)).toBe(true);
  });

  it('needs app 12.9.0 with a source title', () => {
    expect(canOpenSupportEntry(app('12.8.9'), true)).toBe(false);
    expect(canOpenSupportEntry(app('12.9.0'), true)).toBe(true);
    expect(canOpenSupportEntry(app('12.10.0'), true)).toBe(true);
  });

  it('is closed in the browser', () => {
    expect(canOpenSupportEntry(browser, false)).toBe(false);
    expect(canOpenSupportEntry({ ...browser, appVersion: '13.0.0' }, false)).toBe(false);
  });
});

describe('canShowIosAuthorization', () => {
  it('needs the iOS app at 12.2.0', () => {
    expect(canShowIosAuthorization(app('12.2.0', { isIos: true, isAndroid: false }))).toBe(true);
    expect(canShowIosAuthorization(app('12.1.9', { isIos: true, isAndroid: false }))).toBe(false);
    expect(canShowIosAuthorization(app('12.2.0'))).toBe(false);
    expect(canShowIosAuthorization(browser)).toBe(false);
  });
});

describe('consultationVariant', () => {
  it('shows support chat only when enabled and strictly above 12.5.0', () => {
    expect(consultationVariant(app('12.5.1'), true)).toBe('support-chat');
    expect(consultationVariant(app('12.5.0'), true)).toBe('wechat-copy');
    expect(consultationVariant(app('12.5.1'), false)).toBe('wechat-copy');
    expect(consultationVariant(browser, true)).toBe('wechat-copy');
  });
});
