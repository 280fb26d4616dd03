// One new-house project in a list (search, 置业顾问, rankings, report): status, 参考均价, 总价段, 户型面积 and the
// date its price was last updated, flagged when stale. Links to the dossier (/loupan).
import { Link } from 'react-router';
import type { NewHouseCard } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { distance, unitPrice } from '../../lib/display.ts';
import { areaRange, roomsText, shortDay, statusClass, totalRange } from './format.ts';

export function ProjectCard({
  cityId,
  project,
  extra,
}: {
  cityId: number;
  project: NewHouseCard;
  /** A ranking's or report's own figure, shown under the price. */
  extra?: React.ReactNode;
}) {
  const tags = project.tags.filter((t) => t !== project.saleStatus);
  return (
    <Link className="nh-card" to={`/${cityId}/loupan/${project.id}`} aria-label={project.name}>
      <EstateCover id={project.id} name={project.name} district={project.districtName} />
      <div className="nh-card__body">
        <p className="nh-card__title">
          <strong>{project.name}</strong>
          <span className={statusClass(project.saleStatus)}>{project.saleStatus}</span>
        </p>
        <p className="nh-card__where">
          {project.districtName} · {project.plateName}
          {project.distanceM !== null ? ` · 距${distance(project.distanceM)}` : ''}
        </p>
        <p className="nh-card__price">
          {project.avgPrice !== null ? (
            <>
              <span className="nh-card__avg">{unitPrice(project.avgPrice)}</span>
              <small>参考均价</small>
            </>
          ) : (
            <span className="nh-card__avg nh-card__avg--pending">价格待定</span>
          )}
        </p>
        <p className="nh-card__facts">
          总价{totalRange(project.totalPriceMin, project.totalPriceMax)}/套 · {roomsText(project.rooms)}{' '}
          {areaRange(project.areaMin, project.areaMax)}
        </p>
        <p className="nh-card__dates">
          {shortDay(project.openingDate)}开盘 ·{' '}
          <span className={project.priceStale ? 'nh-stale' : undefined}>
            {shortDay(project.priceUpdatedAt)}更新价格{project.priceStale ? '（超90天）' : ''}
          </span>
        </p>
        {extra ? <div className="nh-card__extra">{extra}</div> : null}
        {tags.length > 0 ? (
          <p className="nh-card__tags">
            {tags.map((t) => (
              <span key={t}>{t}</span>
            ))}
          </p>
        ) : null}
      </div>
    </Link>
  );
}
