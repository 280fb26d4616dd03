// 区域找房's two columns (PAGES.md §3.1): districts on the left, the chosen district's plates on the right, each
// with 挂牌均价 and MoM from app/house/areaList; a plate (or 不限) opens the estates of that region.
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatRate, type AreaOption } from '@fjt/domain';

function Price({ option }: { option: AreaOption }) {
  if (option.type === 'unlimited') return null;
  const r = formatRate(option.listingMom);
  return (
    <span className="area-picker__price">
      <b className="num">{formatMoney(option.listingAvg)}</b>
      <em className={`trend-${r.trend}`}>{r.text}</em>
    </span>
  );
}

export function AreaPicker({
  cityId,
  districts,
  initialDistrictId,
}: {
  cityId: number;
  districts: AreaOption[];
  initialDistrictId: number | null;
}) {
  const [chosenId, setChosenId] = useState(initialDistrictId ?? districts[0]?.id ?? 0);
  const chosen = districts.find((d) => d.id === chosenId) ?? districts[0];
  const listHref = (params: Record<string, number>) =>
    `/findArea/list?${new URLSearchParams({ cityId: String(cityId), ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
  return (
    <div className="area-picker">
      <ul className="area-picker__districts" role="tablist" aria-label="区县">
        {districts.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              role="tab"
              aria-selected={d.id === chosen?.id}
              onClick={() => setChosenId(d.id)}
              className="area-picker__district"
            >
              {d.name}
              <Price option={d} />
            </button>
          </li>
        ))}
      </ul>
      <ul className="area-picker__plates" aria-label={chosen ? `${chosen.name}板块` : '板块'}>
        {chosen
          ? (chosen.children ?? []).map((p) => (
              <li key={`${chosen.id}-${p.id}`}>
                <Link
                  className="area-picker__plate"
                  to={listHref(p.type === 'unlimited' ? { districtId: chosen.id } : { plateId: p.id })}
                >
                  {p.type === 'unlimited' ? `${chosen.name}不限` : p.name}
                  <Price option={p} />
                </Link>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
