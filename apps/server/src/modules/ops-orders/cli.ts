// `npm run ops -- orders --order FJT… | --phone 138…` and `npm run ops -- refund --order FJT… --reason …` (issue 12,
// operations): look an order up (state, amounts in 元, payments, refunds) and refund a paid one at its provider.
// The command line is the actor null in the audit log; exit codes as the staff CLI (0 done, 1 refused, 2 bad
// arguments).
import { parseArgs } from 'node:util';
import {
  ApiError,
  MOBILE_FORMAT_ERROR,
  ORDER_NO_ERROR,
  ORDER_NO_PATTERN,
  REFUND_REASON_ERROR,
  isValidMobile,
  type OpsOrderRow,
} from '@fjt/domain';
import { EXIT, type CliIo } from '../staff/cli.ts';
import type { OrdersService } from '../payments/service.ts';
import type { OpsOrdersService } from './service.ts';

export const ORDERS_USAGE = [
  '  npm run ops -- orders --order FJT2026…   查看订单（状态、金额、支付记录、退款） / show an order with its payments and refunds',
  '  npm run ops -- orders --phone 13800000001   该用户最近50个订单 / the latest 50 orders of a user',
  '  npm run ops -- refund --order FJT2026… --reason 用户申请退款   已支付订单全额退款 / refund a paid order in full',
].join('\n');

export type OrdersCommand =
  | { command: 'orders'; orderNo: string }
  | { command: 'orders'; phone: string }
  | { command: 'refund'; orderNo: string; reason: string };

/** The command for `orders …` / `refund …` argument lists (area first), or what is wrong with them. */
export function parseOrdersArgs(args: readonly string[]): OrdersCommand | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { order: { type: 'string' }, phone: { type: 'string' }, reason: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { error: `参数错误 / bad arguments: ${(error as Error).message}` };
  }
  const [area, ...rest] = parsed.positionals;
  const { order, phone, reason } = parsed.values;
  if ((area !== 'orders' && area !== 'refund') || rest.length > 0)
    return { error: `未知命令 / unknown command: ${parsed.positionals.join(' ')}` };
  if (order !== undefined && !ORDER_NO_PATTERN.test(order))
    return { error: `${ORDER_NO_ERROR} / --order must be an order number (FJT + 22 digits)` };
  if (area === 'orders') {
    if (reason !== undefined) return { error: 'orders 不接受 --reason / orders takes no --reason' };
    if ((order === undefined) === (phone === undefined))
      return { error: '须给出 --order 或 --phone（二选一） / give either --order or --phone' };
    if (order !== undefined) return { command: 'orders', orderNo: order };
    if (!isValidMobile(phone)) return { error: `${MOBILE_FORMAT_ERROR} / --phone must be a mobile number` };
    return { command: 'orders', phone: phone! };
  }
  if (phone !== undefined) return { error: 'refund 不接受 --phone / refund takes --order, not --phone' };
  if (order === undefined) return { error: '缺少 --order / --order is required' };
  const why = reason?.trim() ?? '';
  if (why.length < 2 || why.length > 100)
    return { error: `${REFUND_REASON_ERROR} / --reason must be 2-100 characters (it goes into the audit log)` };
  return { command: 'refund', orderNo: order, reason: why };
}

const yuan = (n: number) => `¥${n.toFixed(2)}`;
const line = (o: OpsOrderRow) =>
  `  ${o.orderNo}  ${o.status}(${o.statusText})  ${yuan(o.amount)}  ${o.subject}  ${o.provider ?? '-'}  ` +
  `下单 ${o.createdAt}${o.paidAt ? `  支付 ${o.paidAt}` : ''}${o.refundedAt ? `  退款 ${o.refundedAt}` : ''}`;

export interface OrdersCli {
  lookup: OpsOrdersService;
  /** Only `refund` needs the orders service (and its providers); made on demand. */
  orders: () => Promise<OrdersService>;
}

async function show(orderNo: string, lookup: OpsOrdersService, io: CliIo): Promise<number> {
  const d = await lookup.detail(orderNo);
  if (!d) {
    io.err(`订单不存在 / no order ${orderNo}`);
    return EXIT.refused;
  }
  const o = d.order;
  io.out(`订单 / order ${o.orderNo}`);
  io.out(`  状态 / status: ${o.status}(${o.statusText})`);
  io.out(`  金额 / amount: ${yuan(o.amount)}  商品 / product: ${o.subject} (${o.productKind} ${o.productCode})`);
  io.out(`  用户 / user: #${o.userId} ${o.phone ?? '-'}`);
  io.out(`  渠道 / provider: ${o.provider ?? '-'}  交易号 / txn: ${o.providerTxnId ?? '-'}`);
  io.out(
    `  下单 / created ${o.createdAt}  支付 / paid ${o.paidAt ?? '-'}  关闭 / closed ${o.closedAt ?? '-'}` +
      `  退款 / refunded ${o.refundedAt ?? '-'}`,
  );
  io.out(`支付流水 / ledger (${d.ledger.length}):`);
  for (const l of d.ledger)
    io.out(`  ${l.createdAt}  ${l.kind}  ${yuan(l.amount)}  ${l.provider ?? '-'}  ${l.providerTxnId ?? '-'}`);
  io.out(`渠道通知 / notifications (${d.notifications.length}):`);
  for (const n of d.notifications)
    io.out(
      `  ${n.receivedAt}  ${n.provider}  ${n.source}  ${n.event ?? '-'}  ${n.verified ? '已验签' : '未验签'}  ${n.outcome}`,
    );
  io.out(`退款 / refunds (${d.refunds.length}):`);
  for (const r of d.refunds)
    io.out(
      `  ${r.refundNo}  ${r.status}  ${yuan(r.amount)}  ${r.reason}${r.message ? `  ${r.message}` : ''}  ${r.createdAt}`,
    );
  return EXIT.ok;
}

export async function runOrdersCommand(cmd: OrdersCommand, deps: OrdersCli, io: CliIo): Promise<number> {
  if (cmd.command === 'orders') {
    if ('orderNo' in cmd) return show(cmd.orderNo, deps.lookup, io);
    const list = await deps.lookup.byPhone(cmd.phone);
    if (list.length === 0) {
      io.out(`${cmd.phone} 没有订单 / no orders for ${cmd.phone}`);
      return EXIT.ok;
    }
    io.out(`${cmd.phone} 最近 ${list.length} 个订单 / latest ${list.length} orders:`);
    for (const o of list) io.out(line(o));
    return EXIT.ok;
  }
  try {
    const orders = await deps.orders();
    const r = await orders.refund(cmd.orderNo, { actorId: null, reason: cmd.reason });
    io.out(
      `已退款 ${cmd.orderNo}：${yuan(r.order.amount)}，退款单 ${r.refundNo}，状态 ${r.order.statusText} / refunded ${yuan(r.order.amount)} (${r.refundNo})`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    io.err(`操作被拒绝 / refused: ${error.message}`);
    return EXIT.refused;
  }
}
