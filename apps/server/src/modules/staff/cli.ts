// `npm run ops -- staff add|remove|list`: the command line's side of staff roles (issue 11). Messages in Chinese
// and English; exit codes 0 done (or nothing to change), 1 refused, 2 bad arguments. The command line is the
// actor null in the audit log.
import { parseArgs } from 'node:util';
import {
  ApiError,
  MOBILE_FORMAT_ERROR,
  ROLE_FORMAT_ERROR,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  isStaffRole,
  isValidMobile,
} from '@fjt/domain';
import type { StaffModule } from './service.ts';

export const EXIT = { ok: 0, refused: 1, badArguments: 2 } as const;

export const USAGE = [
  '用法 / usage:',
  '  npm run ops -- staff add --phone 13800000001 --role ops      授予角色（新手机号自动注册） / grant a role (creates the user of a new phone)',
  '  npm run ops -- staff add --phone 13800000003 --role agent --agent-id 12  授予经纪人角色并关联经纪人 / grant agent and link an agent id',
  '  npm run ops -- staff remove --phone 13800000001 --role ops   撤销角色 / revoke a role',
  '  npm run ops -- staff list                                    列出工作人员 / list staff',
  `  角色 / roles: ${STAFF_ROLES.join(' | ')}`,
].join('\n');

export type OpsCommand =
  | { command: 'add' | 'remove'; phone: string; role: (typeof STAFF_ROLES)[number]; agentId?: number }
  | { command: 'list' };

/** The command, or the message that says what is wrong with the arguments (exit 2). */
export function parseOpsArgs(args: readonly string[]): OpsCommand | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { phone: { type: 'string' }, role: { type: 'string' }, 'agent-id': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { error: `参数错误 / bad arguments: ${(error as Error).message}` };
  }
  const [area, command, ...rest] = parsed.positionals;
  if (area !== 'staff' || !command || rest.length > 0) return { error: '未知命令 / unknown command' };
  const { phone, role, 'agent-id': agentIdText } = parsed.values;
  if (command === 'list') {
    if (phone !== undefined || role !== undefined || agentIdText !== undefined)
      return { error: 'staff list 不接受参数 / staff list takes no options' };
    return { command };
  }
  if (command !== 'add' && command !== 'remove') return { error: `未知命令 / unknown command: staff ${command}` };
  if (!phone) return { error: '缺少 --phone / --phone is required' };
  if (!isValidMobile(phone)) return { error: `${MOBILE_FORMAT_ERROR} / invalid mobile number: ${phone}` };
  if (!role) return { error: '缺少 --role / --role is required' };
  if (!isStaffRole(role)) return { error: `${ROLE_FORMAT_ERROR} / role must be one of ${STAFF_ROLES.join(', ')}` };
  if (agentIdText === undefined) return { command, phone, role };
  if (command !== 'add' || role !== 'agent')
    return { error: '--agent-id 只能与 staff add --role agent 一起使用 / --agent-id goes with staff add --role agent' };
  const agentId = /^[1-9]\d{0,9}$/.test(agentIdText) ? Number(agentIdText) : Number.NaN;
  if (!Number.isSafeInteger(agentId) || agentId > 2_147_483_647)
    return { error: `经纪人 id 格式不正确 / invalid agent id: ${agentIdText}` };
  return { command, phone, role, agentId };
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs a parsed command against the staff service; the exit code. */
export async function runOpsCommand(cmd: OpsCommand, staff: StaffModule, io: CliIo): Promise<number> {
  if (cmd.command === 'list') {
    const { list } = await staff.listStaff();
    if (list.length === 0) {
      io.out('暂无工作人员 / no staff yet');
      return EXIT.ok;
    }
    io.out(`工作人员 ${list.length} 人 / ${list.length} staff:`);
    for (const m of list) {
      const roles = m.roles.map((r) => `${r.role}(${STAFF_ROLE_LABELS[r.role]})`).join(', ');
      io.out(`  #${m.userId}  ${m.phone}  ${m.nickname ?? '-'}  ${roles}`);
    }
    return EXIT.ok;
  }
  const { phone, role } = cmd;
  const label = `${role}(${STAFF_ROLE_LABELS[role]})`;
  try {
    if (cmd.command === 'add') {
      const r = await staff.grant({ phone, role, actorId: null, ...(cmd.agentId ? { agentId: cmd.agentId } : {}) });
      if (cmd.agentId)
        io.out(
          r.linkedAgent
            ? `已将 ${phone} 关联经纪人 #${cmd.agentId} / linked ${phone} to agent #${cmd.agentId}`
            : `${phone} 已关联经纪人 #${cmd.agentId}，无需变更 / already linked to agent #${cmd.agentId}`,
        );
      if (!r.changed) io.out(`${phone} 已有角色 ${label}，无需变更 / already has role ${role}; nothing changed`);
      else
        io.out(
          `已授予 ${phone} 角色 ${label}${r.createdUser ? '（新用户已创建）' : ''} / granted ${role} to ${phone}` +
            `${r.createdUser ? ' (new user created)' : ''}`,
        );
      return EXIT.ok;
    }
    const r = await staff.revoke({ phone, role, actorId: null });
    if (!r.changed) io.out(`${phone} 没有角色 ${label}，无需撤销 / does not hold role ${role}; nothing changed`);
    else io.out(`已撤销 ${phone} 的角色 ${label} / revoked ${role} from ${phone}`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    io.err(`操作被拒绝 / refused: ${error.message}${error.statusCode === 404 ? ` / no user with phone ${phone}` : ''}`);
    return EXIT.refused;
  }
}
