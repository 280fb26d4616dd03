// WeChat Pay v3 cryptography, shared by the adapter (merchant side) and the sandbox (platform side) so that both
// run the one real verification path (research/payments.md §2, W1, W3):
//   - request Authorization: SHA256withRSA over `METHOD\n/path?query\ntimestamp\nnonce\nbody\n`, merchant key;
//   - answers and notifications: SHA256withRSA over `timestamp\nnonce\nbody\n`, platform key, Wechatpay-* headers;
//   - JSAPI paySign: SHA256withRSA over `appId\ntimeStamp\nnonceStr\npackage\n`, merchant key;
//   - notification resources: AEAD_AES_256_GCM, key = the APIv3 key, AAD = associated_data, tag = last 16 bytes.
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyLike } from 'node:crypto';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
export const GCM_ALGORITHM = 'AEAD_AES_256_GCM';
/** Notifications and answers older or newer than this (against our clock) are refused (our policy, §2). */
export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;

export function signSha256Rsa(privateKey: KeyLike, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** Never throws: a malformed key or signature is a failed verification. */
export function verifySha256Rsa(publicKey: KeyLike, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** 32 upper-case hex characters, as the official SDKs make them. */
export function nonceStr(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export function requestMessage(method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string) {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseMessage(timestamp: string, nonce: string, body: string) {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function paySignMessage(appId: string, timeStamp: string, nonce: string, pkg: string) {
  return `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`;
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

export function formatAuthorization(fields: AuthorizationFields): string {
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  return `${AUTH_SCHEMA} mchid="${mchid}",nonce_str="${nonce_str}",signature="${signature}",timestamp="${timestamp}",serial_no="${serial_no}"`;
}

/** The fields of an Authorization header, or null when it is not a complete WECHATPAY2-SHA256-RSA2048 one. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/\s*([a-z_]+)="([^"]*)"\s*,?/g)) {
    fields[match[1]!] = match[2]!;
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data: string;
  nonce: string;
}

/** AES-256-GCM with a fresh 12-character nonce; ciphertext = base64(encrypted ‖ 16-byte tag), as WeChat sends it. */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string) {
  // WeChat's nonces are 12 printable characters; their bytes are the GCM IV.
  const nonce = randomBytes(9).toString('base64').replace(/[+/]/g, 'x');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: GCM_ALGORITHM, ciphertext: encrypted.toString('base64'), associated_data: associatedData, nonce };
}

/** The plaintext, or null when the key, nonce, associated data or tag do not match (never throws). */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | null {
  try {
    if (resource.algorithm !== GCM_ALGORITHM) return null;
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length < 17) return null;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    );
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A header's single value (Fastify gives arrays for repeated headers; a repeated Wechatpay-* header is refused). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' ? value : undefined;
}

/** RFC 3339 in China time, as WeChat writes it: 2026-11-25T18:30:00+08:00. */
export function rfc3339China(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
