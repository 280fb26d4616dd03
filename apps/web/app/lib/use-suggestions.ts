// Live suggestions for what is typed: one request per pause of SUGGEST_DEBOUNCE_MS, the previous one cancelled.
// While the next answer is on its way the last one stays on screen, so the list does not flicker per keystroke.
import { useEffect, useState } from 'react';
import type { SearchSuggestGroup } from '@fjt/domain';
import { getSuggestions } from './get-suggestions.ts';

/** PAGES.md §3.1: search/suggest with a 300 ms debounce. */
export const SUGGEST_DEBOUNCE_MS = 300;

export interface SuggestState {
  /** idle: nothing typed; loading: waiting for the answer for `kw`; done/error: the answer for `kw` came. */
  status: 'idle' | 'loading' | 'done' | 'error';
  kw: string;
  /** The latest answer (for `kw` when done, for an earlier keyword while loading); null before the first. */
  groups: SearchSuggestGroup[] | null;
  error: string | null;
}

const IDLE: SuggestState = { status: 'idle', kw: '', groups: null, error: null };

/** `size`: suggestions per group (the server's default when absent). */
export function useSuggestions(cityId: number, keyword: string, size?: number): SuggestState {
  const kw = keyword.trim();
  const [state, setState] = useState<SuggestState>(IDLE);

  useEffect(() => {
    if (!kw) {
      setState(IDLE);
      return;
    }
    setState((prev) =>
      prev.status === 'done' && prev.kw === kw ? prev : { ...prev, status: 'loading', kw, error: null },
    );
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions({ cityId, kw, ...(size === undefined ? {} : { size }) }, controller.signal).then(
        (body) => setState({ status: 'done', kw, groups: body.groups, error: null }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : String(error);
          setState({ status: 'error', kw, groups: null, error: message });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cityId, kw, size]);

  return state;
}
