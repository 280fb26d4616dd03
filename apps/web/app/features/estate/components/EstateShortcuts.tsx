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
  return <EstateLinkRow label="小区快捷入口" testId="estate-shortcuts" links={links} four />;
}

/** A row of the estate's links, [text, path] each (these shortcuts; 问答/点评/笔记/视频/租房 lower down). */
export function EstateLinkRow({
  label,
  testId,
  links,
  four = false,
}: {
  label: string;
  testId: string;
  links: [string, string][];
  four?: boolean;
}) {
  return (
    <nav className={four ? 'estate-links estate-links--four' : 'estate-links'} aria-label={label} data-testid={testId}>
      {links.map(([text, to]) => (
        <Link key={to} to={to} className="estate-links__item">
          {text}
        </Link>
      ))}
    </nav>
  );
}
