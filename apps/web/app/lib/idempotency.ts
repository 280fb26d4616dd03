// One Idempotency-Key per checkout attempt (issue 12) or lead-form opening (issue 14): a retry of the same attempt
// (a lost answer, a second tap) sends the same key, so the server hands back what it already made instead of a second one.
import { IDEMPOTENCY_KEY_PATTERN } from '@fjt/domain';

export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function isIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}
