// Alipay keys for the sandbox (research/payments.md §6): an "Alipay" RSA-2048 pair (the gateway signs answers and
// notifications with it; we hold only its public key) and an app pair (we sign requests with its private key; the
// gateway holds only its public key). Generated per process or test fixture with node:crypto.
import { createSign, createVerify, generateKeyPairSync, randomInt } from 'node:crypto';

export interface RsaPair {
  /** PEM, SPKI. */
  publicKey: string;
  /** PEM, PKCS#8. */
  privateKey: string;
}

export interface AlipaySandboxKeys {
  appId: string;
  /** The merchant's PID (seller_id, 2088…). */
  sellerId: string;
  app: RsaPair;
  alipay: RsaPair;
}

export function rsaPair(): RsaPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

export function createAlipaySandboxKeys(): AlipaySandboxKeys {
  return { appId: `2021${digits(12)}`, sellerId: `2088${digits(12)}`, app: rsaPair(), alipay: rsaPair() };
}

let shared: AlipaySandboxKeys | undefined;
/** The embedded sandbox's keys, made once per process: each pair costs 100–300 ms, which every app start paid. */
export function sharedAlipaySandboxKeys(): AlipaySandboxKeys {
  return (shared ??= createAlipaySandboxKeys());
}

/**
 * The string Alipay signs (research/payments.md §1): every parameter except `sign` (and `sign_type` when
 * `withSignType` is false, as for notifications), sorted by key, raw values joined as k=v&… (the SDK's rule: an
 * empty value is signed as `k=`).
 */
export function alipaySignContent(params: Record<string, string>, withSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && (withSignType || k !== 'sign_type') && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Alipay's time format, Beijing time: yyyy-MM-dd HH:mm:ss. */
export function alipayTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses Alipay's yyyy-MM-dd HH:mm:ss (Beijing time); NaN when malformed. */
export function parseAlipayTime(text: string | undefined): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return Number.NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - 8 * 3600_000;
}

/** '30.00' → 3000; null when not a positive yuan amount with at most 2 decimals. */
export function yuanToFen(text: string | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
