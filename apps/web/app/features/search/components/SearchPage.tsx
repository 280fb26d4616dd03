// /{city}/search: type a name or its pinyin, get estates, plates and projects as you type; with nothing typed,
// 搜索历史 and 热门搜索.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchBar } from 'antd-mobile';
import { showToast } from '../../../lib/toast.ts';
import { useBack } from '../../../components/app-chrome/use-back.ts';
import { SEARCH_KW_MAX, searchTargetPath, type HotSearch, type SearchTargetKind } from '@fjt/domain';
import { useSuggestions } from '../../../lib/use-suggestions.ts';
import {
  addToSearchHistory,
  clearSearchHistory,
  readSearchHistory,
  type SearchHistoryItem,
} from '../search-history.ts';
import { HotSearches } from './HotSearches.tsx';
import { NoMatch } from './NoMatch.tsx';
import { SearchHistory } from './SearchHistory.tsx';
import { SuggestionList } from './SuggestionList.tsx';
import { SuggestionSkeleton } from './SuggestionSkeleton.tsx';
import '../search.css';

export const SEARCH_PLACEHOLDER = '输入小区、板块或新房，支持拼音';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode)
  }
}

export function resultPath(cityId: number, kw: string): string {
  return `/${cityId}/search/result?kw=${encodeURIComponent(kw)}`;
}

export function SearchPage({ cityId, hot }: { cityId: number; hot: HotSearch[] | null }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [history, setHistory] = useState<SearchHistoryItem[]>([]);
  const [hydrated, setHydrated] = useState(false);
  const suggestions = useSuggestions(cityId, keyword);
  const kw = keyword.trim();

  // Local storage exists only in the browser: history appears after hydration.
  useEffect(() => {
    const s = storage();
    setHistory(s ? readSearchHistory(s, cityId) : []);
    setHydrated(true);
  }, [cityId]);

  useEffect(() => {
    if (suggestions.error) showToast(suggestions.error);
  }, [suggestions.error]);

  const remember = (item: SearchHistoryItem) => {
    const s = storage();
    if (s) setHistory(addToSearchHistory(s, cityId, item));
  };

  const submit = (value: string) => {
    const text = value.trim();
    if (!text) return;
    remember({ kw: text });
    navigate(resultPath(cityId, text));
  };

  const openTarget = (name: string, kind: SearchTargetKind, id: number) => {
    remember({ kw: name, target: { kind, id } });
  };

  // 取消 leaves like the title bar's back: back within the app, else the city home (never to another site).
  const cancel = useBack(cityId);

  let body;
  if (!kw) {
    body = (
      <>
        <SearchHistory
          cityId={cityId}
          items={history}
          onClear={() => {
            const s = storage();
            if (s) clearSearchHistory(s, cityId);
            setHistory([]);
          }}
          resultPath={resultPath}
        />
        {hot && hot.length > 0 ? <HotSearches cityId={cityId} list={hot} onOpen={openTarget} /> : null}
      </>
    );
  } else if (suggestions.groups && suggestions.groups.length > 0) {
    // While the next answer loads, the last one stays (marked busy) instead of flashing a skeleton per keystroke.
    body = (
      <SuggestionList
        groups={suggestions.groups}
        busy={suggestions.status === 'loading'}
        targetPath={(kind, id) => searchTargetPath(cityId, kind, id)}
        allResultsPath={resultPath(cityId, suggestions.kw)}
        onOpen={openTarget}
      />
    );
  } else if (suggestions.status === 'done') {
    body = <NoMatch kw={suggestions.kw} cityId={cityId} />;
  } else if (suggestions.status === 'error') {
    body = <p className="search-note">{suggestions.error}</p>;
  } else {
    body = <SuggestionSkeleton />;
  }

  return (
    <main className="search-page" data-testid="search-page" data-hydrated={hydrated ? '' : undefined}>
      <h1 className="search-page__title">搜索</h1>
      <form
        className="search-page__bar"
        role="search"
        // The search key submits through SearchBar's onSearch, which waits for IME composition to end.
        onSubmit={(event) => event.preventDefault()}
      >
        <SearchBar
          value={keyword}
          onChange={setKeyword}
          onSearch={submit}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={SEARCH_KW_MAX}
          autoFocus
          showCancelButton={() => true}
          cancelText="取消"
          onCancel={cancel}
          style={{ '--height': '36px', '--border-radius': '18px', '--background': 'var(--fjt-bg)' }}
        />
      </form>
      <div className="search-page__body" aria-live="polite">
        {body}
      </div>
    </main>
  );
}
