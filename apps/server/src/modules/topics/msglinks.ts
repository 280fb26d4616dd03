// msglink/resolve and the /activity/msglink page's loader (through Services.msgLinks): a code's signature is
// checked before any lookup (packages/dataset/src/msglink.ts), then the row must exist and not have expired; a
// click on a live link is counted. The target is checked again on the way out: only a path of this site.
import { queryRows, sql, type Database } from '@fjt/db';
import { verifyMsgLinkCode } from '@fjt/dataset';
import { safeRedirectPath, type MsgLinkResolution, type MsgLinksService } from '@fjt/domain';

export function createMsgLinksService(db: Database, secret: string): MsgLinksService {
  return {
    async resolve(code: string): Promise<MsgLinkResolution> {
      const id = verifyMsgLinkCode(code, secret);
      if (id === null) return { error: 'invalid' };
      const [row] = await queryRows<{ target: string; expired: boolean }>(
        db,
        sql`UPDATE msg_link SET clicks = clicks + CASE WHEN expires_at > now() THEN 1 ELSE 0 END,
                   last_clicked_at = CASE WHEN expires_at > now() THEN now() ELSE last_clicked_at END
            WHERE id = ${id}
            RETURNING target, expires_at <= now() AS expired`,
      );
      if (!row) return { error: 'invalid' };
      if (row.expired) return { error: 'expired' };
      const target = safeRedirectPath(row.target, '');
      return target ? { target } : { error: 'invalid' };
    },
  };
}
