// The estate's shortcuts under its price (issue 10): on the first screen, so kept apart from the blocks below,
// whose code loads after hydration (BelowFold).
import { Link } from 'react-router';

/** Where to go from the estate: its report, a PK against another estate, all its deals and listings. */
export function EstateShortcuts({ cityId, estateId }: { cityId: number; estateId: number }) {
  const links: [string, string][] = [
    ['小区报告', `/${cityId}/house-report?estateId=${estateId}`],
    ['加入对比', `/${cityId}/community-pk?a=${estateId}`],
    ['成交记录', `/${cityId}/deal-history/${estateId}`],
    ['在售房源', `/${cityId}/house-resold/${estateId}`],
  ];
  return (
    <nav className="estate-links estate-links--four" aria-label="小区快捷入口" data-testid="estate-shortcuts">
      {links.map(([text, to]) => (
        <Link key={to} to={to} className="estate-links__item">
          {text}
        </Link>
      ))}
    </nav>
  );
}
