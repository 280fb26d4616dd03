// The estate picker of the lead and valuation forms (底价揭秘, 房屋估价): type a name or its pinyin, pick one of the
// city's estates from search/suggest (its 挂牌均价 and 在售 count come with it); once picked, the estate's card with
// how many agents serve it (when asked) and 更换. Its text inputs use lead-form.css.
import { useState } from 'react';
import { SEARCH_KW_MAX } from '@fjt/domain';
import { useSuggestions } from '../../lib/use-suggestions.ts';
import { unitPrice } from '../../lib/display.ts';
import './estate-picker.css';

export interface PickedEstate {
  id: number;
  name: string;
  /** 区县 · 板块. */
  region: string;
  /** 挂牌均价 元/㎡, null when unknown. */
  avgPrice: number | null;
  onSaleCount: number | null;
}

/** An estate of house/basic-info as the picker shows it (a loader's ?estateId prefill). */
export function pickedEstateOf(basic: {
  id: number;
  name: string;
  districtName: string;
  plateName: string;
  listingAvg: number | null;
  onSaleCount: number | null;
}): PickedEstate {
  return {
    id: basic.id,
    name: basic.name,
    region: `${basic.districtName} · ${basic.plateName}`,
    avgPrice: basic.listingAvg,
    onSaleCount: basic.onSaleCount,
  };
}

export function EstatePicker({
  cityId,
  picked,
  agentCount,
  onPick,
}: {
  cityId: number;
  picked: PickedEstate | null;
  /** Agents serving the picked estate (POST house/agent/get); null while loading or unknown, absent: not shown. */
  agentCount?: number | null;
  onPick: (estate: PickedEstate | null) => void;
}) {
  /** After 更换 the search box takes the focus (not on the page's first load: no keyboard popping up). */
  const [changing, setChanging] = useState(false);
  if (picked) {
    return (
      <div className="estate-picker" data-testid="estate-picked">
        <div className="estate-picker__main">
          <strong className="estate-picker__name">{picked.name}</strong>
          <span className="estate-picker__region">{picked.region}</span>
          <span className="estate-picker__facts">
            挂牌均价 <b className="num">{unitPrice(picked.avgPrice)}</b>
            {picked.onSaleCount !== null ? <> · 在售{picked.onSaleCount}套</> : null}
          </span>
          {agentCount !== null && agentCount !== undefined ? (
            <span className="estate-picker__agents" data-testid="estate-picked-agents">
              {agentCount > 0 ? `${agentCount}位经纪人服务该小区` : '暂无经纪人服务该小区，平台将为您安排'}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          className="estate-picker__change"
          onClick={() => {
            setChanging(true);
            onPick(null);
          }}
        >
          更换
        </button>
      </div>
    );
  }
  return <EstateSearch cityId={cityId} autoFocus={changing} onPick={onPick} />;
}

function EstateSearch({
  cityId,
  autoFocus,
  onPick,
}: {
  cityId: number;
  autoFocus: boolean;
  onPick: (estate: PickedEstate) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const suggestions = useSuggestions(cityId, keyword);
  const estates = (suggestions.groups ?? []).flatMap((g) => (g.kind === 'estate' ? g.list : []));
  return (
    <div className="estate-picker-search">
      <label className="lead-phone__row">
        <span className="lead-phone__label">小区</span>
        <input
          autoFocus={autoFocus}
          className="lead-phone__input estate-picker-search__input"
          type="search"
          enterKeyHint="search"
          name="estate"
          placeholder="输入小区名称，支持拼音"
          maxLength={SEARCH_KW_MAX}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="estate-search"
        />
      </label>
      {keyword.trim() ? (
        <div className="estate-picker-search__list" aria-live="polite" aria-busy={suggestions.status === 'loading'}>
          {estates.length ? (
            <ul aria-label="小区">
              {estates.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className="estate-picker-search__item"
                    onClick={() =>
                      onPick({
                        id: e.id,
                        name: e.name,
                        region: e.region,
                        avgPrice: e.avgPrice,
                        onSaleCount: e.onSaleCount,
                      })
                    }
                  >
                    <span className="estate-picker-search__name">{e.name}</span>
                    <span className="estate-picker-search__region">{e.region}</span>
                    <span className="estate-picker-search__price num">{unitPrice(e.avgPrice)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : suggestions.status === 'done' ? (
            <p className="estate-picker-search__note">没有找到“{suggestions.kw}”相关的小区，换个名称或拼音试试</p>
          ) : suggestions.status === 'error' ? (
            <p className="estate-picker-search__note">{suggestions.error}</p>
          ) : (
            <p className="estate-picker-search__note">正在搜索…</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
