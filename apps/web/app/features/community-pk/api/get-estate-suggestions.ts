// The picker's estates for what is typed: search/suggest from the browser, estates only (板块 and 新房 cannot
// be compared here).
import type { Envelope, SearchSuggestBody, SearchSuggestion } from '@fjt/domain';

export const PICKER_NETWORK_ERROR = '网络不太顺畅，请稍后再试';
const PICKER_SIZE = 10;

export async function getEstateSuggestions(
  query: { cityId: number; kw: string },
  signal: AbortSignal,
): Promise<SearchSuggestion[]> {
  const params = new URLSearchParams({ cityId: String(query.cityId), kw: query.kw, size: String(PICKER_SIZE) });
  let envelope: Envelope<SearchSuggestBody | null>;
  try {
    const response = await fetch(`/rabbit/v1/search/suggest?${params}`, {
      signal,
      headers: { accept: 'application/json' },
    });
    envelope = (await response.json()) as Envelope<SearchSuggestBody | null>;
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(PICKER_NETWORK_ERROR);
  }
  if (envelope.resultCode !== 0 || !envelope.body) throw new Error(envelope.errMsg || PICKER_NETWORK_ERROR);
  return envelope.body.groups.find((g) => g.kind === 'estate')?.list ?? [];
}
