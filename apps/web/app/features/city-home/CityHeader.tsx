// City switcher (→ /citylist, returning here), the search box (→ /{city}/search) and 地图找房 (→ /{city}/map).
import { Link } from 'react-router';
import { spm } from '../../lib/spm.ts';

export function CityHeader({ cityId, cityName, here }: { cityId: number; cityName: string; here: string }) {
  return (
    <header className="city-header">
      <Link
        to={`/citylist?redirect=${encodeURIComponent(here)}`}
        className="city-header__city"
        data-spm={spm('city-home', 'header', 0)}
        aria-label={`当前城市${cityName}，切换城市`}
      >
        {cityName}
        <span aria-hidden="true">▾</span>
      </Link>
      <Link to={`/${cityId}/search`} className="city-header__search" data-spm={spm('city-home', 'header', 1)}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        输入小区名或拼音查房价
      </Link>
      <Link
        to={`/${cityId}/map`}
        className="city-header__map"
        aria-label="地图找房"
        data-spm={spm('city-home', 'header', 2)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M10 18s-5.5-5.2-5.5-9.3a5.5 5.5 0 0 1 11 0C15.5 12.8 10 18 10 18z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <circle cx="10" cy="8.6" r="2" fill="currentColor" />
        </svg>
        <span>地图</span>
      </Link>
    </header>
  );
}
