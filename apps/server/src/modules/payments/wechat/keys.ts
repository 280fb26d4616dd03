// WeChat Pay keys (research/payments.md §6): generated with node:crypto per process or test fixture. The split
// mirrors who holds what in production:
//   - the merchant (our adapter): its own RSA private key and certificate serial, the platform's public key(s) by
//     serial (a platform certificate serial or a PUB_KEY_ID_… public-key id), the APIv3 key, appid, mchid;
//   - WeChat (the sandbox): the merchant's public key (registered with the certificate), the platform private key,
//     the same APIv3 key, appid and mchid.
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';

/** What a merchant configures (WECHAT_* environment in production; see wechatConfigFromEnv). */
export interface WechatMerchantKeys {
  appid: string;
  mchid: string;
  /** PKCS#8 PEM (apiclient_key.pem). */
  merchantPrivateKey: string;
  /** The merchant API certificate's serial number (40 hex). */
  merchantSerial: string;
  /** Platform public keys (PEM, SPKI) by serial: certificate serials or PUB_KEY_ID_… ids. */
  platformPublicKeys: Readonly<Record<string, string>>;
  /** 32 characters, used as the AES-256-GCM key. */
  apiV3Key: string;
}

/** What the sandbox (playing WeChat) holds. */
export interface WechatPlatformKeys {
  appid: string;
  mchid: string;
  merchantPublicKey: string;
  merchantSerial: string;
  platformPrivateKey: string;
  platformSerial: string;
  apiV3Key: string;
}

/** The official account's web OAuth (snsapi_base → openid for JSAPI): its AppSecret, known to both sides. */
export interface WechatOauthKeys {
  appid: string;
  appSecret: string;
}

export interface WechatKeys {
  merchant: WechatMerchantKeys;
  platform: WechatPlatformKeys;
  oauth: WechatOauthKeys;
}

function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function alnum(length: number): string {
  return Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join('');
}
function digits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

/** A fresh merchant/platform key set (two RSA-2048 pairs: about 100–300 ms). */
export function generateWechatKeys(): WechatKeys {
  const merchant = rsaPair();
  const platform = rsaPair();
  const appid = `wx${randomBytes(8).toString('hex')}`;
  const mchid = `1${digits(9)}`;
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  // The newer "微信支付公钥" mode: the platform signs with a key whose id is PUB_KEY_ID_ + 32 digits.
  const platformSerial = `PUB_KEY_ID_01${mchid}${digits(20)}`;
  const apiV3Key = alnum(32);
  return {
    oauth: { appid, appSecret: randomBytes(16).toString('hex') },
    merchant: {
      appid,
      mchid,
      merchantPrivateKey: merchant.privateKey,
      merchantSerial,
      platformPublicKeys: { [platformSerial]: platform.publicKey },
      apiV3Key,
    },
    platform: {
      appid,
      mchid,
      merchantPublicKey: merchant.publicKey,
      merchantSerial,
      platformPrivateKey: platform.privateKey,
      platformSerial,
      apiV3Key,
    },
  };
}

let shared: WechatKeys | undefined;
/** The embedded sandbox's keys, made once per process: each pair costs 100–300 ms, which every app start paid. */
export function sharedWechatKeys(): WechatKeys {
  return (shared ??= generateWechatKeys());
}
