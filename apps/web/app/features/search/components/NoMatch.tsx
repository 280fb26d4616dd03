// Nothing matched: say so and offer the next step, a valuation (PAGES.md §3.1 "no match → link to /estimate").
import { Link } from 'react-router';

export function NoMatch({ kw, cityId }: { kw: string; cityId: number }) {
  return (
    <section className="search-empty" data-testid="search-no-match">
      <svg className="search-empty__art" viewBox="0 0 120 96" aria-hidden="true">
        <rect x="14" y="30" width="56" height="52" rx="6" fill="var(--fjt-brand-weak)" />
        <path d="M10 34 42 10l32 24" fill="none" stroke="var(--fjt-brand)" strokeWidth="4" strokeLinejoin="round" />
        <circle cx="78" cy="56" r="18" fill="var(--fjt-card)" stroke="var(--fjt-brand)" strokeWidth="4" />
        <path d="m91 69 14 14" stroke="var(--fjt-brand)" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <p className="search-empty__title">没有找到“{kw}”</p>
      <p className="search-empty__hint">换个小区、板块或新房的名称或拼音试试，也可以直接估一估房子值多少钱</p>
      <Link className="btn btn-primary" to={`/estimate?cityId=${cityId}`}>
        去估价
      </Link>
    </section>
  );
}
