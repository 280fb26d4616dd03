// /market/wallet/helper 钱包说明 (PAGES.md §3.10): the reseller programme's rules and FAQ — the commission rate,
// settlement when the buyer pays, reversal on a refund (the balance may go below zero), the withdrawal minimum and
// review time. Static: the figures come from the same constants the server applies. Open to everyone.
import { Link } from 'react-router';
import { DEFAULT_PROXY_RATE_BP, WITHDRAW_MIN_FEN, WITHDRAW_REVIEW_DAYS, pageTitle, rateText } from '@fjt/domain';
import type { Route } from './+types/helper';
import '../../features/wallet/wallet.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('钱包说明') },
  { name: 'description', content: '房价通报告分销的佣金比例、结算、退款退回与提现规则。' },
];

const RATE = rateText(DEFAULT_PROXY_RATE_BP);
const MIN = `¥${WITHDRAW_MIN_FEN / 100}`;

const RULES: { title: string; text: string }[] = [
  {
    title: '佣金比例',
    text: `好友通过你的推广码（或你分享的链接）购买房价报告、成交数据，按订单实付金额的 ${RATE} 计算佣金，不足1分的部分舍去。会员卡订单不计佣金。`,
  },
  { title: '何时入账', text: '好友付款成功即结算，佣金立即计入钱包余额；好友未付款或订单超时关闭，不产生佣金。' },
  {
    title: '退款退回',
    text: '推广订单退款后，该笔佣金从余额中扣回。若佣金已提现，余额可能变为负数，之后的佣金会先抵扣欠额。',
  },
  {
    title: '提现规则',
    text: `单笔最低 ${MIN}，不超过可提现余额；同一时间只能有一笔提现在审核中。提交后由平台人工审核，${WITHDRAW_REVIEW_DAYS}内到账，审核未通过的金额全额退回余额。`,
  },
];

const FAQ: { q: string; a: string }[] = [
  { q: '好友怎样才算通过我推广？', a: '好友打开你分享的链接（带有你的推广码）后，在同一次浏览中下单购买即可计入。' },
  { q: '可以用自己的推广码购买吗？', a: '不可以，使用自己的推广码下单会被拒绝。' },
  { q: '为什么余额是负数？', a: '推广订单退款时已结算的佣金会被扣回；若该笔佣金已提现，余额会暂时为负。' },
  { q: '提现被驳回怎么办？', a: '驳回原因会显示在收支明细中，金额已退回余额，修正后可重新申请。' },
];

export default function WalletHelperPage() {
  return (
    <main className="wallet-page" data-testid="wallet-helper-page">
      <h1 className="visually-hidden">钱包说明</h1>
      <section className="wallet-card" aria-labelledby="wallet-rules-title">
        <h2 id="wallet-rules-title" className="wallet-card__title">
          佣金与提现规则
        </h2>
        <dl className="wallet-rules">
          {RULES.map((r) => (
            <div key={r.title}>
              <dt>{r.title}</dt>
              <dd>{r.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="wallet-card" aria-labelledby="wallet-faq-title">
        <h2 id="wallet-faq-title" className="wallet-card__title">
          常见问题
        </h2>
        {FAQ.map((f) => (
          <details key={f.q} className="wallet-faq">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </section>
      <div className="wallet-actions">
        <Link className="btn btn-primary wallet-actions__main" to="/market/proxy">
          去推广赚佣金
        </Link>
        <Link className="wallet-link" to="/market/wallet">
          查看我的钱包
        </Link>
      </div>
    </main>
  );
}
