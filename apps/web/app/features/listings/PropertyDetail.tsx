// 房源详情 (PAGES.md §3.2): one listed unit — price and how it compares with the estate, facts, 调价记录,
// 带看, the estate, its latest deals, similar listings and the agent, with 咨询/获取成交价 from the send-order
// layout. A delisted or sold unit says so and offers similar listings.
import { Link } from 'react-router';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { floorLevel, formatDate, formatMoney, roomLabel, type DealRow, type ListingDetailBody } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { FloorPlan } from '../../components/floor-plan/FloorPlan.tsx';
import { useSendOrder } from '../../components/layouts/SendOrderLayout.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { ListingCardView } from './ListingCardView.tsx';
import { area, monthTitle, rate, totalPrice, unitPrice } from '../../lib/display.ts';
import { EmptyNote } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';

function DealLine({ deal, today }: { deal: DealRow; today: Date }) {
  return (
    <li className="property-deal">
      <span>
        {roomLabel(deal.rooms, deal.halls)} · {area(deal.area)}
        <small>{formatDate(deal.dealDate, today)}成交</small>
      </span>
      <span className="num">
        <strong>{deal.masked ? '**万' : totalPrice(deal.totalPrice)}</strong>
        <small>{deal.masked ? '**元/㎡' : unitPrice(deal.unitPrice)}</small>
      </span>
    </li>
  );
}

export function PropertyDetail({ cityId, detail, now }: { cityId: number; detail: ListingDetailBody; now: string }) {
  const { openOrder } = useSendOrder();
  const { listing: l, estate, agent } = detail;
  const vs = rate(detail.vsEstatePct);
  const estatePath = `/${cityId}/house-detail/${estate.id}`;
  const today = new Date(now);
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${estate.name}${roomLabel(l.rooms, l.halls)}`, url }).catch(() => undefined);
      return;
    }
    await copyText(url).catch(() => undefined);
  };

  const similar = (
    <Card flush title="相似房源" more={{ to: `/${cityId}/house-resold/${estate.id}`, text: '更多在售' }}>
      {detail.similar.length === 0 ? (
        <EmptyNote>暂无相似房源</EmptyNote>
      ) : (
        <ul className="listing-list listing-list--flush" aria-label="相似房源">
          {detail.similar.map((s) => (
            <li key={s.id}>
              <ListingCardView cityId={cityId} listing={s} showEstate={s.estateId !== estate.id} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );

  if (!l.onSale) {
    return (
      <main className="property">
        <div className="property-gone">
          <p className="property-gone__title">该房源已下架</p>
          <p>
            {estate.name} · {roomLabel(l.rooms, l.halls)} · {area(l.area)}
          </p>
          <Link to={`/${cityId}/house-resold/${estate.id}`} className="btn">
            看看{estate.name}在售房源
          </Link>
        </div>
        {similar}
      </main>
    );
  }

  return (
    <main className="property">
      <div className="property-cover">
        <EstateCover id={estate.id} name={estate.name} district={estate.districtName} size="large" />
      </div>
      <section className="property-head">
        <h1>
          {estate.name} {roomLabel(l.rooms, l.halls)} {area(l.area)} {l.orientation}
        </h1>
        <div className="property-head__prices">
          <div>
            <strong className="num property-head__total">{totalPrice(l.totalPrice)}</strong>
            <small>总价</small>
          </div>
          <div>
            <strong className="num">{unitPrice(l.unitPrice)}</strong>
            <small>单价</small>
          </div>
        </div>
        <p className="property-head__vs">
          较小区挂牌均价{unitPrice(estate.listingAvg)}
          <span className={vs.className}>
            {detail.vsEstatePct === null ? '--' : vs.text.replace(/^上涨/, '高').replace(/^下跌/, '低')}
          </span>
        </p>
      </section>

      <Card flush title="房源信息">
        <dl className="listing-facts">
          <div>
            <dt>户型</dt>
            <dd>
              {roomLabel(l.rooms, l.halls)}
              {l.baths}卫
            </dd>
          </div>
          <div>
            <dt>建筑面积</dt>
            <dd>{area(l.area)}</dd>
          </div>
          <div>
            <dt>朝向</dt>
            <dd>{l.orientation}</dd>
          </div>
          <div>
            <dt>楼层</dt>
            <dd>{floorLevel(l.floor, l.totalFloors)}</dd>
          </div>
          <div>
            <dt>装修</dt>
            <dd>{l.decoration}</dd>
          </div>
          <div>
            <dt>电梯</dt>
            <dd>{l.hasElevator ? '有' : '无'}</dd>
          </div>
          <div>
            <dt>房本年限</dt>
            <dd>
              {l.yearsHeld}
              {l.onlyHome ? '·唯一' : ''}
            </dd>
          </div>
          <div>
            <dt>抵押</dt>
            <dd>{l.mortgaged ? '有抵押' : '无抵押'}</dd>
          </div>
          <div>
            <dt>交易权属</dt>
            <dd>{l.ownership}</dd>
          </div>
          <div>
            <dt>上次交易</dt>
            <dd>{l.lastTradeDate ? monthTitle(l.lastTradeDate.slice(0, 7)) : '--'}</dd>
          </div>
          <div>
            <dt>挂牌时间</dt>
            <dd>{formatDate(l.listedAt, today)}</dd>
          </div>
          <div>
            <dt>关注</dt>
            <dd className="num">{l.followers}人</dd>
          </div>
        </dl>
        <p className="property-inform">
          房源信息有误？
          <Link to={`/inform?targetType=listing&targetId=${l.id}`} data-testid="listing-inform">
            纠错/举报
          </Link>
        </p>
      </Card>

      <Card flush title="户型图">
        <div className="property-plan">
          <FloorPlan unit={l} seed={l.id} />
        </div>
      </Card>

      <Card flush title="带看">
        <dl className="listing-facts listing-facts--two">
          <div>
            <dt>近7天带看</dt>
            <dd className="num">{l.views7d}次</dd>
          </div>
          <div>
            <dt>近30天带看</dt>
            <dd className="num">{l.views30d}次</dd>
          </div>
        </dl>
      </Card>

      <Card flush title="调价记录">
        {detail.priceChanges.length === 0 ? (
          <EmptyNote>挂牌以来未调价，首次挂牌{totalPrice(l.initialTotalPrice)}</EmptyNote>
        ) : (
          <ol className="price-changes">
            <li>
              <span>{formatDate(l.listedAt, today)}</span>
              <span>首次挂牌</span>
              <span className="num">{totalPrice(l.initialTotalPrice)}</span>
            </li>
            {detail.priceChanges.map((c) => {
              const down = c.newTotalPrice < c.oldTotalPrice;
              return (
                <li key={c.changedAt + c.newTotalPrice}>
                  <span>{formatDate(c.changedAt, today)}</span>
                  <span className={down ? 'trend-down' : 'trend-up'}>
                    {down ? '降价' : '涨价'}
                    {formatMoney(Math.abs(c.oldTotalPrice - c.newTotalPrice), 'thousand')}万
                  </span>
                  <span className="num">{totalPrice(c.newTotalPrice)}</span>
                </li>
              );
            })}
          </ol>
        )}
      </Card>

      <Card flush title="所在小区">
        <Link className="property-estate" to={estatePath}>
          <EstateCover id={estate.id} name={estate.name} district={estate.districtName} />
          <span>
            <strong>{estate.name}</strong>
            <small>
              {estate.districtName} · {estate.plateName}
              {estate.buildYear ? ` · ${estate.buildYear}年建成` : ''}
            </small>
            <small>
              挂牌均价{unitPrice(estate.listingAvg)} · 在售{estate.onSaleCount}套
            </small>
          </span>
        </Link>
      </Card>

      <Card flush title="本小区成交" more={{ to: `/${cityId}/deal-history/${estate.id}`, text: '全部成交' }}>
        {detail.deals.length === 0 ? (
          <EmptyNote>暂无成交记录</EmptyNote>
        ) : (
          <ul className="property-deals" aria-label="本小区成交">
            {detail.deals.map((d) => (
              <DealLine key={d.id} deal={d} today={today} />
            ))}
          </ul>
        )}
      </Card>

      {similar}

      {agent ? (
        <Card flush title="经纪人">
          <div className="property-agent">
            <span className="property-agent__avatar" aria-hidden="true">
              {agent.name.slice(0, 1)}
            </span>
            <span>
              <strong>{agent.name}</strong>
              <small>
                {agent.company} · {agent.store} · 从业{agent.years}年
              </small>
            </span>
            <button
              type="button"
              className="btn"
              onClick={() =>
                openOrder({
                  cityId,
                  estateId: estate.id,
                  houseId: estate.id,
                  title: `咨询${agent.name}`,
                  buttonText: '立即咨询',
                })
              }
            >
              咨询
            </button>
          </div>
        </Card>
      ) : null}

      <div className="bottom-bar bottom-bar--actions">
        <FollowButton kind="listing" id={l.id} className="bottom-bar__item" icon label="收藏" testId="listing-follow" />
        <button type="button" className="bottom-bar__item" onClick={() => void share()}>
          <span aria-hidden="true">⇪</span>分享
        </button>
        <button
          type="button"
          className="bottom-bar__item"
          onClick={() =>
            openOrder({ cityId, estateId: estate.id, houseId: estate.id, title: '咨询房源', buttonText: '立即咨询' })
          }
        >
          <span aria-hidden="true">☏</span>咨询
        </button>
        <button
          type="button"
          className="btn btn-primary bottom-bar__primary"
          onClick={() => openOrder({ cityId, estateId: estate.id, houseId: estate.id })}
        >
          获取成交价
        </button>
      </div>
    </main>
  );
}
