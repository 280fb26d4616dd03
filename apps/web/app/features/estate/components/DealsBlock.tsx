// 最新成交: the 3 latest deals (→ deal-history). Rows come through the server's presentDealRow: the latest
// DEAL_FREE_ROWS are everyone's, so these show in full; the estate's older deals are members' (PAGES.md §0 VIP
// mask), which a line under the rows says, with the way to unlock them — to everyone but a member or the holder
// of the city's deal-data permit.
import { Link } from 'react-router';
import { DEAL_FREE_ROWS, floorLabel, roomLabel, type DealListBody } from '@fjt/domain';
import { area, totalPrice, unitPrice } from '../../../lib/display.ts';
import { Card } from '../../../components/card/Card.tsx';
import { EmptyNote } from '../../../components/empty-state/EmptyState.tsx';
import { FollowButton } from '../../../components/follow-button/FollowButton.tsx';
import { VipUnlockNote } from '../../../components/vip-unlock/VipUnlock.tsx';
import { useDealsUnlocked } from '../../../lib/membership.ts';
import { dealDateText } from '../../../lib/deal-date.ts';

export function DealsBlock({
  cityId,
  estateId,
  deals,
  now,
}: {
  cityId: number;
  estateId: number;
  deals: DealListBody;
  now: number;
}) {
  const historyPath = `/${cityId}/deal-history/${estateId}`;
  const unlocked = useDealsUnlocked(cityId);
  const membersOnly = deals.total - DEAL_FREE_ROWS;
  return (
    <Card
      id="estate-deals"
      title="最新成交"
      more={deals.total > 0 ? { to: historyPath, text: `全部${deals.total}条` } : undefined}
    >
      {deals.list.length === 0 ? (
        <EmptyNote
          action={
            <FollowButton
              kind="estate"
              id={estateId}
              inline
              label="订阅后有成交第一时间通知你"
              onLabel="已订阅，有成交第一时间通知你"
            />
          }
        >
          暂无成交记录
        </EmptyNote>
      ) : (
        <ul className="estate-rows">
          {deals.list.map((d) => (
            <li key={d.id}>
              <Link className="estate-row" to={historyPath}>
                <div className="estate-row__main">
                  <p className="estate-row__title">
                    {roomLabel(d.rooms, d.halls)} · {area(d.area)}
                    {d.orientation ? ` · ${d.orientation}` : ''}
                  </p>
                  <p className="estate-row__meta">
                    {dealDateText(d.dealDate, now)} 成交 · {floorLabel(d.floor, d.totalFloors)} · {d.source}
                  </p>
                </div>
                <div className="estate-row__price">
                  {d.masked ? (
                    <p className="estate-row__total num">**万</p>
                  ) : (
                    <>
                      <p className="estate-row__total num">{totalPrice(d.totalPrice)}</p>
                      <p className="estate-row__unit num">{unitPrice(d.unitPrice)}</p>
                    </>
                  )}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {membersOnly > 0 && !unlocked ? (
        <VipUnlockNote>{`其余${membersOnly}条成交价与日期仅会员可见`}</VipUnlockNote>
      ) : null}
    </Card>
  );
}
