// The rows of 订阅与收藏: an estate (cover, name, 区域 · 板块, 挂牌均价 with MoM red up / green down, 成交均价) that
// opens the estate's page, and an author or column followed (name when known).
import { Link } from 'react-router';
import { formatMoney, type CollectEstateRow, type CollectFollowRow } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { rate, unitPrice } from '../../lib/display.ts';
import '../../components/estate-card/estate-card.css';

export function CollectEstateItem({ row }: { row: CollectEstateRow }) {
  const mom = rate(row.listingMom);
  const dealMom = rate(row.dealMom);
  return (
    <Link
      to={`/${row.cityId}/house-detail/${row.id}`}
      className="estate-card collect-row"
      data-testid="collect-estate"
      // a mouse drag swipes the row (SwipeAction) instead of dragging the link away
      draggable={false}
    >
      <EstateCover id={row.id} name={row.name} district={row.districtName} />
      <span className="estate-card__body">
        <strong className="estate-card__name">{row.name}</strong>
        <span className="estate-card__meta">
          {row.districtName} · {row.plateName}
        </span>
        <span className="estate-card__price">
          <b className="num">{formatMoney(row.listingAvg)}</b>
          <small>元/㎡ 挂牌</small>
          <em className={mom.className}>{row.listingMom === null ? '' : `环比${mom.text}`}</em>
        </span>
        <span className="estate-card__counts">
          成交均价 {unitPrice(row.dealAvg)}
          {row.dealAvg !== null && row.dealMom !== null ? (
            <>
              {' '}
              <em className={`collect-row__rate ${dealMom.className}`}>环比{dealMom.text}</em>
            </>
          ) : null}
          {row.listingAvg === null && row.dealAvg === null ? ' · 暂无价格数据' : ''}
        </span>
      </span>
    </Link>
  );
}

export function CollectFollowItem({ row }: { row: CollectFollowRow }) {
  const what = row.targetType === 'author' ? '作者' : '专栏';
  return (
    <div className="collect-follow" data-testid="collect-follow">
      <span className="collect-follow__avatar" aria-hidden="true">
        {(row.name ?? what).slice(0, 1)}
      </span>
      <span className="collect-follow__body">
        <strong>{row.name ?? `${what} ${row.targetId}`}</strong>
        <small>关注于 {row.createdAt.slice(0, 10)}</small>
      </span>
    </div>
  );
}
