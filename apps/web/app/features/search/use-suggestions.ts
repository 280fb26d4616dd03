// Live suggestions for what is typed: one request per pause of SUGGEST_DEBOUNCE_MS, the previous one cancelled.
import { useEffect, useState } from 'react';
import type { SearchSuggestGroup } from '@fjt/domain';
import { getSuggestions } from './api/get-suggestions.ts';

/** PAGES.md §3.1: search/suggest with a 300 ms debounce. */
export const SUGGEST_DEBOUNCE_MS = 300;

export type SuggestState =
  | { status: 'idle' }
  | { status: 'loading'; kw: string }
  | { status: 'done'; kw: string; groups: SearchSuggestGroup[] }
  | { status: 'error'; kw: string; message: string };

export function useSuggestions(cityId: number, keyword: string): SuggestState {
  const kw = keyword.trim();
  const [state, setState] = useState<SuggestState>({ status: 'idle' });

  useEffect(() => {
    if (!kw) {
      setState({ status: 'idle' });
      return;
    }
    setState((prev) => (prev.status === 'done' && prev.kw === kw ? prev : { status: 'loading', kw }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions({ cityId, kw }, controller.signal).then(
        (body) => setState({ status: 'done', kw, groups: body.groups }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'error', kw, message: error instanceof Error ? error.message : String(error) });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cityId, kw]);

  return state;
}
