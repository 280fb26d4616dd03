// The support console's side of the chat (issue 15, /ops/support): the queue and the staff's lists, claiming a
// waiting conversation, handing one to another support member, closing with a tag, and the user's summary beside
// the conversation. Each staff action changes the conversation, tells the user with a notice and writes its audit
// row in one transaction (storeMessage's, under the conversation's lock), so two staff claiming at once end with one
// owner, one notice and one audit row.
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  CHAT_AGENT_CANNED_REPLIES,
  CHAT_CANNED_REPLIES,
  CHAT_CLOSE_TAGS,
  CHAT_DESK_MESSAGES,
  CHAT_MESSAGES,
  CHAT_STAFF_LIST_SIZE,
  STAFF_ONLY,
  maskPhone,
  type ChatConversation,
  type ChatConversationState,
  type ChatDeskBody,
  type ChatMessage,
  type ChatStaffListBody,
  type ChatUserSummary,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';
import type { ChatPresence } from './presence.ts';
import type { ChatRepo, ConversationRow } from './repo.ts';
import { USER_NAME, audienceOf, type ChatAudience, type ChatService, type ChatViewer } from './service.ts';

/** Orders and leads the summary lists. */
export const SUMMARY_RECENT = 5;

/** Thrown inside a transaction that has nothing to do (claiming one's own conversation again). */
class Unchanged extends Error {}

/** What a staff action did: the conversation as it is now, and, when it changed, the notice the user was sent. */
export interface DeskChange {
  conversation: ChatConversation;
  audience: ChatAudience;
  notice: ChatMessage | null;
  changed: boolean;
}

const staffOnly = () => ApiError.forbidden(STAFF_ONLY);

export function createChatDesk({
  db,
  repo,
  service,
  staff,
  presence,
}: {
  db: Database;
  repo: ChatRepo;
  service: ChatService;
  staff: { rolesOf(userId: number): Promise<readonly string[]> };
  presence: Pick<ChatPresence, 'onlineSupport'>;
}) {
  /**
   * The conversation for a staff member who answers it (403 for its user; a ChatRefusal, which the routes answer as
   * its 4xx, for an unknown conversation or anyone else's).
   */
  async function staffAccess(viewer: ChatViewer, id: number) {
    const { row, side } = await service.access(viewer, id);
    if (side.role === 'user') throw staffOnly();
    return { row, side };
  }

  /** A notice from the staff side, stored under the conversation's lock after `change` ran in the same transaction. */
  async function noticeWith(
    row: ConversationRow,
    text: string,
    change: (tx: Database, locked: ConversationRow) => Promise<void>,
  ): Promise<DeskChange> {
    let stored;
    try {
      stored = await repo.storeMessage(
        {
          conversationId: row.id,
          clientId: null,
          senderId: null,
          senderRole: 'system',
          senderName: '系统',
          kind: 'notice',
          text,
          image: null,
          estate: null,
        },
        change,
      );
    } catch (error) {
      if (!(error instanceof Unchanged)) throw error;
      const now = (await repo.conversation(row.id)) ?? row;
      return { conversation: await service.present(now), audience: audienceOf(now), notice: null, changed: false };
    }
    if (!stored) throw ApiError.notFound(CHAT_MESSAGES.conversationNotFound);
    const now = (await repo.conversation(row.id)) ?? stored.conversation;
    return {
      conversation: await service.present(now),
      audience: audienceOf(now),
      notice: stored.message,
      changed: true,
    };
  }

  return {
    /** The console's fixed parts for this viewer (403 for a viewer who answers no conversation). */
    async desk(viewer: ChatViewer): Promise<ChatDeskBody> {
      if (!viewer.support && viewer.agentId === null) throw staffOnly();
      let colleagues: ChatDeskBody['colleagues'] = [];
      if (viewer.support) {
        const rows = await queryRows<{ userId: number; phone: string; nickname: string | null }>(
          db,
          sql`SELECT u.id AS "userId", u.phone, u.nickname FROM staff_roles r JOIN users u ON u.id = r.user_id
              WHERE r.role = 'support' AND u.deleted_at IS NULL AND u.id <> ${viewer.userId} ORDER BY u.id`,
        );
        const online = await presence.onlineSupport(rows.map((r) => r.userId));
        colleagues = rows.map((r) => ({
          userId: r.userId,
          name: r.nickname ?? `客服 ${maskPhone(r.phone)}`,
          online: online.has(r.userId),
        }));
      }
      return {
        userId: viewer.userId,
        support: viewer.support,
        agentId: viewer.agentId,
        colleagues,
        canned: [...(viewer.support ? CHAT_CANNED_REPLIES : CHAT_AGENT_CANNED_REPLIES)],
        closeTags: Object.entries(CHAT_CLOSE_TAGS).map(([tag, label]) => ({ tag, label })),
      };
    },

    /** The conversations the viewer answers: a state's, or only their own (mine). */
    async list(
      viewer: ChatViewer,
      filter: { state?: ChatConversationState | undefined; mine?: boolean | undefined },
    ): Promise<ChatStaffListBody> {
      if (!viewer.support && viewer.agentId === null) throw staffOnly();
      const rows = await repo.staffList(
        viewer,
        { state: filter.state, mineOf: filter.mine ? viewer.userId : undefined },
        CHAT_STAFF_LIST_SIZE,
      );
      const list = await Promise.all(
        rows.map(async (row) => ({
          ...(await service.present(row)),
          userName: `${USER_NAME}${row.userId}`,
          staffReadSeq: row.staffReadSeq,
          updatedAt: row.updatedAt,
          waitingSince: row.state === 'waiting' ? row.waitingSince : null,
          staffUserId: row.staffUserId,
          mine: row.staffUserId === viewer.userId,
          preview: row.preview,
          closeTag: row.closeTag,
        })),
      );
      return { list };
    },

    /** Takes a waiting (or bot-served) conversation: the user is told who answers now. Claiming one's own: no-op. */
    async claim(viewer: ChatViewer, id: number, ip: string | null): Promise<DeskChange> {
      const { row, side } = await staffAccess(viewer, id);
      return noticeWith(row, CHAT_DESK_MESSAGES.claimed(side.name), async (tx, locked) => {
        if (locked.state === 'closed') throw ApiError.conflict(CHAT_MESSAGES.conversationNotFound);
        if (locked.state === 'claimed') {
          if (locked.staffUserId === viewer.userId) throw new Unchanged();
          throw ApiError.conflict(CHAT_DESK_MESSAGES.claimedByOther);
        }
        await repo.claim(tx, locked.id, viewer.userId);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'chat.claim',
          targetType: 'chat_conversation',
          targetId: locked.id,
          detail: { from: locked.state },
          ip,
        });
      });
    },

    /** Hands the viewer's claimed support conversation to another support member. */
    async transfer(viewer: ChatViewer, id: number, toUserId: number, ip: string | null): Promise<DeskChange> {
      const { row } = await staffAccess(viewer, id);
      if (row.peer !== 'support' || !viewer.support) throw staffOnly();
      if (toUserId === viewer.userId || !(await staff.rolesOf(toUserId)).includes('support'))
        throw ApiError.badRequest(CHAT_DESK_MESSAGES.transferTarget);
      return noticeWith(row, CHAT_DESK_MESSAGES.transferred, async (tx, locked) => {
        if (locked.state === 'closed') throw ApiError.conflict(CHAT_MESSAGES.conversationNotFound);
        if (locked.state !== 'claimed' || locked.staffUserId !== viewer.userId)
          throw ApiError.conflict(CHAT_DESK_MESSAGES.notClaimedByYou);
        await repo.transfer(tx, locked.id, toUserId);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'chat.transfer',
          targetType: 'chat_conversation',
          targetId: locked.id,
          detail: { to: toUserId },
          ip,
        });
      });
    },

    /**
     * Ends a conversation (its user, or the staff answering it; closing twice is fine). A staff close is audited
     * with its tag, in the close's transaction.
     */
    async close(viewer: ChatViewer, id: number, tag: string | undefined, ip: string | null): Promise<DeskChange> {
      const { row, side } = await service.access(viewer, id);
      if (row.state === 'closed') {
        return { conversation: await service.present(row), audience: audienceOf(row), notice: null, changed: false };
      }
      const closed = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const now = await repo.close(row.id, tag ?? 'resolved', tx);
        if (side.role !== 'user') {
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'chat.close',
            targetType: 'chat_conversation',
            targetId: row.id,
            detail: { tag: tag ?? 'resolved' },
            ip,
          });
        }
        return now ?? row;
      });
      return { conversation: await service.present(closed), audience: audienceOf(closed), notice: null, changed: true };
    },

    /** The conversation's user as support sees them (support role only: agents see no orders). */
    async summary(viewer: ChatViewer, id: number): Promise<ChatUserSummary> {
      const { row } = await staffAccess(viewer, id);
      if (!viewer.support || row.peer !== 'support') throw ApiError.forbidden(CHAT_DESK_MESSAGES.summarySupportOnly);
      const [user] = await queryRows<{
        phone: string;
        regDate: string;
        vipExpireDate: string | null;
        vipActive: boolean;
        pastConversations: number;
      }>(
        db,
        sql`SELECT u.phone, ${isoText('u.created_at')} AS "regDate",
                   (SELECT ${isoText('max(p.ends_at)')} FROM vip_periods p WHERE p.user_id = u.id) AS "vipExpireDate",
                   EXISTS (SELECT 1 FROM vip_periods p WHERE p.user_id = u.id AND p.starts_at <= now()
                                                         AND p.ends_at > now()) AS "vipActive",
                   (SELECT count(*)::int FROM chat_conversation c WHERE c.user_id = u.id AND c.peer = 'support'
                                                                   AND c.id <> ${row.id}) AS "pastConversations"
              FROM users u WHERE u.id = ${row.userId} AND u.deleted_at IS NULL`,
      );
      if (!user) throw ApiError.notFound(CHAT_DESK_MESSAGES.userGone);
      const [orders, leads] = await Promise.all([
        queryRows<ChatUserSummary['orders'][number]>(
          db,
          sql`SELECT o.order_no AS "orderNo", o.subject, o.amount_fen AS "amountFen", o.status,
                     ${isoText('o.created_at')} AS "createdAt"
                FROM orders o WHERE o.user_id = ${row.userId}
               ORDER BY o.created_at DESC, o.id DESC LIMIT ${SUMMARY_RECENT}`,
        ),
        queryRows<ChatUserSummary['leads'][number]>(
          db,
          sql`SELECT l.id::int AS id, e.name AS "estateName", l.service_type AS "serviceType", l.status,
                     ${isoText('l.created_at')} AS "createdAt"
                FROM lead l LEFT JOIN estate e ON e.id = l.estate_id
               WHERE l.user_id = ${row.userId}
               ORDER BY l.created_at DESC, l.id DESC LIMIT ${SUMMARY_RECENT}`,
        ),
      ]);
      return {
        userId: row.userId,
        userName: `${USER_NAME}${row.userId}`,
        mobile: maskPhone(user.phone),
        regDate: user.regDate,
        vipExpireDate: user.vipExpireDate,
        vipActive: user.vipActive,
        orders,
        leads,
        pastConversations: user.pastConversations,
      };
    },
  };
}

export type ChatDesk = ReturnType<typeof createChatDesk>;
