// `npm run ops -- activity list|show|set|end|enable` (issue 18): ops manage the activity table from the command
// line. The command line is the actor null in the audit log; exit codes as the staff CLI.
import { parseArgs } from 'node:util';
import { ACTIVITY_CODE_PATTERN, ACTIVITY_STATUS_LABELS, ApiError } from '@fjt/domain';
import { EXIT, type CliIo } from '../staff/cli.ts';
import type { ActivityChange, Activities } from './service.ts';

export const ACTIVITY_USAGE = [
  '  npm run ops -- activity list                                   活动列表与状态 / activities and their status',
  '  npm run ops -- activity show --code double11                   活动详情（含规则与配置） / one activity with rules and config',
  '  npm run ops -- activity set --code double11 [--starts 2026-11-01T00:00+08:00] [--ends 2026-11-12T00:00+08:00|--permanent]',
  "                                [--title T] [--subtitle S] [--rules-json '[\"…\"]'] [--config-json '{…}']   修改活动 / change one",
  '  npm run ops -- activity end --code double11                    立即下架 / take down now',
  '  npm run ops -- activity enable --code double11                 重新上架 / put back',
].join('\n');

export type ActivityCommand =
  { command: 'list' } | { command: 'show'; code: string } | { command: 'set'; code: string; change: ActivityChange };

function dateOf(raw: string | undefined): Date | null | undefined {
  if (raw === undefined) return undefined;
  const d = new Date(raw);
  return /^\d{4}-\d{2}-\d{2}/.test(raw) && !Number.isNaN(d.getTime()) ? d : null;
}

function jsonOf(raw: string | undefined): { value?: unknown; error?: string } {
  if (raw === undefined) return {};
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return { error: 'JSON 格式不正确 / not JSON' };
  }
}

/** The command for `activity …` argument lists (area first), or what is wrong with them. */
export function parseActivityArgs(args: readonly string[]): ActivityCommand | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        code: { type: 'string' },
        starts: { type: 'string' },
        ends: { type: 'string' },
        permanent: { type: 'boolean' },
        title: { type: 'string' },
        subtitle: { type: 'string' },
        'rules-json': { type: 'string' },
        'config-json': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { error: `参数错误 / bad arguments: ${(error as Error).message}` };
  }
  const [, sub, ...rest] = parsed.positionals;
  const v = parsed.values;
  if (rest.length > 0) return { error: '多余的参数 / extra arguments: ' + rest.join(' ') };
  if (sub === 'list') return { command: 'list' };
  if (!v.code || !ACTIVITY_CODE_PATTERN.test(v.code)) return { error: '缺少或错误的 --code / --code is required' };
  const code = v.code;
  if (sub === 'show') return { command: 'show', code };
  if (sub === 'end') return { command: 'set', code, change: { disabled: true } };
  if (sub === 'enable') return { command: 'set', code, change: { disabled: false } };
  if (sub !== 'set') return { error: '未知命令 / unknown command: activity ' + (sub ?? '') };
  const startsAt = dateOf(v.starts);
  if (startsAt === null) return { error: '--starts 须为 ISO 时间 / --starts must be an ISO time' };
  const ends = dateOf(v.ends);
  if (ends === null) return { error: '--ends 须为 ISO 时间 / --ends must be an ISO time' };
  if (ends && v.permanent) return { error: '--ends 与 --permanent 只能选一个 / --ends or --permanent, not both' };
  const rules = jsonOf(v['rules-json']);
  if (rules.error || (rules.value !== undefined && !isStringList(rules.value)))
    return { error: '--rules-json 须为字符串数组 / --rules-json must be a JSON array of strings' };
  const config = jsonOf(v['config-json']);
  if (
    config.error ||
    (config.value !== undefined &&
      (typeof config.value !== 'object' || config.value === null || Array.isArray(config.value)))
  )
    return { error: '--config-json 须为 JSON 对象 / --config-json must be a JSON object' };
  if (v.title !== undefined && (v.title.trim() === '' || v.title.length > 40))
    return { error: '--title 须为1-40字 / --title must be 1-40 characters' };
  if (v.subtitle !== undefined && v.subtitle.length > 60)
    return { error: '--subtitle 最多60字 / --subtitle is at most 60 characters' };
  const change: ActivityChange = {
    startsAt,
    endsAt: v.permanent ? null : ends,
    title: v.title?.trim(),
    subtitle: v.subtitle,
    rules: rules.value as string[] | undefined,
    config: config.value as Record<string, unknown> | undefined,
  };
  if (Object.values(change).every((x) => x === undefined)) return { error: '没有要修改的内容 / nothing to change' };
  return { command: 'set', code, change };
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 20 && v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 200);

export async function runActivityCommand(cmd: ActivityCommand, activities: Activities, io: CliIo): Promise<number> {
  try {
    if (cmd.command === 'list') {
      for (const a of await activities.list())
        io.out(`${a.code}\t${ACTIVITY_STATUS_LABELS[a.status]}\t${a.startsAt} → ${a.endsAt ?? '长期'}\t${a.title}`);
      return EXIT.ok;
    }
    if (cmd.command === 'show') {
      const row = await activities.get(cmd.code);
      const view = activities.viewOf(row);
      io.out(JSON.stringify({ ...view, config: row.config, disabled: row.disabled }, null, 2));
      return EXIT.ok;
    }
    const view = await activities.update(cmd.code, cmd.change, null);
    io.out(
      `已更新 ${view.code}：${ACTIVITY_STATUS_LABELS[view.status]}，${view.startsAt} → ${view.endsAt ?? '长期'} / updated`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    io.err(`操作被拒绝 / refused: ${error.message}`);
    return EXIT.refused;
  }
}
