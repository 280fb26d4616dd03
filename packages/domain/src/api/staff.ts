// Staff roles and the /ops consoles (issue 11): who may do what, the payloads of NEW GET ops/staff, POST
// ops/staff/grant|revoke and GET ops/audit, and what the server tells an /ops page about its viewer.
import { z } from 'zod';
import { mobileParam } from './accounts.ts';
import { idParam, pageParams, textParam } from './params.ts';

/** ops: runs the consoles and grants roles; support: customer service; agent: leads; moderator: content. */
export const STAFF_ROLES = ['ops', 'support', 'agent', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  ops: '运营',
  support: '客服',
  agent: '经纪人',
  moderator: '内容审核',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Said to a signed-in user without a staff role, by the API and the /ops pages. */
export const STAFF_ONLY = '无权访问：仅限工作人员';
/** Said to staff without the ops role who try to grant or revoke. */
export const OPS_ONLY = '仅运营人员可以授予或撤销角色';
/** Said to staff without the ops role who open the audit log. */
export const AUDIT_OPS_ONLY = '仅运营人员可以查看审计日志';
export const ROLE_FORMAT_ERROR = `角色只能是 ${STAFF_ROLES.join('、')} 之一`;

/** Every action the audit log knows so far; later issues add theirs (order.refund, lead.assign…). */
export const AUDIT_ACTIONS = [
  'staff.grant',
  'staff.revoke',
  'data.import',
  'codes.create',
  'membership.grant',
  'order.refund',
  'order.refunded',
  'order.refund.failed',
  'order.refund.late',
  'order.refund.late.done',
  'order.refund.late.failed',
  'wallet.commission',
  'wallet.commission.reversal',
  'wallet.withdraw.request',
  'wallet.withdraw.approve',
  'wallet.withdraw.reject',
  'staff.agent.link',
  'lead.claim',
  'lead.outcome',
  'lead.note',
  'lead.call',
  'moderation.hide',
  'moderation.restore',
  'moderation.keep',
  'moderation.ban',
  'moderation.unban',
  'inform.resolve',
  'inform.reject',
] as const;
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.grant': '授予角色',
  'staff.revoke': '撤销角色',
  'data.import': '导入数据',
  'codes.create': '生成兑换码',
  'membership.grant': '赠送会员',
  'order.refund': '发起退款',
  'order.refunded': '退款完成',
  'order.refund.failed': '退款失败',
  'order.refund.late': '迟到支付待退款',
  'order.refund.late.done': '迟到支付已退款',
  'order.refund.late.failed': '迟到支付退款失败',
  'wallet.commission': '推广佣金入账',
  'wallet.commission.reversal': '推广佣金退回',
  'wallet.withdraw.request': '申请提现',
  'wallet.withdraw.approve': '提现审核通过',
  'wallet.withdraw.reject': '提现审核驳回',
  'staff.agent.link': '关联经纪人',
  'lead.claim': '认领线索',
  'lead.outcome': '记录线索结果',
  'lead.note': '线索备注',
  'lead.call': '虚拟号联系买家',
  'moderation.hide': '隐藏内容',
  'moderation.restore': '恢复内容',
  'moderation.keep': '保留内容',
  'moderation.ban': '禁言用户',
  'moderation.unban': '解除禁言',
  'inform.resolve': '处理纠错/举报',
  'inform.reject': '驳回纠错/举报',
};

/** The viewer of an /ops page, resolved by the server (ADR 0009's one exception); roles empty: not staff. */
export interface OpsViewer {
  userId: number;
  /** Masked, 138****0000. */
  mobile: string;
  nickname: string | null;
  roles: StaffRole[];
  /** The agent this staff user acts as in the lead console (staff_agent), or null. */
  agent: { id: number; cityId: number; name: string } | null;
}

export const staffRoleParam = z.enum(STAFF_ROLES, { message: ROLE_FORMAT_ERROR });

export const staffChangeInput = z.object({ mobile: mobileParam, role: staffRoleParam });
export type StaffChangeInput = z.infer<typeof staffChangeInput>;

export const staffMember = z.object({
  userId: z.number().int(),
  /** In full: staff identify each other by phone (the list is for staff only, never cached). */
  phone: z.string(),
  nickname: z.string().nullable(),
  roles: z.array(
    z.object({
      role: staffRoleParam,
      grantedAt: z.string(),
      /** Masked phone of who granted it; null: the command line. */
      grantedBy: z.string().nullable(),
    }),
  ),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffListBody = z.object({ list: z.array(staffMember) });
export type StaffListBody = z.infer<typeof staffListBody>;

export const staffChangeBody = z.object({
  userId: z.number().int(),
  role: staffRoleParam,
  /** false: nothing changed (the role was already granted, or was not there to revoke). */
  changed: z.boolean(),
});
export type StaffChangeBody = z.infer<typeof staffChangeBody>;

export const AUDIT_PAGE_SIZE = 50;

export const auditQuery = z.object({
  ...pageParams(100, { maxPage: 100_000, defaultSize: AUDIT_PAGE_SIZE }),
  /** Only this actor's rows. */
  actorId: idParam('actorId').optional(),
  /** Only this action (exact, e.g. staff.grant). */
  action: textParam('action', { max: 64 }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  /** Masked phone of the actor; null: the system or the command line. */
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListBody = z.object({ total: z.number().int(), list: z.array(auditEntry) });
export type AuditListBody = z.infer<typeof auditListBody>;
