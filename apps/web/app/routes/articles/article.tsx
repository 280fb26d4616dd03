// /{city}/article/{id} 文章详情 (NEW, issue 17; the h5Url of an article of PAGES.md §3.8 more-article): the title,
// column, author, date and read count, the body (HTML sanitised on the server, ArticleBody), the estates it names as
// cards, related articles, and a bar to follow the column and share. Data: content/article (counts the read).
// Unknown or retired article → 404.
import { Link, data } from 'react-router';
import { ARTICLE_COLUMNS, NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/article';
import { ArticleBody } from '../../features/articles/ArticleBody.tsx';
import { ArticleCard } from '../../features/articles/ArticleCard.tsx';
import { readCount } from '../../features/articles/article-format.ts';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { copyText } from '../../lib/copy-text.ts';
import '../../features/articles/articles.css';

const notFound = () => data({ message: NOT_FOUND_MESSAGE }, { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const id = parseId(params.id);
  if (cityId === null || id === null) throw notFound();
  const article = await context.services.content.article(id, cityId);
  // a write-up of another city is read under its own city
  if (!article || (article.cityId !== null && article.cityId !== cityId)) throw notFound();
  return { cityId, article };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('文章') }];
  const { article } = loaderData;
  return [
    { title: pageTitle(article.title) },
    { name: 'description', content: `${article.summary}${SITE_DESCRIPTION}` },
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { cityId, article } = loaderData;
  const column = ARTICLE_COLUMNS[article.column];
  const listHref = `/${cityId}/home-list/more-article${article.column === 'policy' ? '' : `?tab=${article.column}`}`;

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: article.title, url }).catch(() => undefined);
      return;
    }
    await copyText(url).catch(() => undefined);
  };

  return (
    <main className="article-page" data-testid="article-page">
      <article className="article-main">
        <header className="article-head">
          <h1 className="article-head__title">{article.title}</h1>
          <p className="article-head__meta">
            <Link className={`article-chip article-chip--${article.column}`} to={listHref}>
              {column.title}
            </Link>
            <span>{article.author}</span>
            <span className="num">{article.publishedAt}</span>
            <span className="num" data-testid="article-reads">
              {readCount(article.readCount)}
            </span>
          </p>
        </header>
        <ArticleBody html={article.html} />
      </article>

      {article.estates.length > 0 ? (
        <section className="article-section" aria-label="文中小区">
          <h2>文中小区</h2>
          <ul className="article-estates">
            {article.estates.map((estate) => (
              <li key={estate.id}>
                <EstateFiguresCard estate={estate} testId="article-estate" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {article.related.length > 0 ? (
        <section className="article-section" aria-label="相关文章">
          <h2>相关文章</h2>
          <ul className="articles-list articles-list--flush">
            {article.related.map((r) => (
              <li key={r.id}>
                <ArticleCard article={r} cityId={cityId} compact />
              </li>
            ))}
          </ul>
          <Link className="article-section__more" to={listHref}>
            更多{column.title} ›
          </Link>
        </section>
      ) : null}

      <div className="bottom-bar bottom-bar--actions" data-testid="article-bar">
        <FollowButton
          kind="column"
          id={column.id}
          className="bottom-bar__item"
          icon
          label={`关注${column.name}`}
          testId="article-follow"
        />
        <button type="button" className="bottom-bar__item" onClick={() => void share()}>
          <span aria-hidden="true">⇪</span>分享
        </button>
        <Link className="btn btn-primary bottom-bar__primary" to={listHref}>
          更多{column.title}
        </Link>
      </div>
    </main>
  );
}
