// City switcher (→ /citylist, returning here) and the search box (→ /{city}/search).
import { Link } from 'react-router';

export function CityHeader({ cityId, cityName, here }: { cityId: number; cityName: string; here: string }) {
  return (
    <header className="city-header">
      <Link
        to={`/citylist?redirect=${encodeURIComponent(here)}`}
        className="city-header__city"
        aria-label={`当前城市${cityName}，切换城市`}
      >
        {cityName}
        <span aria-hidden="true">▾</span>
      </Link>
      <Link to={`/${cityId}/search`} className="city-header__search">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        输入小区名或拼音查房价
      </Link>
    </header>
  );
}
