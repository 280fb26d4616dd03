// 小区点评's score block on the estate page (issue 17): the overall average with stars, how many reviews, the four
// dimension averages and the top 3 tags, linking to /{city}/house-comments/{id}. Data: one review_summary row (the
// loader). Tiny on purpose: no code of the reviews pages.
import { Link } from 'react-router';
import type { ReviewSummary } from '@fjt/domain';
import { Card } from '../../../components/card/Card.tsx';

const DIMENSIONS = [
  ['traffic', '交通'],
  ['amenities', '配套'],
  ['property', '物业'],
  ['environment', '环境'],
] as const;

/** The average as five text stars, rounded to the nearest whole one (no icon font needed). */
function stars(score: number): string {
  const full = Math.round(score);
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

export function ReviewScoreBlock({
  cityId,
  estateId,
  summary,
}: {
  cityId: number;
  estateId: number;
  summary: ReviewSummary;
}) {
  const to = `/${cityId}/house-comments/${estateId}`;
  return (
    <Card
      id="estate-reviews"
      title="小区点评"
      more={{ to, text: summary.count > 0 ? `全部${summary.count}条` : '写点评' }}
    >
      {summary.count > 0 && summary.overall !== null ? (
        <Link className="review-score" to={to} data-testid="review-score">
          <div className="review-score__main">
            <strong className="review-score__value num" data-testid="review-score-overall">
              {summary.overall.toFixed(1)}
            </strong>
            <span className="review-score__stars" aria-label={`${summary.overall.toFixed(1)}分`}>
              {stars(summary.overall)}
            </span>
            <span className="review-score__count" data-testid="review-score-count">
              {summary.count}条点评
            </span>
          </div>
          <ul className="review-score__dims">
            {DIMENSIONS.map(([key, label]) => (
              <li key={key}>
                {label}
                <span className="num">{summary[key]?.toFixed(1) ?? '-'}</span>
              </li>
            ))}
          </ul>
          {summary.tags.length > 0 ? (
            <ul className="review-score__tags">
              {summary.tags.slice(0, 3).map((t) => (
                <li key={t.tag}>
                  {t.tag} {t.count}
                </li>
              ))}
            </ul>
          ) : null}
        </Link>
      ) : (
        <Link className="review-score review-score--empty" to={to} data-testid="review-score">
          暂无点评，来写第一条点评
        </Link>
      )}
    </Card>
  );
}
