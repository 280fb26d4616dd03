// The device id (issue 18; domain DEVICE_COOKIE): a random UUID kept in the first-party fjt_did cookie (2 years,
// SameSite=Lax), made on first use in the browser. The server reads it for the once-per-device rules (新人会员,
// invitations) and the tracking events; nothing else. Never called during server rendering.
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, parseDeviceId } from '@fjt/domain';
import { readCookie } from './cookies.ts';

function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** This browser's device id, set now when it has none (or a malformed one). */
export function ensureDeviceId(): string {
  const current = parseDeviceId(readCookie(document.cookie, DEVICE_COOKIE));
  if (current) return current;
  const id = newUuid();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  return id;
}
