// The claim's answer, kept for the next page (getsuccess / result / download) in sessionStorage: the outcome page
// shows what the server said, and a reload keeps it.
import type { InvitationClaimBody } from '@fjt/domain';

const KEY = 'fjt_invite_claim';

export function saveClaim(result: InvitationClaimBody): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(result));
  } catch {
    // private mode: the page shows its generic wording
  }
}

export function readClaim(): InvitationClaimBody | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as InvitationClaimBody) : null;
  } catch {
    return null;
  }
}
