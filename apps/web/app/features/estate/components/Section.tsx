// One card-like block of the estate page: a title, an optional "more" link, then its content.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; text: string } | undefined;
  children: ReactNode;
}) {
  return (
    <section className="estate-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <header className="estate-section__head">
        <h2 className="estate-section__title" id={`${id}-title`}>
          {title}
        </h2>
        {more ? (
          <Link className="estate-section__more" to={more.to}>
            {more.text}
            <span aria-hidden="true"> ›</span>
          </Link>
        ) : null}
      </header>
      {children}
    </section>
  );
}
