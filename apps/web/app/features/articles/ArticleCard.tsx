// One article in a list (文章, 相关文章, the city home's block): title, summary, who wrote it, when and how often it
// was read; on the right its cover, or for a 行情 write-up its headline figure (挂牌均价 with the MoM, red up and
// green down), or else its column's badge.
import { Link } from 'react-router';
import { ARTICLE_COLUMNS, formatMoney, type ArticleCard as Article } from '@fjt/domain';
import { LazyImage } from '../../components/lazy-image/LazyImage.tsx';
import { rate } from '../../lib/display.ts';
import { readCount } from './article-format.ts';

export const articleHref = (cityId: number, id: number) => `/${cityId}/article/${id}`;

export function ArticleCard({ article, cityId, compact }: { article: Article; cityId: number; compact?: boolean }) {
  const change = article.figure ? rate(article.figure.change) : null;
  return (
    <Link
      to={articleHref(cityId, article.id)}
      className={compact ? 'article-card article-card--compact' : 'article-card'}
      data-testid="article-card"
    >
      <span className="article-card__text">
        <strong className="article-card__title">{article.title}</strong>
        {compact ? null : <span className="article-card__summary">{article.summary}</span>}
        <span className="article-card__meta">
          {article.author} · <span className="num">{article.publishedAt}</span> ·{' '}
          <span className="num">{readCount(article.readCount)}</span>
        </span>
      </span>
      {article.cover ? (
        <LazyImage className="article-card__cover" src={article.cover} width={240} alt="" />
      ) : article.figure ? (
        <span
          className="article-card__figure"
          aria-label={`${article.figure.label}${formatMoney(article.figure.value)}元每平方米`}
        >
          <small>{article.figure.label}</small>
          <b className="num">{formatMoney(article.figure.value)}</b>
          <small>元/㎡</small>
          {change && article.figure.change !== null ? (
            <em className={`num ${change.className}`}>{change.text}</em>
          ) : null}
        </span>
      ) : (
        <span className={`article-card__badge article-card__badge--${article.column}`} aria-hidden="true">
          {ARTICLE_COLUMNS[article.column].name}
        </span>
      )}
    </Link>
  );
}
