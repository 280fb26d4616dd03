// `npm run ops -- user label <phone> <1|2|none>`: staff give a user the super label (1 达人, 2 认证达人) or take
// it away. Messages in Chinese and English; exit codes 0 done (or nothing to change), 1 refused, 2 bad arguments.
// The command line is the actor null in the audit log.
import { ApiError, MOBILE_FORMAT_ERROR, SUPER_LABEL_NAMES, isValidMobile, type SuperLabel } from '@fjt/domain';
import { EXIT, type CliIo } from '../staff/cli.ts';
import type { SuperiorModule } from './service.ts';

export const USER_LABEL_USAGE = [
  '  npm run ops -- user label 13800000007 1      授予达人标签（1 达人，2 认证达人；新手机号自动注册） / grant the super label',
  '  npm run ops -- user label 13800000007 none   撤销达人标签 / revoke it',
].join('\n');

export interface UserLabelCommand {
  phone: string;
  label: SuperLabel | null;
}

/** The command, or the message that says what is wrong with the arguments (exit 2). */
export function parseUserLabelArgs(args: readonly string[]): UserLabelCommand | { error: string } {
  const [area, command, phone, label, ...rest] = args;
  if (area !== 'user' || command !== 'label' || rest.length > 0) return { error: '未知命令 / unknown command' };
  if (!phone || !label) return { error: '用法 / usage: user label <phone> <1|2|none>' };
  if (!isValidMobile(phone)) return { error: `${MOBILE_FORMAT_ERROR} / invalid mobile number: ${phone}` };
  if (label !== '1' && label !== '2' && label !== 'none')
    return { error: `标签只能是 1、2 或 none / label must be 1, 2 or none: ${label}` };
  return { phone, label: label === 'none' ? null : (Number(label) as SuperLabel) };
}

export async function runUserLabelCommand(cmd: UserLabelCommand, superior: SuperiorModule, io: CliIo) {
  const { phone, label } = cmd;
  try {
    const r = await superior.setLabel({ phone, label, actorId: null });
    const what = label === null ? '无标签 / no label' : `${label}(${SUPER_LABEL_NAMES[label]})`;
    io.out(
      r.changed
        ? `已将 ${phone} 的达人标签设为 ${what} / super label of ${phone} set to ${label ?? 'none'}`
        : `${phone} 的达人标签已是 ${what}，无需变更 / nothing changed`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    io.err(`操作被拒绝 / refused: ${error.message}${error.statusCode === 404 ? ` / no user with phone ${phone}` : ''}`);
    return EXIT.refused;
  }
}
