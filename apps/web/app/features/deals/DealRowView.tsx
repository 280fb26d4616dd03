// One deal row (PAGES.md §3.3): 成交日期, 室厅, 面积, 楼层, 朝向, 总价/单价, 挂牌价, 周期. The row comes from the
// server's presentDealRow; a masked row shows '**万' with the way to unlock it (PAGES.md §0 VIP mask).
import { Link } from 'react-router';
import { MISSING_VALUE, floorLevel, formatDate, roomLabel, type DealRow } from '@fjt/domain';
import { area, days, totalPrice, unitPrice } from '../../lib/display.ts';

export function DealRowView({ deal, to, now }: { deal: DealRow; to: string; now: number }) {
  const floor = deal.floor !== null && deal.totalFloors ? floorLevel(deal.floor, deal.totalFloors) : MISSING_VALUE;
  return (
    <article className="deal-row">
      <Link className="deal-row__link" to={to}>
        <div className="deal-row__main">
          <p className="deal-row__title">
            {roomLabel(deal.rooms, deal.halls)} · {area(deal.area)}
            {deal.orientation ? ` · ${deal.orientation}` : ''}
          </p>
          <p className="deal-row__meta">
            <span className="num">{formatDate(deal.dealDate, new Date(now))}</span> 成交 · {floor}
          </p>
          <p className="deal-row__meta">
            挂牌价 <span className="num">{deal.masked ? '**万' : totalPrice(deal.listTotalPrice)}</span> · 成交周期{' '}
            <span className="num">{days(deal.cycleDays)}</span> · {deal.source}
          </p>
        </div>
        <div className="deal-row__price">
          {deal.masked ? (
            <p className="deal-row__total num">**万</p>
          ) : (
            <>
              <p className="deal-row__total num">{totalPrice(deal.totalPrice)}</p>
              <p className="deal-row__unit num">{unitPrice(deal.unitPrice)}</p>
            </>
          )}
        </div>
      </Link>
      {deal.masked ? (
        <Link className="deal-row__unlock" to="/profile/buynewvip">
          开通会员查看
        </Link>
      ) : null}
    </article>
  );
}
