// One viewing note (看房笔记): the author (an agent with company and store, or a buyer), when the home was viewed, the
// highlights (采光/噪音/… 好|中|差), the text (a visitor sees the first lines and 登录查看全文), pictures, the listing
// seen, and the like button.
import { Link } from 'react-router';
import type { NoteCard } from '@fjt/domain';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { LazyImage } from '../../components/lazy-image/LazyImage.tsx';
import { UserText } from '../../components/user-text/UserText.tsx';
import { LikeButton } from './ReviewCardView.tsx';

export function NoteCardView({
  note,
  cityId,
  loginTo,
  liked,
  likeCount,
  onLike,
  showEstate,
  expanded = false,
}: {
  note: NoteCard;
  cityId: number;
  /** Where 登录查看全文 goes (login, then back here). */
  loginTo: string;
  liked: boolean;
  likeCount: number;
  onLike: () => void;
  /** The city's latest: name the estate and link it. */
  showEstate: boolean;
  expanded?: boolean;
}) {
  const { author } = note;
  return (
    <article
      className={expanded ? 'note-card note-card--focus' : 'note-card'}
      data-testid={expanded ? 'note-focus' : 'note-card'}
      data-note-id={note.id}
    >
      <header className="note-card__head">
        {author.type === 'agent' ? (
          <span className="note-card__agent-mark" aria-hidden="true">
            {author.name.slice(0, 1)}
          </span>
        ) : (
          <Avatar avatar={author.avatar} size={36} />
        )}
        <div className="note-card__who">
          <p className="note-card__name">
            {author.type === 'agent' && author.id ? (
              <Link to={`/${cityId}/agent/${author.id}`}>{author.name}</Link>
            ) : (
              author.name
            )}
            <span className={`review-card__badge review-card__badge--${author.type === 'agent' ? 'owner' : 'visitor'}`}>
              {author.type === 'agent' ? '经纪人' : '购房者'}
            </span>
          </p>
          <p className="note-card__meta">
            {author.company ? `${author.company} · ` : ''}
            {note.viewedAt.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日')}看房
          </p>
        </div>
      </header>
      <h3 className="note-card__title">
        {showEstate ? (
          <Link className="note-card__estate" to={`/${cityId}/house-note/${note.estateId}`}>
            {note.estateName}
          </Link>
        ) : null}
        <UserText text={note.title} className="note-card__title-text" />
      </h3>
      {note.highlights.length > 0 ? (
        <ul className="note-card__highlights" aria-label="看房评价">
          {note.highlights.map((h) => (
            <li
              key={h.key}
              className={`note-grade note-grade--${h.grade === '好' ? 'good' : h.grade === '差' ? 'bad' : 'mid'}`}
            >
              {h.label}
              <strong>{h.grade}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <UserText text={note.truncated ? `${note.body}…` : note.body} className="note-card__body" testId="note-body" />
      {note.truncated ? (
        <Link className="note-card__more" to={loginTo} data-testid="note-login">
          登录查看全文
        </Link>
      ) : null}
      {note.images.length > 0 ? (
        <div className="review-card__images">
          {note.images.map((src) => (
            <LazyImage key={src} src={src} width={240} alt="看房图片" className="review-card__image" />
          ))}
        </div>
      ) : null}
      <footer className="review-card__foot">
        {note.listing ? (
          <Link className="note-card__listing" to={`/${cityId}/property/${note.listing.id}`}>
            看的房源：{note.listing.title} ›
          </Link>
        ) : (
          <span className="review-card__time" />
        )}
        <Link className="review-card__action" to={`/inform?targetType=note&targetId=${note.id}`}>
          举报
        </Link>
        <LikeButton liked={liked} count={likeCount} onClick={onLike} testId="note-like" />
      </footer>
    </article>
  );
}
