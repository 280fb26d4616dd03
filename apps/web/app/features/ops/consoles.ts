// The consoles of the /ops area, in the order of its side nav: the one table later issues add theirs to
// (membership, leads, chat, content). A console lists the roles that may open it; its route's loader checks the
// same roles (requireStaff) — the nav only hides what the server would refuse anyway.
import { STAFF_ROLES, type StaffRole } from '@fjt/domain';

export interface OpsConsole {
  /** The route id of app/routes.ts. */
  id: string;
  to: string;
  title: string;
  description: string;
  roles: readonly StaffRole[];
}

export const OPS_CONSOLES: readonly OpsConsole[] = [
  { id: 'ops-home', to: '/ops', title: '概览', description: '我的账号、角色和可用的控制台', roles: STAFF_ROLES },
  {
    id: 'ops-staff',
    to: '/ops/staff',
    title: '工作人员',
    description: '工作人员及其角色；运营可按手机号授予或撤销角色',
    roles: STAFF_ROLES,
  },
  {
    id: 'ops-audit',
    to: '/ops/audit',
    title: '审计日志',
    description: '每一次工作人员操作和资金变动的记录，可按操作人和操作筛选',
    roles: ['ops'],
  },
  {
    id: 'ops-import',
    to: '/ops/import',
    title: '数据导入',
    description: '上传小区、挂牌、成交、租房 CSV；校验通过才写入，随后运行价格提醒任务',
    roles: ['ops'],
  },
  {
    id: 'ops-codes',
    to: '/ops/codes',
    title: '兑换码',
    description: '生成一批会员兑换码（一码一次，只显示一次）',
    roles: ['ops'],
  },
  {
    id: 'ops-leads',
    to: '/ops/leads',
    title: '线索',
    description: '经纪人的买家线索：认领、虚拟号拨打、记录跟进结果；运营可看全部线索与今日联系上限',
    roles: ['agent', 'ops'],
  },
  {
    id: 'ops-support',
    to: '/ops/support',
    title: '在线客服',
    description:
      '客服会话：排队等待与接入、转接、快捷回复、结束并记录原因，旁边是用户的会员、订单与线索；经纪人在此回复自己的咨询',
    roles: ['support', 'agent'],
  },
  {
    id: 'ops-orders',
    to: '/ops/orders',
    title: '订单',
    description: '按订单号或手机号查订单、支付通知和流水；已支付订单可退款',
    roles: ['ops'],
  },
  {
    id: 'ops-wallet',
    to: '/ops/wallet',
    title: '提现审核',
    description: '推广佣金的提现申请：通过（已打款）或驳回（退回余额），每笔一次，写审计日志',
    roles: ['ops'],
  },
  {
    id: 'ops-moderation',
    to: '/ops/moderation',
    title: '内容审核',
    description: '纠错/举报工单与被标记的问答、点评、笔记：隐藏或恢复内容、禁言作者、更正数据或驳回，并通知举报人',
    roles: ['moderator', 'ops'],
  },
  {
    id: 'ops-funnel',
    to: '/ops/funnel',
    title: '渠道漏斗',
    description: '按天按渠道的访问 → 登录 → 订单（数量与金额），图表与明细表',
    roles: ['ops'],
  },
];

export function consolesFor(roles: readonly StaffRole[]): OpsConsole[] {
  return OPS_CONSOLES.filter((c) => c.roles.some((r) => roles.includes(r)));
}

export function consoleOf(id: string): OpsConsole {
  const found = OPS_CONSOLES.find((c) => c.id === id);
  if (!found) throw new Error(`no console ${id} in OPS_CONSOLES`);
  return found;
}
