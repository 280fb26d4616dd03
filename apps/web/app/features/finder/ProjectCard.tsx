// A new-house project opening soon (本周好房 · 新房): status, 参考均价, 总价段 and the opening date (→ loupan).
import { Link } from 'react-router';
import type { WeekHouseProject } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { totalPrice, unitPrice } from '../../lib/display.ts';
import { dayTitle } from './dates.ts';

export function ProjectCard({ cityId, project: p }: { cityId: number; project: WeekHouseProject }) {
  const band =
    p.totalPriceMin !== null && p.totalPriceMax !== null
      ? `${totalPrice(p.totalPriceMin).replace('万', '')}-${totalPrice(p.totalPriceMax)}`
      : null;
  return (
    <Link className="finder-card" to={`/${cityId}/loupan/${p.id}`} data-testid="project-card">
      <EstateCover id={p.id} name={p.name} district={p.districtName} />
      <div className="finder-card__main">
        <h3 className="finder-card__title">{p.name}</h3>
        <p className="finder-card__meta">
          {p.districtName} · {p.plateName}
        </p>
        <p className="finder-card__tags">
          <span className="finder-badge finder-badge--status">{p.saleStatus}</span>
          {p.openingDate ? (
            <span className="finder-badge finder-badge--plain">{dayTitle(p.openingDate)}开盘</span>
          ) : null}
        </p>
      </div>
      <div className="finder-card__price">
        <strong className="num">{p.avgPrice === null ? '价格待定' : unitPrice(p.avgPrice)}</strong>
        {band ? <span className="num">总价{band}</span> : null}
      </div>
    </Link>
  );
}
