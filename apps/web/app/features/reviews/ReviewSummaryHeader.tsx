// The reviews page's header: the estate, its overall average with stars, how many reviews, the four dimension
// averages as bars.
import { Link } from 'react-router';
import { REVIEW_DIMENSIONS, type ReviewEstate, type ReviewSummary } from '@fjt/domain';
import { Stars } from './Stars.tsx';

export function ReviewSummaryHeader({ estate, summary }: { estate: ReviewEstate; summary: ReviewSummary }) {
  return (
    <section className="rv-summary" aria-label="点评概况" data-testid="review-summary">
      <h1 className="rv-summary__name">
        <Link to={`/${estate.cityId}/house-detail/${estate.id}`}>{estate.name}</Link>
        <small>小区点评</small>
      </h1>
      <p className="rv-summary__where">{estate.where}</p>
      {summary.count > 0 && summary.overall !== null ? (
        <div className="rv-summary__figures">
          <div className="rv-summary__overall">
            <strong className="num" data-testid="summary-overall">
              {summary.overall.toFixed(1)}
            </strong>
            <Stars score={summary.overall} label={`平均${summary.overall.toFixed(1)}分`} />
            <span data-testid="summary-count">{summary.count}条点评</span>
          </div>
          <ul className="rv-summary__dims">
            {REVIEW_DIMENSIONS.map((d) => {
              const v = summary[d.key] ?? 0;
              return (
                <li key={d.key}>
                  <span>{d.label}</span>
                  <span className="rv-summary__bar" aria-hidden="true">
                    <span style={{ width: `${(v / 5) * 100}%` }} />
                  </span>
                  <span className="num">{v.toFixed(1)}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="rv-summary__none">还没有人点评这个小区</p>
      )}
    </section>
  );
}
