// One quote as its owner sees it: what was sent, and the agent's 挂牌建议 once given (else the wait note). Also the
// list of the owner's quotes.
import { Link } from 'react-router';
import { OWNER_QUOTE_MESSAGES, type OwnerQuote } from '@fjt/domain';
import { chinaDate } from '../../lib/display.ts';
import { contactLabel, timelineLabel, wan } from './format.ts';

export function QuoteView({ quote, justSent }: { quote: OwnerQuote; justSent: boolean }) {
  return (
    <>
      {justSent ? (
        <section className="oq-section oq-done" aria-label="提交成功" data-testid="oq-sent">
          <span className="oq-done__icon" aria-hidden="true">
            ✓
          </span>
          <h2>报价已提交</h2>
        </section>
      ) : null}
      <section className="oq-section" aria-label="我的报价" data-testid="oq-quote">
        <h2>我的报价</h2>
        <dl className="oq-facts">
          <dt>小区</dt>
          <dd>
            <Link to={`/${quote.cityId}/house-detail/${quote.estateId}`}>{quote.estateName}</Link>
          </dd>
          <dt>房屋</dt>
          <dd>{quote.room}</dd>
          <dt>期望售价</dt>
          <dd className="oq-price num" data-testid="oq-quote-price">
            {wan(quote.expectedPrice)}
          </dd>
          <dt>出售时间</dt>
          <dd>{timelineLabel(quote.timeline)}</dd>
          <dt>联系方式</dt>
          <dd>{contactLabel(quote.contactPreference)}</dd>
          {quote.note ? (
            <>
              <dt>补充说明</dt>
              <dd>{quote.note}</dd>
            </>
          ) : null}
          <dt>提交时间</dt>
          <dd className="num">{chinaDate(quote.createdAt)}</dd>
        </dl>
      </section>
      <section className="oq-section oq-advice" aria-label="挂牌建议" data-testid="oq-advice">
        <h2>挂牌建议</h2>
        {quote.advice ? (
          <dl className="oq-facts">
            <dt>建议挂牌价</dt>
            <dd className="oq-price num" data-testid="oq-advice-price">
              {wan(quote.advice.price)}
            </dd>
            {quote.advice.note ? (
              <>
                <dt>经纪人说明</dt>
                <dd>{quote.advice.note}</dd>
              </>
            ) : null}
            <dt>经纪人</dt>
            <dd>{quote.advice.agentName ?? '服务该小区的经纪人'}</dd>
            <dt>建议时间</dt>
            <dd className="num">{chinaDate(quote.advice.at)}</dd>
          </dl>
        ) : (
          <p className="oq-waiting" data-testid="oq-advice-waiting">
            {OWNER_QUOTE_MESSAGES.waitAdvice}
          </p>
        )}
        <div className="oq-actions">
          <Link className="btn" to="/estimate/quotation/form">
            我的全部报价
          </Link>
          <Link className="btn" to={`/${quote.cityId}/house-detail/${quote.estateId}`}>
            查看小区房价
          </Link>
        </div>
      </section>
    </>
  );
}

export function QuoteList({ list }: { list: OwnerQuote[] }) {
  return (
    <section className="oq-section" aria-label="我的卖房报价" data-testid="oq-list">
      <h2>我的卖房报价</h2>
      <ul className="oq-list">
        {list.map((q) => (
          <li key={q.id}>
            <Link to={`/estimate/quotation/form?quoteId=${q.id}`}>
              <span>
                {q.estateName}
                <small>
                  {chinaDate(q.createdAt)} · {timelineLabel(q.timeline)}
                </small>
              </span>
              <span className="num oq-list__price">
                {wan(q.expectedPrice)}
                <small>{q.advice ? `建议${wan(q.advice.price)}` : '待建议'}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
