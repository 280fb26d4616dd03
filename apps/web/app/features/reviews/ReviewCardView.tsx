// One review as the lists and the detail page show it: author, relation badge (业主/租户/看房者), scores, tags, the
// text (UserText: escaped, never HTML), pictures, time, 举报, replies and the like button.
import { Link } from 'react-router';
import { REVIEW_DIMENSIONS, REVIEW_RELATIONS, type ReviewCard } from '@fjt/domain';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { LazyImage } from '../../components/lazy-image/LazyImage.tsx';
import { UserText } from '../../components/user-text/UserText.tsx';
import { Stars } from './Stars.tsx';
import { postedAt } from './api.ts';

export function LikeButton({
  liked,
  count,
  onClick,
  testId,
}: {
  liked: boolean;
  count: number;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={liked ? 'rv-like rv-like--on' : 'rv-like'}
      aria-pressed={liked}
      aria-label={liked ? '取消点赞' : '点赞'}
      onClick={onClick}
      data-testid={testId}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> <span className="num">{count > 0 ? count : '赞'}</span>
    </button>
  );
}

export function ReviewCardView({
  review,
  cityId,
  now,
  liked,
  onLike,
  full = false,
  mine = false,
  onDelete,
}: {
  review: ReviewCard;
  cityId: number;
  now: number;
  liked: boolean;
  onLike: () => void;
  /** The detail page: the whole text; a list clamps it and links to the detail. */
  full?: boolean;
  mine?: boolean;
  onDelete?: () => void;
}) {
  const detail = `/${cityId}/house-comments/${review.estateId}/${review.id}`;
  const relation = REVIEW_RELATIONS.find((r) => r.key === review.relation)?.label ?? '看房者';
  return (
    <article className="review-card" data-testid="review-card" data-review-id={review.id}>
      <header className="review-card__head">
        <Avatar avatar={review.author.avatar} size={36} />
        <div className="review-card__who">
          <p className="review-card__name">
            {review.author.nickname}
            <span className={`review-card__badge review-card__badge--${review.relation}`}>{relation}</span>
            {mine ? <span className="review-card__badge review-card__badge--mine">我的</span> : null}
          </p>
          <p className="review-card__scores">
            <Stars score={review.overall} label={`总分${review.overall}星`} />
            {REVIEW_DIMENSIONS.map((d) => (
              <span key={d.key}>
                {d.label}
                {review[d.key]}
              </span>
            ))}
          </p>
        </div>
      </header>
      {review.tags.length > 0 ? (
        <ul className="review-card__tags">
          {review.tags.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <UserText text={review.body} className="review-card__body" testId="review-body" />
      ) : (
        <Link to={detail} className="review-card__link">
          <UserText text={review.body} className="review-card__body" clamp={5} testId="review-body" />
        </Link>
      )}
      {review.images.length > 0 ? (
        <div className="review-card__images">
          {review.images.map((src) => (
            <LazyImage key={src} src={src} width={240} alt="点评图片" className="review-card__image" />
          ))}
        </div>
      ) : null}
      <footer className="review-card__foot">
        <span className="review-card__time">
          {postedAt(review.createdAt, now)}
          {review.updatedAt ? ' · 已编辑' : ''}
        </span>
        {mine && onDelete ? (
          <button type="button" className="review-card__action" onClick={onDelete}>
            删除
          </button>
        ) : (
          <Link className="review-card__action" to={`/inform?targetType=review&targetId=${review.id}`}>
            举报
          </Link>
        )}
        {full ? null : (
          <Link className="review-card__action" to={detail}>
            回复{review.replyCount > 0 ? ` ${review.replyCount}` : ''}
          </Link>
        )}
        <LikeButton liked={liked} count={review.likeCount} onClick={onLike} testId="review-like" />
      </footer>
    </article>
  );
}
