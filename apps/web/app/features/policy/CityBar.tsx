// The page's city and the way to change it: /citylist comes back here with ?cityId (cityReturnPath).
import { Link } from 'react-router';

export function CityBar({ cityName, path }: { cityName: string | null; path: string }) {
  return (
    <div className="pl-city" data-testid="pl-city">
      <span>
        当前城市：<strong>{cityName ?? '…'}</strong>
      </span>
      <Link to={`/citylist?redirect=${encodeURIComponent(path)}`}>切换城市 ›</Link>
    </div>
  );
}

/** '300', '88.5' → number; '' → null; anything else → NaN (the field shows its error). */
export function parseDecimal(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d{1,7}(\.\d{1,4})?$/.test(t) ? Number(t) : Number.NaN;
}
