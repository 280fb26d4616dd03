// 文章 (issue 17, PAGES.md §3.8 more-article): a column's articles in a city (POST content/list with type policy,
// market or guide) and one article with the estates it names and related articles (content/article).
import type { ArticleDetailBody, ArticleListBody, ArticleListInput, GeoService } from '@fjt/domain';
import { toCard, type ArticlesRepo } from './repo.ts';

export const RELATED_ARTICLES = 4;

export function createArticlesService(repo: ArticlesRepo, geo: Pick<GeoService, 'getCity'>) {
  return {
    /** null for an unknown city. */
    async articles(input: ArticleListInput): Promise<ArticleListBody | null> {
      if (!(await geo.getCity(input.cityId))) return null;
      const { total, list } = await repo.page(input.cityId, input.type, input.page, input.size);
      return { type: input.type, total, page: input.page, size: input.size, list };
    },

    /** The article, counted as read once more; null when unknown or no longer shown. */
    async article(id: number, cityId?: number): Promise<ArticleDetailBody | null> {
      const row = await repo.read(id);
      if (!row) return null;
      const { html, estateIds, districtId: _districtId, figureAvg, figurePrevious, ...card } = row;
      const [estates, related] = await Promise.all([
        repo.estates(estateIds),
        repo.related({ id, column: card.column, cityId: card.cityId }, cityId ?? card.cityId ?? 0, RELATED_ARTICLES),
      ]);
      return { ...toCard({ ...card, figureAvg, figurePrevious }), html, estates, related };
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
