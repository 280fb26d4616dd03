// The one white content card of the app (DESIGN.md: "cards white with 8px radius"): an optional title row with
// a '更多' link on the right, then the content. `flush` is the full-width form (no side margins, no radius) of the
// detail pages that stack their cards edge to edge (成交详情, 房源详情, 行情).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './card.css';

export interface CardMore {
  to: string;
  text: string;
}

export interface CardProps {
  /** The section's id (an anchor), its test id, and the prefix of its title's id for aria-labelledby. */
  id?: string;
  title?: ReactNode;
  /** The title row's link on the right ('全部12条 ›'), or any node to put there. */
  more?: CardMore | ReactNode;
  /** An accessible name when the title is not a plain string (or there is none). */
  label?: string;
  flush?: boolean;
  className?: string;
  children?: ReactNode;
}

function isMore(more: CardProps['more']): more is CardMore {
  return typeof more === 'object' && more !== null && 'to' in more && 'text' in more;
}

export function Card({ id, title, more, label, flush = false, className, children }: CardProps) {
  const classes = ['card', flush ? 'card--flush' : null, className].filter(Boolean).join(' ');
  const titleId = id && title ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      className={classes}

      aria-labelledby={label ? undefined : titleId}
      aria-label={label ?? (!titleId && typeof title === 'string' ? title : undefined)}
      data-testid={id}
    >
      {title || more ? (
        <header className="card__head">
          {title ? (
            <h2 className="card__title" id={titleId}>
              {title}
            </h2>
          ) : null}
          {isMore(more) ? (
            <Link className="card__more" to={more.to}>
              {more.text}
              <span aria-hidden="true"> ›</span>
            </Link>
          ) : (
            more
          )}
        </header>
      ) : null}
      {children}
    </section>
  );
}
