// search/suggest and search/hot (PAGES.md §3.1 /{city}/search): one schema per payload, used by the server to
// validate and document, and by the web app for types.
import { z } from 'zod';
import { intParam, idParam, textParam } from './params.ts';

export const SEARCH_KW_MAX = 30;
export const SEARCH_SUGGEST_SIZE_DEFAULT = 10;
export const SEARCH_SUGGEST_SIZE_MAX = 20;

const cityIdParam = idParam('cityId', '请选择城市（cityId 须为正整数）');

export const searchSuggestQuery = z.object({
  cityId: cityIdParam,
  /** What the user typed: 汉字, full pinyin, initials or a mix (西溪, xixi, xx, 西x). */
  kw: textParam('kw', {
    max: SEARCH_KW_MAX,
    emptyMessage: '请输入搜索关键词',
    maxMessage: `搜索关键词不能超过${SEARCH_KW_MAX}个字`,
  }),
  /** Most suggestions per group (小区/板块/新房). */
  size: intParam('size', {
    min: 1,
    max: SEARCH_SUGGEST_SIZE_MAX,
    message: `size 须为1到${SEARCH_SUGGEST_SIZE_MAX}之间的整数`,
  }).default(SEARCH_SUGGEST_SIZE_DEFAULT),
});
export type SearchSuggestQuery = z.infer<typeof searchSuggestQuery>;

export const searchHotQuery = z.object({ cityId: cityIdParam });
export type SearchHotQuery = z.infer<typeof searchHotQuery>;

export const searchTargetKind = z.enum(['estate', 'plate', 'project']);
export type SearchTargetKind = z.infer<typeof searchTargetKind>;

/** Group titles, in display order. */
export const SEARCH_GROUP_TITLES: Record<SearchTargetKind, string> = { estate: '小区', plate: '板块', project: '新房' };

export const searchSuggestionSchema = z.object({
  kind: searchTargetKind,
  id: z.number().int(),
  name: z.string(),
  /** The alias the keyword matched, when it matched an alias rather than the name. */
  matchedAlias: z.string().nullable(),
  /** [start, end) of the matched characters in `name`, for highlighting; null when the alias matched. */
  highlight: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** 区县 · 板块 (a plate: its 区县). */
  region: z.string(),
  /** 元/㎡: 挂牌均价 of an estate or plate, 参考均价 of a new-house project; null when unknown. */
  avgPrice: z.number().int().nullable(),
  /** Label of avgPrice: 挂牌均价 | 参考均价. */
  avgPriceLabel: z.string(),
  /** 在售 listings (estate, plate); null for projects. */
  onSaleCount: z.number().int().nullable(),
  /** New-house projects: 在售 | 待售 | 售罄; null otherwise. */
  saleStatus: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestGroupSchema = z.object({
  kind: searchTargetKind,
  title: z.string(),
  /** Matches in this group before `size` cut the list. */
  total: z.number().int(),
  list: z.array(searchSuggestionSchema),
});
export type SearchSuggestGroup = z.infer<typeof searchSuggestGroupSchema>;

export const searchSuggestBody = z.object({
  kw: z.string(),
  /** Non-empty groups in the order 小区, 板块, 新房. */
  groups: z.array(searchSuggestGroupSchema),
});
export type SearchSuggestBody = z.infer<typeof searchSuggestBody>;

export const hotSearchSchema = z.object({
  kind: searchTargetKind,
  id: z.number().int(),
  name: z.string(),
  avgPrice: z.number().int().nullable(),
  /** Deals in the last 90 days of data: why it is hot. */
  recentDeals: z.number().int(),
});
export type HotSearch = z.infer<typeof hotSearchSchema>;

export const searchHotBody = z.object({ list: z.array(hotSearchSchema) });
export type SearchHotBody = z.infer<typeof searchHotBody>;

/** The page a suggestion or hot search opens (PAGES.md §3.1: suggestion → its detail page). */
export function searchTargetPath(cityId: number, kind: SearchTargetKind, id: number): string {
  switch (kind) {
    case 'estate':
      return `/${cityId}/house-detail/${id}`;
    case 'plate':
      return `/${cityId}/plate-detail/${id}`;
    case 'project':
      return `/${cityId}/loupan/${id}`;
  }
}
