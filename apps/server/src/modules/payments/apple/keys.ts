// Apple IAP sandbox keys (issue 12; research/payments.md §3 and §6): an EC P-256 chain shaped like Apple's
// (root CA ← intermediate CA with OID 1.2.840.113635.100.6.2.1 ← signing leaf with OID 1.2.840.113635.100.6.11.1)
// made with @peculiar/x509, a second chain of the same shape that nobody trusts (the 'serial' tamper), and an
// "App Store Connect API" ES256 key for the bearer JWT of transaction lookups. Generated per process or test
// fixture, never stored. The adapter is given only the root certificate (DER), the bundle id and the API key;
// the sandbox keeps the leaf's private key and signs with it.
import 'reflect-metadata';
import {
  type KeyObject,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  randomUUID,
  sign,
  webcrypto,
} from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

/** Apple's marker extensions (checked by SignedDataVerifier.verifyCertificateChainWithoutCaching). */
export const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';
export const APPLE_LEAF_OID = '1.2.840.113635.100.6.11.1';

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY = 24 * 60 * 60 * 1000;
/** DER of ASN.1 NULL: the value of Apple's marker extensions. */
const ASN1_NULL = new Uint8Array([0x05, 0x00]);

/** A signing chain: what a JWS header's x5c carries and the leaf key that signs. */
export interface AppleSigningChain {
  /** base64 DER, leaf first: [leaf, intermediate, root] (the x5c header). */
  x5c: [string, string, string];
  rootDer: Buffer;
  leafKey: KeyObject;
  /** The leaf's validity: a signedDate outside it fails the chain check (the 'timestamp' tamper). */
  leafNotBefore: Date;
  leafNotAfter: Date;
}

/** The App Store Connect API key (a .p8 file in production) and the ids that name it in the JWT. */
export interface AppStoreApiKey {
  keyId: string;
  issuerId: string;
  /** PKCS#8 PEM, as Apple hands out .p8 files. */
  privateKeyPem: string;
}

export interface AppleSandboxKeys {
  /** The chain the adapter trusts (its root DER is the adapter's only trust anchor). */
  trusted: AppleSigningChain;
  /** Same shape, another root: what a forged signer would present (the 'serial' tamper). */
  untrusted: AppleSigningChain;
  api: AppStoreApiKey;
  /** The API key's public half: the sandbox checks lookup bearers with it. */
  apiPublicKey: KeyObject;
}

function serial(): string {
  const bytes = randomBytes(8);
  bytes[0] = bytes[0]! & 0x7f; // positive INTEGER
  return bytes.toString('hex');
}

async function generateEcKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
}

async function toKeyObject(key: CryptoKey): Promise<KeyObject> {
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key as unknown as webcrypto.CryptoKey));
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

async function makeChain(label: string, now: number): Promise<AppleSigningChain> {
  const rootKeys = await generateEcKeys();
  const intermediateKeys = await generateEcKeys();
  const leafKeys = await generateEcKeys();
  // Root and intermediate outlive the leaf, as Apple's do; the leaf covers any virtual-clock run (days).
  const caNotBefore = new Date(now - 365 * DAY);
  const caNotAfter = new Date(now + 10 * 365 * DAY);
  const leafNotBefore = new Date(now - 30 * DAY);
  const leafNotAfter = new Date(now + 2 * 365 * DAY);

  const rootName = `CN=${label} Root CA - G3,OU=Sandbox Certification Authority,O=房价通 Sandbox,C=CN`;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: rootName,
    notBefore: caNotBefore,
    notAfter: caNotAfter,
    signingAlgorithm: SIGNING,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });

  const intermediateName = `CN=${label} Worldwide Developer Relations CA - G6,OU=Sandbox Certification Authority,O=房价通 Sandbox,C=CN`;
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: intermediateName,
    issuer: root.subject,
    notBefore: caNotBefore,
    notAfter: caNotAfter,
    signingAlgorithm: SIGNING,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(intermediateKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
      new x509.Extension(APPLE_INTERMEDIATE_OID, false, ASN1_NULL),
    ],
  });

  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${label} Prod ECC Mac App Store and iTunes Store Receipt Signing,OU=Sandbox Certification Authority,O=房价通 Sandbox,C=CN`,
    issuer: intermediate.subject,
    notBefore: leafNotBefore,
    notAfter: leafNotAfter,
    signingAlgorithm: SIGNING,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      await x509.AuthorityKeyIdentifierExtension.create(intermediateKeys.publicKey),
      new x509.Extension(APPLE_LEAF_OID, false, ASN1_NULL),
    ],
  });

  const der = (cert: x509.X509Certificate) => Buffer.from(cert.rawData);
  return {
    x5c: [der(leaf).toString('base64'), der(intermediate).toString('base64'), der(root).toString('base64')],
    rootDer: der(root),
    leafKey: await toKeyObject(leafKeys.privateKey),
    leafNotBefore,
    leafNotAfter,
  };
}

/** A 10-character key id like App Store Connect's (e.g. 2X9R4HXF34). */
function keyId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Everything the Apple sandbox and its adapter need, made fresh. `now` is the clock the sandbox signs with (the
 * virtual clock's start): certificates are valid around it.
 */
export async function createAppleSandboxKeys({ now = Date.now() }: { now?: number } = {}): Promise<AppleSandboxKeys> {
  const [trusted, untrusted, apiKeys] = await Promise.all([
    makeChain('Sandbox Apple', now),
    makeChain('Untrusted Apple', now),
    generateEcKeys(),
  ]);
  const apiPrivate = await toKeyObject(apiKeys.privateKey);
  return {
    trusted,
    untrusted,
    api: {
      keyId: keyId(),
      issuerId: randomUUID(),
      privateKeyPem: apiPrivate.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    apiPublicKey: createPublicKey(apiPrivate),
  };
}

// --- Compact JWS (ES256), shared by the adapter (bearer JWT) and the sandbox (signed transactions) ----------------

export function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/** A compact JWS signed ES256 (raw r||s signature, as JOSE requires). */
export function signEs256(header: Record<string, unknown>, payload: unknown, key: KeyObject): string {
  const input = `${base64url(JSON.stringify({ alg: 'ES256', ...header }))}.${base64url(JSON.stringify(payload))}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${base64url(signature)}`;
}
