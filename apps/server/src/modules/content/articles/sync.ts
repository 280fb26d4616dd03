// 文章 at start (issue 17): the repository's Markdown articles and the monthly market write-ups, loaded into
// `article` by serve.ts after the seed (under the start-up lock) and by tests through the same function.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@fjt/db';
import { syncEditorialArticles, type EditorialSync } from './editorial.ts';
import { syncMarketArticles, type MarketSync } from './market.ts';

/** content/articles at the repository's root (this file is apps/server/src/modules/content/articles/sync.ts). */
export const ARTICLES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../content/articles');

export interface ArticleSync {
  editorial: EditorialSync;
  market: MarketSync;
  ms: number;
}

export async function syncArticles(db: Database, { dir = ARTICLES_DIR } = {}): Promise<ArticleSync> {
  const started = performance.now();
  const editorial = await syncEditorialArticles(db, dir);
  const market = await syncMarketArticles(db);
  return { editorial, market, ms: Math.round(performance.now() - started) };
}
