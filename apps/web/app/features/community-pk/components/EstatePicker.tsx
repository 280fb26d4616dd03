// The estate picker of 小区PK: a bottom sheet with a search box (search/suggest, 300 ms debounce, estates only);
// before anything is typed it offers the city's 热门小区.
import { useState } from 'react';
import { Popup, SearchBar } from 'antd-mobile';
import { SEARCH_KW_MAX } from '@fjt/domain';
import { unitPrice } from '../../../lib/display.ts';
import { useSuggestions } from '../../../lib/use-suggestions.ts';
import type { PkPick, PkSideKey } from '../types.ts';

/** Estates offered per keyword (板块 and 新房 cannot be compared here). */
const PICKER_SIZE = 10;

export function EstatePicker({
  cityId,
  side,
  hot,
  onPick,
  onClose,
}: {
  cityId: number;
  /** The side being chosen; null closes the sheet. */
  side: PkSideKey | null;
  hot: PkPick[];
  onPick: (side: PkSideKey, estateId: number) => void;
  onClose: () => void;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useSuggestions(cityId, keyword, PICKER_SIZE);
  // while the next answer is on its way the last list stays (no flicker per keystroke)
  const list = found.groups ? found.groups.flatMap((g) => (g.kind === 'estate' ? g.list : [])) : null;
  const pick = (id: number) => {
    if (side) onPick(side, id);
    setKeyword('');
  };
  return (
    <Popup
      visible={side !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="pk-picker"
      destroyOnClose
      showCloseButton
    >
      <div data-testid="pk-picker">
        <h2 className="pk-picker__title">选择小区{side ? `（${side.toUpperCase()}）` : ''}</h2>
        <SearchBar
          placeholder="输入小区名称，支持拼音"
          value={keyword}
          onChange={setKeyword}
          maxLength={SEARCH_KW_MAX}
          autoFocus
        />
        <div className="pk-picker__body">
          {found.status === 'idle' ? (
            hot.length > 0 ? (
              <>
                <p className="pk-picker__hint">热门小区</p>
                <ul className="pk-picker__list">
                  {hot.map((h) => (
                    <li key={h.id}>
                      <button type="button" className="pk-picker__item" onClick={() => pick(h.id)}>
                        <span className="pk-picker__name">{h.name}</span>
                        <span className="pk-picker__meta num">{unitPrice(h.avgPrice)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="pk-picker__hint">输入小区名称、拼音或首字母</p>
            )
          ) : null}
          {found.status === 'loading' && list === null ? <p className="pk-picker__hint">正在搜索…</p> : null}
          {found.status === 'error' ? <p className="pk-picker__hint">{found.error}</p> : null}
          {found.status === 'done' && list?.length === 0 ? (
            <p className="pk-picker__hint">没有找到相关小区，换个关键词试试</p>
          ) : null}
          {found.status !== 'idle' && found.status !== 'error' && list && list.length > 0 ? (
            <ul className="pk-picker__list">
              {list.map((s) => (
                <li key={s.id}>
                  <button type="button" className="pk-picker__item" onClick={() => pick(s.id)}>
                    <span className="pk-picker__name">{s.name}</span>
                    <span className="pk-picker__meta">
                      {s.region} · <span className="num">{unitPrice(s.avgPrice)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </Popup>
  );
}
