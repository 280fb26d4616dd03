// search/suggest from the browser (the search page, 底价揭秘's estate picker and 达人推荐's 添加推荐; 热门搜索 comes with
// the search page's loader).
import type { Envelope, SearchSuggestBody } from '@fjt/domain';

export const SUGGEST_NETWORK_ERROR = '网络不太顺畅，请稍后再试';

export class SuggestError extends Error {
  override name = 'SuggestError';
}

export async function getSuggestions(
  query: { cityId: number; kw: string; size?: number },
  signal?: AbortSignal,
): Promise<SearchSuggestBody> {
  const params = new URLSearchParams({ cityId: String(query.cityId), kw: query.kw });
  if (query.size !== undefined) params.set('size', String(query.size));
  let envelope: Envelope<SearchSuggestBody | null>;
  try {
    const response = await fetch(`/rabbit/v1/search/suggest?${params}`, {
      signal: signal ?? null,
      headers: { accept: 'application/json' },
    });
    envelope = (await response.json()) as Envelope<SearchSuggestBody | null>;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SuggestError(SUGGEST_NETWORK_ERROR);
  }
  if (envelope.resultCode !== 0 || !envelope.body) throw new SuggestError(envelope.errMsg || SUGGEST_NETWORK_ERROR);
  return envelope.body;
}
