// 成交详情 (PAGES.md §3.3): one deal's prices and 议价, the unit, the way from 挂牌 through 调价 to 成交,
// 带看/关注, and the same room type's deals in the estate within ±6 months.
import { Link } from 'react-router';
import {
  DEAL_DELAY_NOTE,
  MISSING_VALUE,
  floorLevel,
  roomLabel,
  type DealDetailBody,
  type DealTimelineEvent,
} from '@fjt/domain';
import { DealRowView } from './DealRowView.tsx';
import { dealDateText } from '../../lib/deal-date.ts';
import { VipUnlockNote } from '../../components/vip-unlock/VipUnlock.tsx';
import { area, days, percent, totalPrice, unitPrice } from '../../lib/display.ts';
import { EmptyNote } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';

function TimelineText({ event, masked }: { event: DealTimelineEvent; masked: boolean }) {
  // a masked deal's timeline has no prices (they would give the deal's): '**万' as everywhere
  const price = (value: number | null) => (masked ? '**万' : totalPrice(value));
  switch (event.kind) {
    case 'listed':
      return <>挂牌 {price(event.totalPrice)}</>;
    case 'deal':
      return <>成交 {price(event.totalPrice)}</>;
    default: {
      const down =
        event.totalPrice !== null && event.previousTotalPrice !== null && event.totalPrice < event.previousTotalPrice;
      if (masked) return <>调价 **万 → **万</>;
      return (
        <>
          {down ? '降价' : '调价'} {price(event.previousTotalPrice)} →{' '}
          <span className={down ? 'trend-down' : 'trend-up'}>{price(event.totalPrice)}</span>
        </>
      );
    }
  }
}

export function DealDetailView({
  detail,
  now,
  historyPath,
}: {
  detail: DealDetailBody;
  now: number;
  historyPath: string;
}) {
  const { deal, estate, unit } = detail;
  const floor = deal.floor !== null && deal.totalFloors ? floorLevel(deal.floor, deal.totalFloors) : MISSING_VALUE;
  const rooms = unit.baths ? `${roomLabel(deal.rooms, deal.halls)}${unit.baths}卫` : roomLabel(deal.rooms, deal.halls);
  const detailPath = (id: number) => `/${estate.cityId}/deal-history/${estate.id}/detail?dealId=${id}`;
  return (
    <>
      <section className="deal-summary" aria-label="成交价格">
        <h1 className="deal-summary__name">
          <Link to={historyPath}>{estate.name}</Link>
        </h1>
        <p className="deal-summary__where">
          {rooms} · {area(deal.area)}
          {deal.orientation ? ` · ${deal.orientation}` : ''} · {estate.districtName} · {estate.plateName}
        </p>
        <div className="deal-price">
          <span className="deal-price__total num">{deal.masked ? '**万' : totalPrice(deal.totalPrice)}</span>
          <span className="deal-price__unit num">{deal.masked ? '**元/㎡' : unitPrice(deal.unitPrice)}</span>
        </div>
        {deal.masked ? <VipUnlockNote>成交价、挂牌价与成交日期仅会员可见</VipUnlockNote> : null}
        <dl className="deal-summary__figures">
          <div>
            <dt>成交日期</dt>
            <dd className="num">{dealDateText(deal.dealDate, now)}</dd>
          </div>
          <div>
            <dt>挂牌价</dt>
            <dd className="num">{deal.masked ? '**万' : totalPrice(deal.listTotalPrice)}</dd>
          </div>
          <div>
            <dt>议价空间</dt>
            <dd className="num">{percent(deal.bargainPct)}</dd>
          </div>
          <div>
            <dt>成交周期</dt>
            <dd className="num">{days(deal.cycleDays)}</dd>
          </div>
        </dl>
        <p className="deal-summary__note">
          {DEAL_DELAY_NOTE} · 来源：{deal.source}
        </p>
      </section>

      <Card flush title="房屋信息">
        <dl className="deal-facts">
          <div>
            <dt>户型</dt>
            <dd>{rooms}</dd>
          </div>
          <div>
            <dt>建筑面积</dt>
            <dd className="num">{area(deal.area)}</dd>
          </div>
          <div>
            <dt>楼层</dt>
            <dd>{floor}</dd>
          </div>
          <div>
            <dt>朝向</dt>
            <dd>{deal.orientation ?? MISSING_VALUE}</dd>
          </div>
          <div>
            <dt>装修</dt>
            <dd>{unit.decoration ?? MISSING_VALUE}</dd>
          </div>
          <div>
            <dt>电梯</dt>
            <dd>{unit.hasElevator === null ? MISSING_VALUE : unit.hasElevator ? '有' : '无'}</dd>
          </div>
          <div>
            <dt>楼栋</dt>
            <dd>{unit.buildingName ?? MISSING_VALUE}</dd>
          </div>
          <div>
            <dt>房本年限</dt>
            <dd>{unit.yearsHeld ?? MISSING_VALUE}</dd>
          </div>
        </dl>
      </Card>

      <Card flush title="成交过程">
        <ol className="deal-timeline">
          {detail.timeline.map((event, i) => (
            <li key={`${event.kind}-${i}`}>
              <span className="deal-timeline__date num">{dealDateText(event.date, now)}</span>
              <span className="num">
                <TimelineText event={event} masked={deal.masked} />
              </span>
            </li>
          ))}
        </ol>
        <dl className="deal-facts">
          <div>
            <dt>调价次数</dt>
            <dd className="num">{detail.priceChangeCount}次</dd>
          </div>
          <div>
            <dt>带看</dt>
            <dd className="num">{detail.views}次</dd>
          </div>
          <div>
            <dt>关注</dt>
            <dd className="num">{detail.followers}人</dd>
          </div>
        </dl>
      </Card>

      <Card flush label="同户型成交" title="同户型成交（前后6个月）">
        {detail.similar.length === 0 ? (
          <EmptyNote>前后6个月本小区暂无同户型成交</EmptyNote>
        ) : (
          <ul className="deal-list" aria-label="同户型成交记录">
            {detail.similar.map((d) => (
              <li key={d.id}>
                <DealRowView deal={d} to={detailPath(d.id)} now={now} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
