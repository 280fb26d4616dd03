// The Alipay side of the sandbox gateway (issue 12; research/payments.md §1 and §6), mounted at /__sandbox/alipay:
//   GET|POST /gateway.do  dispatching on `method`; the request signature is checked with the app public key
//                         (bad → 40002 isv.invalid-signature)
//     alipay.trade.wap.pay → the HTML cashier (支付宝 look: amount, subject, 确认付款 / 取消)
//     alipay.trade.query / close / refund → JSON answers signed with the "Alipay" private key
//   POST /cashier/{out_trade_no}/pay|cancel  the cashier's buttons: pay settles the trade (its notification is
//                         delivered before the browser goes on) and redirects to return_url with signed return
//                         parameters; cancel goes back to quit_url (or return_url) without paying.
// Notifications are form-encoded and RSA2-signed with the "Alipay" key; Alipay's retry table is 4m, 10m, 10m, 1h,
// 2h, 6h, 15h. Tampers: sign — the signature bytes are corrupted; amount — total_amount (and the other amounts)
// raised by 0.01 and validly signed (the business check must refuse it); serial — Alipay's public-key mode has no
// serial, so this is a notification validly signed by a key that is not Alipay's (an impostor); timestamp —
// notify_time two days old, validly signed (the adapter refuses notifications older than its 25 h window).
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SandboxNotification, SandboxProvider, SandboxTrade, Tamper, TradeEvent } from '../sandbox/types.ts';
import {
  alipaySignContent,
  alipayTime,
  fenToYuan,
  parseAlipayTime,
  rsa2Sign,
  rsa2Verify,
  rsaPair,
  yuanToFen,
  type AlipaySandboxKeys,
} from './keys.ts';

export const ALIPAY_RETRY_SCHEDULE_MS = [4, 10, 10, 60, 120, 360, 900].map((m) => m * 60_000);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

function cashierPage(title: string, inner: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;background:#f5f5f5;color:#333}
header{background:#1677ff;color:#fff;padding:14px 16px;font-size:17px;font-weight:600;display:flex;gap:8px;align-items:center}
header .logo{display:inline-block;width:24px;height:24px;border-radius:6px;background:#fff;color:#1677ff;text-align:center;line-height:24px;font-weight:700}
.sandbox{background:#fff7e6;color:#ad6800;font-size:12px;padding:6px 16px}
.card{background:#fff;margin:12px;border-radius:10px;padding:20px 16px;text-align:center}
.amount{font-size:36px;font-weight:600;margin:8px 0}.amount small{font-size:20px}
.subject{color:#666;font-size:14px}.row{display:flex;justify-content:space-between;font-size:14px;color:#666;padding:8px 0;border-top:1px solid #f0f0f0;text-align:left}
.actions{margin:20px 12px;display:flex;flex-direction:column;gap:12px}
button{width:100%;border:0;border-radius:8px;font-size:17px;padding:13px}
.pay{background:#1677ff;color:#fff}.cancel{background:#fff;color:#333;border:1px solid #ddd}
.msg{padding:40px 16px;text-align:center;color:#666}
</style></head><body><header><span class="logo">支</span>支付宝</header>
<div class="sandbox">沙箱收银台：不会产生真实扣款</div>${inner}</body></html>`;
}

export function createAlipaySandbox(keys: AlipaySandboxKeys): SandboxProvider {
  // the impostor of the 'serial' tamper: a key that is not Alipay's
  let impostor: string | undefined;

  const signParams = (params: Record<string, string>, privateKey = keys.alipay.privateKey, withSignType = false) => ({
    ...params,
    sign: rsa2Sign(alipaySignContent(params, withSignType), privateKey),
  });

  /** {"<method>_response":{…},"sign":"…"}: the signature covers the exact JSON text of the answer object. */
  function signedAnswer(method: string, answer: Record<string, unknown>, signed = true): string {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(answer);
    if (!signed) return `{"${key}":${inner}}`;
    return `{"${key}":${inner},"sign":"${rsa2Sign(inner, keys.alipay.privateKey)}"}`;
  }
  const errorAnswer = (code: string, msg: string, subCode: string, subMsg: string) => ({
    code,
    msg,
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function notificationFields(trade: SandboxTrade, event: TradeEvent, at: number): Record<string, string> {
    const amount = fenToYuan(trade.amountFen);
    const fields: Record<string, string> = {
      notify_time: alipayTime(at),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: keys.appId,
      auth_app_id: keys.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.providerTxnId,
      out_trade_no: trade.outTradeNo,
      buyer_id: trade.extra.buyerId ?? '2088000000000000',
      seller_id: keys.sellerId,
      trade_status: event === 'PAID' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      total_amount: amount,
      subject: trade.subject,
      gmt_create: alipayTime(trade.createdAt),
    };
    if (trade.paidAt !== null) {
      Object.assign(fields, {
        receipt_amount: amount,
        buyer_pay_amount: amount,
        invoice_amount: amount,
        point_amount: '0.00',
        gmt_payment: alipayTime(trade.paidAt),
        fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      });
    }
    if (event === 'REFUNDED') {
      Object.assign(fields, {
        refund_fee: amount,
        gmt_refund: alipayTime(trade.refundedAt ?? at),
        gmt_close: alipayTime(trade.refundedAt ?? at),
        out_biz_no: trade.extra.refundNo ?? '',
      });
    }
    if (event === 'CLOSED') fields.gmt_close = alipayTime(at);
    return fields;
  }

  let now = () => Date.now();

  return {
    name: 'alipay',
    retryScheduleMs: ALIPAY_RETRY_SCHEDULE_MS,

    buildNotification(trade: SandboxTrade, event: TradeEvent, tamper?: Tamper): SandboxNotification {
      let fields = notificationFields(trade, event, now());
      let privateKey = keys.alipay.privateKey;
      if (tamper === 'amount') {
        const raised = fenToYuan(trade.amountFen + 1);
        for (const k of ['total_amount', 'receipt_amount', 'buyer_pay_amount', 'invoice_amount']) {
          if (fields[k]) fields[k] = raised;
        }
      }
      if (tamper === 'timestamp') fields.notify_time = alipayTime(now() - 2 * 24 * 3600_000);
      if (tamper === 'serial') privateKey = impostor ??= rsaPair().privateKey;
      fields = signParams(fields, privateKey);
      if (tamper === 'sign') {
        // same length, other bytes: still base64, no longer Alipay's signature
        const s = fields.sign!;
        fields.sign = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
      }
      return {
        notifyId: fields.notify_id!,
        contentType: 'application/x-www-form-urlencoded; charset=utf-8',
        headers: {},
        body: new URLSearchParams(fields).toString(),
      };
    },

    accepted: (reply) => reply.status === 200 && reply.body === 'success',

    routes(ctx): FastifyPluginAsync {
      now = ctx.clock.now;
      return async (app) => {
        app.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: 64 * 1024 },
          (_request, body, done) => {
            const fields: Record<string, string> = {};
            for (const [k, v] of new URLSearchParams(body as string)) fields[k] = v;
            done(null, fields);
          },
        );

        const html = (reply: FastifyReply, status: number, body: string) =>
          reply.code(status).type('text/html; charset=utf-8').send(body);
        const message = (reply: FastifyReply, status: number, text: string) =>
          html(reply, status, cashierPage('支付宝', `<div class="msg">${escapeHtml(text)}</div>`));

        app.route({
          method: ['GET', 'POST'],
          url: '/gateway.do',
          handler: async (request, reply) => {
            const params: Record<string, string> = {};
            for (const [k, v] of Object.entries({
              ...(request.query as Record<string, unknown>),
              ...((request.body as Record<string, unknown> | undefined) ?? {}),
            })) {
              if (typeof v === 'string') params[k] = v;
            }
            const method = params.method ?? '';
            const isPage = method === 'alipay.trade.wap.pay';
            const json = (text: string) => reply.type('application/json; charset=utf-8').send(text);
            const refuse = (code: string, msg: string, subCode: string, subMsg: string) =>
              isPage
                ? message(reply, 200, `${subMsg}（${subCode}）`)
                : json(signedAnswer(method || 'alipay', errorAnswer(code, msg, subCode, subMsg), false));

            if (!params.sign)
              return refuse('40001', 'Missing Required Arguments', 'isv.missing-signature', '缺少签名参数');
            if (params.sign_type !== 'RSA2')
              return refuse('40002', 'Invalid Arguments', 'isv.invalid-signature-type', '无效签名类型');
            if (!rsa2Verify(alipaySignContent(params, true), params.sign, keys.app.publicKey)) {
              return refuse('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
            }
            if (params.app_id !== keys.appId)
              return refuse('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
            let biz: Record<string, string> = {};
            try {
              biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
            } catch {
              return refuse('40002', 'Invalid Arguments', 'isv.invalid-biz-content', 'biz_content格式错误');
            }
            const outTradeNo = String(biz.out_trade_no ?? '');
            const trade = outTradeNo ? ctx.trades.get('alipay', outTradeNo) : undefined;
            const notExist = () =>
              json(signedAnswer(method, errorAnswer('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在')));

            switch (method) {
              case 'alipay.trade.wap.pay': {
                const amountFen = yuanToFen(biz.total_amount);
                if (!outTradeNo || !amountFen || !biz.subject || biz.product_code !== 'QUICK_WAP_WAY') {
                  return message(reply, 200, '参数错误：out_trade_no、total_amount、subject、product_code 必填');
                }
                const expire = parseAlipayTime(biz.time_expire);
                const opened = ctx.trades.upsert({
                  provider: 'alipay',
                  outTradeNo,
                  providerTxnId: `${alipayTime(ctx.clock.now()).replace(/\D/g, '').slice(0, 8)}22001${digits(15)}`,
                  amountFen,
                  subject: biz.subject,
                  notifyUrl: params.notify_url ?? '',
                  returnUrl: params.return_url ?? '',
                  expiresAt: Number.isFinite(expire) ? expire : ctx.clock.now() + 15 * 24 * 3600_000,
                  extra: { quitUrl: biz.quit_url ?? '', buyerId: `2088${digits(12)}` },
                });
                if (opened.amountFen !== amountFen || opened.subject !== biz.subject) {
                  return message(reply, 200, '交易信息被篡改（ACQ.CONTEXT_INCONSISTENT）');
                }
                return renderCashier(reply, opened);
              }
              case 'alipay.trade.query': {
                if (!trade) return notExist();
                const answer: Record<string, unknown> = {
                  code: '10000',
                  msg: 'Success',
                  out_trade_no: trade.outTradeNo,
                  trade_no: trade.providerTxnId,
                  trade_status:
                    trade.state === 'PAID'
                      ? 'TRADE_SUCCESS'
                      : trade.state === 'NOTPAY'
                        ? 'WAIT_BUYER_PAY'
                        : 'TRADE_CLOSED',
                  total_amount: fenToYuan(trade.amountFen),
                  buyer_logon_id: '159****0000',
                };
                if (trade.paidAt !== null) answer.send_pay_date = alipayTime(trade.paidAt);
                if (trade.state === 'REFUNDED') {
                  answer.refund_fee = fenToYuan(trade.amountFen);
                  answer.gmt_refund = alipayTime(trade.refundedAt!);
                }
                return json(signedAnswer(method, answer));
              }
              case 'alipay.trade.close': {
                if (!trade) return notExist();
                if (trade.state === 'NOTPAY') ctx.settle('alipay', outTradeNo, 'CLOSED');
                else if (trade.state !== 'CLOSED') {
                  return json(
                    signedAnswer(
                      method,
                      errorAnswer('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法'),
                    ),
                  );
                }
                return json(
                  signedAnswer(method, {
                    code: '10000',
                    msg: 'Success',
                    out_trade_no: outTradeNo,
                    trade_no: trade.providerTxnId,
                  }),
                );
              }
              case 'alipay.trade.refund': {
                if (!trade) return notExist();
                const refundFen = yuanToFen(biz.refund_amount);
                const done = (fundChange: 'Y' | 'N') =>
                  json(
                    signedAnswer(method, {
                      code: '10000',
                      msg: 'Success',
                      out_trade_no: outTradeNo,
                      trade_no: trade.providerTxnId,
                      refund_fee: fenToYuan(trade.amountFen),
                      fund_change: fundChange,
                      gmt_refund_pay: alipayTime(ctx.clock.now()),
                    }),
                  );
                if (trade.state === 'REFUNDED' && trade.extra.refundNo === biz.out_request_no) return done('N');
                if (trade.state !== 'PAID') {
                  return json(
                    signedAnswer(
                      method,
                      errorAnswer('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法'),
                    ),
                  );
                }
                if (refundFen !== trade.amountFen) {
                  return json(
                    signedAnswer(
                      method,
                      errorAnswer(
                        '40004',
                        'Business Failed',
                        'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
                        '退款金额须等于交易金额（沙箱只支持全额退款）',
                      ),
                    ),
                  );
                }
                trade.extra.refundNo = String(biz.out_request_no ?? '');
                ctx.settle('alipay', outTradeNo, 'REFUNDED');
                return done('Y');
              }
              default:
                return refuse('40004', 'Business Failed', 'isv.invalid-method', `不支持的接口：${method || '（空）'}`);
            }
          },
        });

        function renderCashier(reply: FastifyReply, trade: SandboxTrade) {
          if (trade.state === 'PAID' || trade.state === 'REFUNDED')
            return message(reply, 200, '该订单已支付，请勿重复付款');
          if (trade.state === 'CLOSED') return message(reply, 200, '交易已关闭');
          const action = `/__sandbox/alipay/cashier/${encodeURIComponent(trade.outTradeNo)}`;
          const [yuan, cents] = fenToYuan(trade.amountFen).split('.');
          return html(
            reply,
            200,
            cashierPage(
              '支付宝收银台',
              `<div class="card"><div class="subject">${escapeHtml(trade.subject)}</div>
<div class="amount"><small>¥</small>${yuan}.${cents}</div>
<div class="row"><span>订单号</span><span>${escapeHtml(trade.outTradeNo)}</span></div>
<div class="row"><span>付款方式</span><span>账户余额</span></div></div>
<div class="actions"><form method="post" action="${action}/pay"><button class="pay" type="submit">确认付款</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">取消</button></form></div>`,
            ),
          );
        }

        app.post('/cashier/:outTradeNo/:action', async (request, reply) => {
          const { outTradeNo, action } = request.params as { outTradeNo: string; action: string };
          const trade = ctx.trades.get('alipay', outTradeNo);
          if (!trade) return message(reply, 404, '交易不存在');
          if (action === 'cancel') {
            return reply.redirect(trade.extra.quitUrl || trade.returnUrl, 303);
          }
          if (action !== 'pay') return message(reply, 404, '页面不存在');
          if (trade.state !== 'NOTPAY') return renderCashier(reply, trade);
          if (ctx.clock.now() > trade.expiresAt) {
            ctx.settle('alipay', outTradeNo, 'CLOSED');
            await ctx.flush?.();
            return message(reply, 200, '交易已超时关闭，请返回商户重新下单');
          }
          ctx.settle('alipay', outTradeNo, 'PAID');
          // the notification first (Alipay's usually arrives before the user is back), then the return
          await ctx.flush?.();
          const back = signParams(
            {
              out_trade_no: trade.outTradeNo,
              trade_no: trade.providerTxnId,
              total_amount: fenToYuan(trade.amountFen),
              method: 'alipay.trade.wap.pay.return',
              app_id: keys.appId,
              auth_app_id: keys.appId,
              seller_id: keys.sellerId,
              charset: 'utf-8',
              version: '1.0',
              sign_type: 'RSA2',
              timestamp: alipayTime(ctx.clock.now()),
            },
            keys.alipay.privateKey,
          );
          const url = new URL(trade.returnUrl, ctx.publicOrigin);
          for (const [k, v] of Object.entries(back)) url.searchParams.set(k, v);
          return reply.redirect(url.toString(), 303);
        });
      };
    },
  };
}
