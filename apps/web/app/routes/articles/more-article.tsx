// /{city}/home-list/more-article 文章 (PAGES.md §3.8): the articles of a column (?tab=policy 政策, market 行情,
// guide 攻略) for the city — its own and the nationwide ones, newest first — with the column's 关注 button.
// Data: POST content/list (type = the column); 关注 goes through subscribe/add with targetType column (the
// FollowButton asks the viewer's state in the browser). Unknown city → 404.
import { Link, data, useRevalidator } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  ARTICLE_COLUMNS,
  ARTICLE_COLUMN_CODES,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  articleListInput,
  pageTitle,
  parseCityId,
  type ArticleCard as Article,
  type ArticleColumn,
} from '@fjt/domain';
import type { Route } from './+types/more-article';
import { ArticleCard } from '../../features/articles/ArticleCard.tsx';
import { COLUMN_BLURBS } from '../../features/articles/columns.ts';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { usePagedList } from '../../lib/paged-list.ts';
import '../../features/articles/articles.css';

const notFound = () => data({ message: NOT_FOUND_MESSAGE }, { status: 404 });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw notFound();
  const tab = new URL(request.url).searchParams.get('tab');
  // a tab that is not ours falls back to the first
  const column: ArticleColumn = ARTICLE_COLUMN_CODES.find((c) => c === tab) ?? 'policy';
  const input = articleListInput.parse({ cityId, type: column });
  const { content, geo } = context.services;
  const [city, articles] = await Promise.all([geo.getCity(cityId), content.articles(input)]);
  if (!city || !articles) throw notFound();
  return { cityId, cityName: city.name, column, articles };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('文章') }];
  const { cityName, column } = loaderData;
  return [
    { title: pageTitle(`${cityName}${ARTICLE_COLUMNS[column].title}`) },
    {
      name: 'description',
      content: `${cityName}购房政策解读、月度二手房行情与买房攻略：限购、税费、贷款、看房和议价。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function MoreArticlePage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, column, articles } = loaderData;
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList<Article>(
    articles,
    (page) =>
      new Request('/rabbit/v1/content/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cityId, type: column, page }),
      }),
  );
  const info = ARTICLE_COLUMNS[column];

  return (
    <main className="articles-page">
      <h1 className="visually-hidden">
        {cityName}
        {info.title}
      </h1>
      <nav className="articles-tabs" aria-label="专栏">
        {ARTICLE_COLUMN_CODES.map((c) => (
          <Link
            key={c}
            to={c === 'policy' ? '?' : `?tab=${c}`}
            replace
            preventScrollReset
            className={c === column ? 'is-active' : undefined}
            aria-current={c === column ? 'page' : undefined}
          >
            {ARTICLE_COLUMNS[c].name}
          </Link>
        ))}
      </nav>

      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <header className="articles-column" data-testid="article-column">
          <span className={`article-card__badge article-card__badge--${column}`} aria-hidden="true">
            {info.name}
          </span>
          <span className="articles-column__text">
            <strong>{info.title}</strong>
            <small>{column === 'market' ? `${cityName}${COLUMN_BLURBS.market}` : COLUMN_BLURBS[column]}</small>
          </span>
          <FollowButton
            kind="column"
            id={info.id}
            label="+ 关注"
            className="btn articles-column__follow"
            testId="column-follow"
          />
        </header>

        {items.length === 0 ? (
          <EmptyState
            title={`暂无${info.title}文章`}
            hint="我们正在整理，先看看其他专栏吧"
            action={
              <Link className="btn btn-primary" to={column === 'guide' ? '?' : '?tab=guide'} replace>
                {column === 'guide' ? '看看政策解读' : '看看买房攻略'}
              </Link>
            }
          />
        ) : (
          <ul className="articles-list" aria-label={`${info.title}文章`}>
            {items.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} cityId={cityId} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}
