// The entry grid of the home page (PAGES.md §3.1): where to go next, one tap each.
import { Link } from 'react-router';
import { spm } from '../../lib/spm.ts';

const ENTRIES = [
  { label: '估价', glyph: '估', colour: '#1f6fff', to: (c: number) => `/estimate?cityId=${c}` },
  { label: '查成交', glyph: '成', colour: '#e63b2e', to: (c: number) => `/${c}/deal-search` },
  { label: '找小区', glyph: '区', colour: '#13a15a', to: (c: number) => `/${c}/community-list` },
  { label: '帮我找房', glyph: '找', colour: '#00a2c7', to: (c: number) => `/${c}/find-house` },
  { label: '捡漏', glyph: '漏', colour: '#e63b2e', to: (c: number) => `/${c}/find-house-365` },
  { label: '新房', glyph: '新', colour: '#ff8a00', to: (c: number) => `/${c}/house-new` },
  { label: '租房', glyph: '租', colour: '#7b61ff', to: (c: number) => `/${c}/renting` },
  { label: '开盘日历', glyph: '历', colour: '#00a2c7', to: (c: number) => `/${c}/calendar` },
  { label: '排行榜', glyph: '榜', colour: '#e63b2e', to: (c: number) => `/${c}/rank` },
  { label: '报告', glyph: '报', colour: '#1f6fff', to: (c: number) => `/${c}/city-report` },
  { label: '行情', glyph: '情', colour: '#13a15a', to: (c: number) => `/quotation?cityId=${c}` },
  { label: '问答', glyph: '问', colour: '#ff8a00', to: (c: number) => `/${c}/questions` },
];

export function EntryGrid({ cityId }: { cityId: number }) {
  return (
    <nav className="entry-grid" aria-label="功能入口">
      {ENTRIES.map((e, i) => (
        <Link key={e.label} to={e.to(cityId)} className="entry-grid__item" data-spm={spm('city-home', 'entry', i)}>
          <span className="entry-grid__icon" style={{ background: e.colour }} aria-hidden="true">
            {e.glyph}
          </span>
          {e.label}
        </Link>
      ))}
    </nav>
  );
}
