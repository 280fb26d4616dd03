// 选择城市: search by name or pinyin, 定位城市, 最近访问, 热门城市 and the A–Z list with an index bar.
import { useEffect, useMemo, useState } from 'react';
import { IndexBar, SearchBar } from 'antd-mobile';
import {
  groupByInitial,
  matchCity,
  nearestCity,
  parseRecentCities,
  RECENT_CITIES_KEY,
  type CitySummary,
} from '@fjt/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import './city-picker.css';

type LocateState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; city: CitySummary }
  | { kind: 'none' }
  | { kind: 'denied' };

export function CityPicker({
  cities,
  currentCityId,
  onPick,
}: {
  cities: CitySummary[];
  currentCityId: number;
  onPick: (city: CitySummary) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [recentIds, setRecentIds] = useState<number[]>([]);
  const [locate, setLocate] = useState<LocateState>({ kind: 'idle' });

  useEffect(() => {
    try {
      setRecentIds(parseRecentCities(localStorage.getItem(RECENT_CITIES_KEY)));
    } catch {
      // storage disabled: no recent list
    }
  }, []);

  const byId = useMemo(() => new Map(cities.map((c) => [c.id, c])), [cities]);
  const recent = recentIds.map((id) => byId.get(id)).filter((c): c is CitySummary => Boolean(c));
  const hot = cities.filter((c) => c.isHot);
  const matches = keyword.trim() ? cities.filter((c) => matchCity(c, keyword)) : null;
  const groups = useMemo(() => groupByInitial(cities), [cities]);

  const startLocate = () => {
    if (!('geolocation' in navigator)) {
      setLocate({ kind: 'denied' });
      return;
    }
    setLocate({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const city = nearestCity(cities, { lng: pos.coords.longitude, lat: pos.coords.latitude });
        setLocate(city ? { kind: 'found', city } : { kind: 'none' });
      },
      () => setLocate({ kind: 'denied' }),
      { timeout: 8000, maximumAge: 600_000 },
    );
  };

  const chip = (city: CitySummary) => (
    <button
      key={city.id}
      type="button"
      className={`city-chip${city.id === currentCityId ? ' city-chip--current' : ''}`}
      onClick={() => onPick(city)}
    >
      {city.name}
    </button>
  );

  return (
    <div className="city-picker">
      <div className="city-picker__search">
        <SearchBar placeholder="输入城市名或拼音" value={keyword} onChange={setKeyword} aria-label="搜索城市" />
      </div>
      {matches ? (
        <ul className="city-picker__results" aria-label="搜索结果">
          {matches.length === 0 ? (
            <EmptyState as="li" frame="plain" art="search" title="暂未开通该城市，换个城市试试" />
          ) : (
            matches.map((city) => (
              <li key={city.id}>
                <button type="button" className="city-row" onClick={() => onPick(city)}>
                  {city.name}
                  <span className="city-row__pinyin">{city.pinyin}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : (
        <IndexBar className="city-picker__index">
          <IndexBar.Panel index="#" title="定位 / 最近 / 热门" brief="#">
            {locate.kind !== 'denied' ? (
              <section className="city-picker__block" aria-label="定位城市">
                <h2>定位城市</h2>
                <div className="city-picker__chips">
                  {locate.kind === 'found' ? (
                    chip(locate.city)
                  ) : locate.kind === 'none' ? (
                    <span className="city-picker__hint">当前位置附近暂未开通</span>
                  ) : (
                    <button
                      type="button"
                      className="city-chip city-chip--locate"
                      onClick={startLocate}
                      disabled={locate.kind === 'locating'}
                    >
                      {locate.kind === 'locating' ? '定位中…' : '点击定位'}
                    </button>
                  )}
                </div>
              </section>
            ) : null}
            {recent.length > 0 ? (
              <section className="city-picker__block" aria-label="最近访问">
                <h2>最近访问</h2>
                <div className="city-picker__chips">{recent.map(chip)}</div>
              </section>
            ) : null}
            <section className="city-picker__block" aria-label="热门城市">
              <h2>热门城市</h2>
              <div className="city-picker__chips">{hot.map(chip)}</div>
            </section>
          </IndexBar.Panel>
          {groups.map((group) => (
            <IndexBar.Panel key={group.letter} index={group.letter} title={group.letter}>
              {group.cities.map((city) => (
                <button key={city.id} type="button" className="city-row" onClick={() => onPick(city)}>
                  {city.name}
                </button>
              ))}
            </IndexBar.Panel>
          ))}
        </IndexBar>
      )}
    </div>
  );
}
