// 编辑文章 (issue 17): the Markdown files of content/articles (front matter: slug, title, column, summary, author,
// publishedAt, optional cityId, estateIds, cover) loaded into `article` at start. Idempotent: a file whose source
// hash is unchanged is not written again; a changed one is re-rendered and updated by slug; an article whose file
// is gone is marked deleted. Reading the folder and hashing takes milliseconds, so it runs on every start.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import { schema, sql, type Database } from '@fjt/db';
import { ARTICLE_COLUMN_CODES, isPlausibleDay } from '@fjt/domain';
import { isSafeUrl, renderArticleMarkdown } from './render.ts';

/** Bumped when the rendering or the allow-list changes, so every file is rendered again once. */
export const RENDER_VERSION = 1;

const SLUG = /^[a-z0-9][a-z0-9-]{1,80}$/;

const day = z
  .union([z.date(), z.string()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.trim()))
  .refine(isPlausibleDay, 'publishedAt 须为 YYYY-MM-DD');

export const frontMatter = z.object({
  slug: z.string().regex(SLUG, 'slug 只能是小写字母、数字和连字符'),
  title: z.string().trim().min(4).max(60),
  column: z.enum(ARTICLE_COLUMN_CODES),
  summary: z.string().trim().min(10).max(160),
  author: z.string().trim().min(1).max(30),
  publishedAt: day,
  cityId: z.number().int().positive().nullable().optional(),
  estateIds: z.array(z.number().int().positive()).max(10).optional(),
  cover: z
    .string()
    .refine((u) => isSafeUrl(u), 'cover 须为 http(s) 或站内路径')
    .optional(),
});
export type FrontMatter = z.infer<typeof frontMatter>;

export interface EditorialArticle {
  slug: string;
  column: FrontMatter['column'];
  cityId: number | null;
  title: string;
  summary: string;
  cover: string | null;
  author: string;
  html: string;
  sourceHash: string;
  estateIds: number[];
  /** ISO time: 09:00 Beijing of the day. */
  publishedAt: string;
}

export const sourceHashOf = (source: string) =>
  createHash('sha256').update(`v${RENDER_VERSION}\n`).update(source).digest('hex');

/** One Markdown source as the row it becomes; throws with the reason when its front matter is not right. */
export function parseArticle(source: string, file = 'article.md'): EditorialArticle {
  const { data, content } = matter(source);
  const parsed = frontMatter.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.')} ${issue.message}`);
  }
  const fm = parsed.data;
  return {
    slug: fm.slug,
    column: fm.column,
    cityId: fm.cityId ?? null,
    title: fm.title,
    summary: fm.summary,
    cover: fm.cover ?? null,
    author: fm.author,
    html: renderArticleMarkdown(content),
    sourceHash: sourceHashOf(source),
    estateIds: fm.estateIds ?? [],
    publishedAt: `${fm.publishedAt}T09:00:00+08:00`,
  };
}

export interface EditorialSync {
  written: number;
  unchanged: number;
  removed: number;
  errors: string[];
}

/** Loads content/articles (or `dir`) into `article`; see the file's head. */
export async function syncEditorialArticles(db: Database, dir: string): Promise<EditorialSync> {
  const result: EditorialSync = { written: 0, unchanged: 0, removed: 0, errors: [] };
  if (!existsSync(dir)) {
    result.errors.push(`${dir} 不存在，未载入文章`);
    return result;
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && !f.startsWith('_'))
    .sort();
  const sources = files.map((file) => ({ file, source: readFileSync(join(dir, file), 'utf8') }));
  const known = new Map(
    (
      await db
        .select({ slug: schema.article.slug, hash: schema.article.sourceHash, status: schema.article.status })
        .from(schema.article)
        .where(sql`${schema.article.kind} = 'editorial'`)
    ).map((r) => [r.slug, r]),
  );
  const seen = new Set<string>();
  const changed: EditorialArticle[] = [];
  for (const { file, source } of sources) {
    const hash = sourceHashOf(source);
    let article: EditorialArticle;
    try {
      article = parseArticle(source, file);
    } catch (error) {
      result.errors.push((error as Error).message);
      continue;
    }
    if (seen.has(article.slug)) {
      result.errors.push(`${file}: slug ${article.slug} 重复`);
      continue;
    }
    seen.add(article.slug);
    const row = known.get(article.slug);
    if (row && row.hash === hash && row.status === 'visible') result.unchanged += 1;
    else changed.push(article);
  }
  if (changed.length > 0) {
    await db
      .insert(schema.article)
      .values(
        changed.map((a) => ({
          slug: a.slug,
          kind: 'editorial',
          column: a.column,
          cityId: a.cityId,
          title: a.title,
          summary: a.summary,
          cover: a.cover,
          author: a.author,
          html: a.html,
          sourceHash: a.sourceHash,
          estateIds: a.estateIds,
          publishedAt: new Date(a.publishedAt),
          status: 'visible',
        })),
      )
      .onConflictDoUpdate({
        target: schema.article.slug,
        set: {
          column: sql`excluded.column`,
          cityId: sql`excluded.city_id`,
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          cover: sql`excluded.cover`,
          author: sql`excluded.author`,
          html: sql`excluded.html`,
          sourceHash: sql`excluded.source_hash`,
          estateIds: sql`excluded.estate_ids`,
          publishedAt: sql`excluded.published_at`,
          status: sql`'visible'`,
        },
      });
    result.written = changed.length;
  }
  const gone = [...known.values()].filter((r) => !seen.has(r.slug) && r.status !== 'deleted').map((r) => r.slug);
  if (gone.length > 0 && result.errors.length === 0) {
    await db.execute(
      sql`UPDATE article SET status = 'deleted' WHERE kind = 'editorial' AND slug IN (${sql.join(
        gone.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
    result.removed = gone.length;
  }
  return result;
}
