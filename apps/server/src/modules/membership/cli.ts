// `npm run ops -- codes create …` and `npm run ops -- grant …` (issue 12): exchange codes and staff grants of VIP
// days from the command line. The command line is the actor null in the audit log; exit codes as the staff CLI.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ApiError, MOBILE_FORMAT_ERROR, isValidMobile } from '@fjt/domain';
import { EXIT, type CliIo } from '../staff/cli.ts';
import type { MembershipService } from './service.ts';

export const MEMBERSHIP_USAGE = [
  '  npm run ops -- codes create --count 10 --days 30 [--valid-days 90]   生成兑换码（只显示这一次） / make exchange codes (shown once)',
  '  npm run ops -- grant --phone 13800000001 --days 7 --reason 补偿 [--ref R]   赠送会员天数 / give VIP days (--ref makes a retry a no-op)',
].join('\n');

export type MembershipCommand =
  | { command: 'codes'; count: number; days: number; validDays: number }
  | { command: 'grant'; phone: string; days: number; reason: string; ref: string };

const intIn = (raw: string | undefined, min: number, max: number) => {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};

/** The command for `codes …` / `grant …` argument lists (area first), or what is wrong with them. */
export function parseMembershipArgs(args: readonly string[]): MembershipCommand | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        count: { type: 'string' },
        days: { type: 'string' },
        'valid-days': { type: 'string' },
        phone: { type: 'string' },
        reason: { type: 'string' },
        ref: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { error: `参数错误 / bad arguments: ${(error as Error).message}` };
  }
  const [area, sub, ...rest] = parsed.positionals;
  const v = parsed.values;
  const days = intIn(v.days, 1, 3650);
  if (area === 'codes') {
    if (sub !== 'create' || rest.length > 0) return { error: '未知命令 / unknown command: codes ' + (sub ?? '') };
    const count = intIn(v.count, 1, 500);
    if (count === null) return { error: '--count 须为1-500的整数 / --count must be 1-500' };
    if (days === null) return { error: '--days 须为1-3650的整数 / --days must be 1-3650' };
    const validDays = v['valid-days'] === undefined ? 90 : intIn(v['valid-days'], 1, 3650);
    if (validDays === null) return { error: '--valid-days 须为1-3650的整数 / --valid-days must be 1-3650' };
    return { command: 'codes', count, days, validDays };
  }
  if (area === 'grant') {
    if (sub !== undefined) return { error: '未知命令 / unknown command: grant ' + sub };
    if (!v.phone || !isValidMobile(v.phone)) return { error: `${MOBILE_FORMAT_ERROR} / --phone must be a mobile number` };
    if (days === null) return { error: '--days 须为1-3650的整数 / --days must be 1-3650' };
    const reason = v.reason?.trim();
    if (!reason) return { error: '缺少 --reason / --reason is required (it goes into the audit log)' };
    if (reason.length > 100) return { error: '--reason 最多100字 / --reason is at most 100 characters' };
    const ref = v.ref ?? `cli-${randomUUID()}`;
    if (!/^[\w.:-]{1,64}$/.test(ref)) return { error: '--ref 须为1-64位字母数字 / --ref must be 1-64 word characters' };
    return { command: 'grant', phone: v.phone, days, reason, ref };
  }
  return { error: '未知命令 / unknown command' };
}

export async function runMembershipCommand(cmd: MembershipCommand, membership: MembershipService, io: CliIo) {
  if (cmd.command === 'codes') {
    const r = await membership.createCodes({ ...cmd, actorId: null });
    io.out(`批次 ${r.batch}：${r.codes.length} 个兑换码，每个 ${cmd.days} 天，${r.expiresAt} 前有效 / batch ${r.batch}`);
    for (const code of r.codes) io.out(code);
    return EXIT.ok;
  }
  try {
    const r = await membership.grantByStaff({ ...cmd, actorId: null });
    io.out(
      r.granted
        ? `已赠送 ${cmd.phone} 会员 ${cmd.days} 天（用户 #${r.userId}，凭据 ${cmd.ref}） / granted ${cmd.days} days`
        : `凭据 ${cmd.ref} 已赠送过，未重复赠送 / ref ${cmd.ref} was already granted; nothing changed`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    io.err(`操作被拒绝 / refused: ${error.message}`);
    return EXIT.refused;
  }
}
