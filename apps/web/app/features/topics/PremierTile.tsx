// One estate of the 高端盘 showcase: its drawn cover, rank, name, 区域 · 板块 and 挂牌均价 with MoM (red up, green down).
import { Link } from 'react-router';
import { formatMoney, type PremierEstate } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { rate } from '../../lib/display.ts';

export function PremierTile({ estate }: { estate: PremierEstate }) {
  const mom = rate(estate.listingMom);
  return (
    <Link className="premier-tile" to={`/${estate.cityId}/house-detail/${estate.id}`} data-testid="premier-tile">
      <EstateCover id={estate.id} name={estate.name} district={estate.districtName} size="large" />
      <span className="premier-tile__rank">TOP {estate.rank}</span>
      <strong>{estate.name}</strong>
      <small>
        {estate.districtName} · {estate.plateName}
      </small>
      <span className="premier-tile__price">
        <b className="num">{formatMoney(estate.listingAvg)}</b>
        <span>元/㎡</span>
        {estate.listingMom === null ? null : <em className={mom.className}>环比{mom.text}</em>}
      </span>
    </Link>
  );
}
