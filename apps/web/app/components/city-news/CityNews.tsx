// A city's market news (trading/newsView) as the report mall (行情资讯) and the deal-data page (市场资讯) list it:
// a bone while it loads, a line with 重新加载 when it failed, a line when there is none, else up to `limit` rows,
// each a whole-row link (title, source and date). The caller gives the heading (its own card or section).
import { Link } from 'react-router';
import type { NewsItem } from '@fjt/domain';
import { EmptyNote } from '../empty-state/EmptyState.tsx';
import { useApi } from '../../lib/use-api.ts';
import './city-news.css';

export function CityNews({ cityId, limit = 5 }: { cityId: number; limit?: number }) {
  const { state, retry } = useApi<{ list: NewsItem[] }>(`trading/newsView?cityId=${cityId}`);
  if (state.status === 'loading') return <span className="sk-bone city-news__bone" aria-busy="true" />;
  if (state.status === 'error') {
    return (
      <EmptyNote
        action={
          <button type="button" className="btn" onClick={retry}>
            重新加载
          </button>
        }
      >
        资讯加载失败
      </EmptyNote>
    );
  }
  if (state.body.list.length === 0) return <EmptyNote>暂无该城市的市场资讯</EmptyNote>;
  return (
    <ul className="city-news">
      {state.body.list.slice(0, limit).map((n) => (
        <li key={n.id}>
          <Link to={n.href}>
            <span className="city-news__title">{n.title}</span>
            <span className="city-news__meta">
              {n.source} · <span className="num">{n.publishedAt}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
