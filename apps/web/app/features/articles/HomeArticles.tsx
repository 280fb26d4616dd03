// The city home's 资讯 block (PAGES.md §3.1 "3 articles"): the newest article of each column — the city's latest
// 行情 write-up, a 政策 and a 攻略 — linking on to /{city}/home-list/more-article.
import type { ArticleCard as Article } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import './articles.css';

export function HomeArticles({ cityId, articles }: { cityId: number; articles: Article[] }) {
  if (articles.length === 0) return null;
  return (
    <Card
      id="home-articles"
      title="资讯"
      more={{ to: `/${cityId}/home-list/more-article?tab=market`, text: '更多文章' }}
    >
      <ul className="articles-list articles-list--flush">
        {articles.map((a) => (
          <li key={a.id}>
            <ArticleCard article={a} cityId={cityId} compact />
          </li>
        ))}
      </ul>
    </Card>
  );
}
