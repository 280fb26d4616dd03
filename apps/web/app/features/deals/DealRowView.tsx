// One deal row (PAGES.md §3.3): 成交日期, 室厅, 面积, 楼层, 朝向, 总价/单价, 挂牌价, 周期. The row comes from the
// server's presentDealRow; a masked row (a non-member, past the estate's latest deals) shows '**万' and the
// month only, and its price column is the way to unlock it (PAGES.md §0 VIP mask) beside the link to the deal.
import { Link } from 'react-router';
import { MISSING_VALUE, floorLevel, roomLabel, type DealRow } from '@fjt/domain';
import { area, days, totalPrice, unitPrice } from '../../lib/display.ts';
import { VipUnlock } from '../../components/vip-unlock/VipUnlock.tsx';
import { dealDateText } from '../../lib/deal-date.ts';

export function DealRowView({
  deal,
  to,
  now,
  unlock,
}: {
  deal: DealRow;
  to: string;
  now: number;
  /** The way to unlock a masked row, when not membership (a deal-data package's checkout). */
  unlock?: { to: string; label: string };
}) {
  const floor = deal.floor !== null && deal.totalFloors ? floorLevel(deal.floor, deal.totalFloors) : MISSING_VALUE;
  return (
    <article className={deal.masked ? 'deal-row deal-row--masked' : 'deal-row'} data-masked={deal.masked}>
      <Link className="deal-row__link" to={to}>
        <div className="deal-row__main">
          <p className="deal-row__title">
            {roomLabel(deal.rooms, deal.halls)} · {area(deal.area)}
            {deal.orientation ? ` · ${deal.orientation}` : ''}
          </p>
          <p className="deal-row__meta">
            <span className="num">{dealDateText(deal.dealDate, now)}</span> 成交 · {floor}
          </p>
          <p className="deal-row__meta">
            挂牌价 <span className="num">{deal.masked ? '**万' : totalPrice(deal.listTotalPrice)}</span> · 成交周期{' '}
            <span className="num">{days(deal.cycleDays)}</span> · {deal.source}
          </p>
        </div>
        {deal.masked ? null : (
          <div className="deal-row__price">
            <p className="deal-row__total num">{totalPrice(deal.totalPrice)}</p>
            <p className="deal-row__unit num">{unitPrice(deal.unitPrice)}</p>
          </div>
        )}
      </Link>
      {deal.masked ? (
        <VipUnlock className="deal-row__price deal-row__unlock" to={unlock?.to} label={unlock?.label}>
          <span className="deal-row__total num">**万</span>
        </VipUnlock>
      ) : null}
    </article>
  );
}
