// Drawn cover (no photos in the data, DESIGN.md), name with 收藏, plate and tags, and the one-line summary.
import type { EstateBasicInfo } from '@fjt/domain';
import { FollowButton } from '../../../components/follow-button/FollowButton.tsx';

/** A stable hue per estate so neighbouring covers differ. */
function coverHue(id: number): number {
  return 200 + ((id * 37) % 60);
}

export function EstateCover({ basic }: { basic: EstateBasicInfo }) {
  const hue = coverHue(basic.id);
  return (
    <div
      className="estate-cover"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 46%), hsl(${hue + 30} 65% 62%))` }}
      role="img"
      aria-label={`${basic.name}封面`}
    >
      <span className="estate-cover__mark" aria-hidden="true">
        {Array.from(basic.name).slice(0, 2).join('')}
      </span>
      <span className="estate-cover__district">
        {basic.districtName} · {basic.plateName}
      </span>
    </div>
  );
}

export function EstateHeader({ basic, summary }: { basic: EstateBasicInfo; summary: string | null }) {
  return (
    <header className="estate-header">
      <EstateCover basic={basic} />
      <div className="estate-header__body">
        <h1 className="estate-header__name">{basic.name}</h1>
        <FollowButton
          kind="estate-favor"
          id={basic.id}
          className="estate-header__favor"
          inline
          icon
          label="收藏"
          testId="estate-favor"
        />
        <p className="estate-header__place">
          {basic.districtName} · {basic.plateName}
          {basic.buildYear ? ` · ${basic.buildYear}年建成` : ''}
        </p>
        {basic.tags.length > 0 ? (
          <ul className="estate-tags" aria-label="小区标签">
            {basic.tags.map((tag) => (
              <li key={tag} className="estate-tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {summary ? <p className="estate-header__summary">{summary}</p> : null}
      </div>
    </header>
  );
}
