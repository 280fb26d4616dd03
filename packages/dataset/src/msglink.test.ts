// SMS short-link codes: sign/verify round trips, and every altered, truncated or foreign-secret code is refused
// without a lookup; links to anything but a path of this site are refused when made; the secret rule.
import { describe, expect, it } from 'vitest';
import { DEV_MSGLINK_SECRET, base62, msgLinkCode, msgLinkSecretFromEnv, verifyMsgLinkCode } from './msglink.ts';

const secret = 'a-test-secret-of-at-least-32-characters!';

describe('msglink codes', () => {
  it('round-trips ids small and large, short enough for an SMS', () => {
    for (const id of [1, 61, 62, 12345, 2 ** 31 - 1, 2 ** 40]) {
      const code = msgLinkCode(id, secret);
      expect(code).toMatch(/^[0-9A-Za-z]{1,11}[0-9A-Za-z_-]{11}$/);
      expect(code.length).toBeLessThanOrEqual(19);
      expect(verifyMsgLinkCode(code, secret)).toBe(id);
    }
    expect(base62(61)).toBe('z');
    expect(base62(62)).toBe('10');
  });

  it('refuses tampered, truncated, extended, re-spelled and foreign-secret codes', () => {
    const code = msgLinkCode(1234, secret);
    const flip = (i: number) => code.slice(0, i) + (code[i] === 'A' ? 'B' : 'A') + code.slice(i + 1);
    for (let i = 0; i < code.length; i++) expect(verifyMsgLinkCode(flip(i), secret), `char ${i}`).toBeNull();
    expect(verifyMsgLinkCode(code.slice(0, -1), secret)).toBeNull();
    expect(verifyMsgLinkCode(code.slice(1), secret)).toBeNull();
    expect(verifyMsgLinkCode(`${code}x`, secret)).toBeNull();
    // another id with the same signature
    expect(verifyMsgLinkCode(base62(1235) + code.slice(-11), secret)).toBeNull();
    // a leading zero would be a second spelling of the same id
    expect(verifyMsgLinkCode(`0${code}`, secret)).toBeNull();
    expect(verifyMsgLinkCode(code, DEV_MSGLINK_SECRET)).toBeNull();
    for (const bad of ['', 'abc', 'x'.repeat(40), null, 42, undefined])
      expect(verifyMsgLinkCode(bad, secret)).toBeNull();
  });

  it('takes MSGLINK_SECRET, the dev secret outside a deployment, and throws in a deployment without one', () => {
    expect(msgLinkSecretFromEnv({ MSGLINK_SECRET: secret })).toBe(secret);
    expect(msgLinkSecretFromEnv({})).toBe(DEV_MSGLINK_SECRET);
    expect(() => msgLinkSecretFromEnv({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://m.fangjiatong.cn' })).toThrow(
      /MSGLINK_SECRET/,
    );
  });
});
