// A few new-house projects in one line each (name, where, 户型面积 | 总价段, 参考均价), for a block inside another
// page, where full project cards would push the page's own list out of sight. Each links to the dossier.
import { Link } from 'react-router';
import type { NewHouseCard } from '@fjt/domain';
import { unitPrice } from '../../lib/display.ts';
import { areaRange, roomsText, statusClass, totalRange } from './format.ts';

export function ProjectBriefList({
  cityId,
  projects,
  label,
}: {
  cityId: number;
  projects: NewHouseCard[];
  label: string;
}) {
  return (
    <ul className="nh-brief" aria-label={label}>
      {projects.map((p) => (
        <li key={p.id}>
          <Link className="nh-brief__row" to={`/${cityId}/loupan/${p.id}`}>
            <span className="nh-brief__main">
              <span className="nh-brief__name">
                <strong>{p.name}</strong>
                <span className={statusClass(p.saleStatus)}>{p.saleStatus}</span>
              </span>
              <small>
                {p.districtName} · {p.plateName} · {roomsText(p.rooms)} {areaRange(p.areaMin, p.areaMax)}
              </small>
            </span>
            <span className="nh-brief__price">
              <b className="num">{totalRange(p.totalPriceMin, p.totalPriceMax)}</b>
              <small>{p.avgPrice !== null ? unitPrice(p.avgPrice) : '价格待定'}</small>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
