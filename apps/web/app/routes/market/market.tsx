// /market 报告商城 (PAGES.md §3.10): the city (→ /market/citys), its 成交套数 and 成交均价 (trading/cityView), the
// promotion (trading/city/promotion), the category tabs 全部/城市/区域/小区/定制 over the product cards (NEW
// market/product/list, infinite scroll; trading/spu-count gives each tab's count) and the news (trading/newsView).
// The city is ?cityId, else the one the visit remembers.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import {
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  SITE_DESCRIPTION,
  pageTitle,
  parseId,
  type CityViewBody,
  type MallProductCard,
  type ProductListBody,
  type PromotionBody,
  type ReportCategory,
  type SpuCountBody,
} from '@fjt/domain';
import type { Route } from './+types/market';
import { callApi } from '../../lib/session.ts';
import { rememberCity, storedCityId } from '../../lib/city-storage.ts';
import { monthTitle, rate, unitPrice } from '../../lib/display.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { CityNews } from '../../components/city-news/CityNews.tsx';
import { ReportCard } from '../../features/market/ReportCard.tsx';
import { useApi } from '../../lib/use-api.ts';
import '../../features/market/market.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('报告商城') },
  {
    name: 'description',
    content: `城市、区域、小区房价报告与定制报告，月度更新，购买后下载 PDF。${SITE_DESCRIPTION}`,
  },
];

const DEFAULT_CITY = 605;

function useCityId(): number | null {
  const [search] = useSearchParams();
  const fromQuery = parseId(search.get('cityId'));
  const [cityId, setCityId] = useState<number | null>(fromQuery);
  useEffect(() => {
    const id = fromQuery ?? (storedCityId() || DEFAULT_CITY);
    setCityId(id);
    if (fromQuery) rememberCity(fromQuery);
  }, [fromQuery]);
  return cityId;
}

export default function MarketPage() {
  const cityId = useCityId();
  const [category, setCategory] = useState<ReportCategory | 'all'>('all');
  const view = useApi<CityViewBody>(cityId ? `trading/cityView?cityId=${cityId}` : null);
  const spu = useApi<SpuCountBody>(cityId ? `trading/spu-count?cityId=${cityId}` : null);
  const promo = useApi<PromotionBody>(cityId ? `trading/city/promotion?cityId=${cityId}` : null);
  const cityName = view.state.status === 'ready' ? view.state.body.cityName : '';

  return (
    <main className="market-page" data-testid="market-page">
      <header className="market-head">
        <h1>报告商城</h1>
        <Link className="market-head__city" to="/market/citys" data-testid="market-city">
          {cityName || '选择城市'} ▾
        </Link>
        <Link className="market-head__mine" to="/market/history">
          已购报告
        </Link>
      </header>
      <CityView state={view.state} retry={view.retry} />
      {promo.state.status === 'ready' && promo.state.body.list.length > 0 ? (
        <section className="market-block" aria-label={promo.state.body.title}>
          <h2 className="market-block__title">{promo.state.body.title}</h2>
          {promo.state.body.list.map((p) => (
            <ReportCard key={p.code} product={p} tag={p.tag} />
          ))}
        </section>
      ) : null}
      <section className="market-block" aria-label="全部报告">
        <div className="market-tabs" role="tablist">
          {(['all', ...REPORT_CATEGORIES] as const).map((c) => {
            const count =
              spu.state.status === 'ready' ? (c === 'all' ? spu.state.body.total : spu.state.body.categories[c]) : null;
            return (
              <button
                key={c}
                type="button"
                role="tab"
                aria-selected={category === c}
                className="market-tabs__tab"
                onClick={() => setCategory(c)}
              >
                {c === 'all' ? '全部' : REPORT_CATEGORY_LABELS[c]}
                {count !== null ? <span className="num"> {count}</span> : null}
              </button>
            );
          })}
        </div>
        {cityId ? <ProductList key={`${cityId}-${category}`} cityId={cityId} category={category} /> : <RowsSkeleton />}
      </section>
      {cityId ? (
        <section className="market-block" aria-label="行情资讯">
          <h2 className="market-block__title">行情资讯</h2>
          <CityNews cityId={cityId} />
        </section>
      ) : null}
    </main>
  );
}

function CityView({ state, retry }: { state: ReturnType<typeof useApi<CityViewBody>>['state']; retry: () => void }) {
  if (state.status === 'loading') return <div className="market-view market-view--loading" aria-busy="true" />;
  if (state.status === 'error') {
    return <LoadFailed title="城市概况加载失败" message={state.message} retry={retry} />;
  }
  const v = state.body;
  const priceMom = rate(v.dealMom);
  const countMom = rate(v.countMom);
  return (
    <section className="market-view" aria-label={`${v.cityName}成交概况`} data-testid="market-view">
      <p className="market-view__month">{v.month ? `${monthTitle(v.month)}成交概况` : '暂无成交数据'}</p>
      <dl>
        <div>
          <dt>成交套数</dt>
          <dd className="num">{v.dealCount}套</dd>
          <dd className={countMom.className}>环比 {countMom.text}</dd>
        </div>
        <div>
          <dt>成交均价</dt>
          <dd className="num">{unitPrice(v.dealAvg)}</dd>
          <dd className={priceMom.className}>环比 {priceMom.text}</dd>
        </div>
        <div>
          <dt>挂牌均价</dt>
          <dd className="num">{unitPrice(v.listingAvg)}</dd>
        </div>
      </dl>
    </section>
  );
}

function ProductList({ cityId, category }: { cityId: number; category: ReportCategory | 'all' }) {
  const base = `market/product/list?cityId=${cityId}${category === 'all' ? '' : `&category=${category}`}`;
  const first = useApi<ProductListBody>(`${base}&page=1`);
  const [items, setItems] = useState<MallProductCard[]>([]);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (first.state.status === 'ready') {
      setItems(first.state.body.list);
      setPage(1);
    }
  }, [first.state]);

  if (first.state.status === 'loading') return <RowsSkeleton count={4} />;
  if (first.state.status === 'error') {
    return <LoadFailed frame="plain" title="报告加载失败" message={first.state.message} retry={first.retry} />;
  }
  const total = first.state.body.total;
  if (total === 0) {
    return (
      <EmptyState
        frame="plain"
        title="该城市暂无此类报告"
        hint="换个分类或城市看看"
        action={
          <Link className="btn btn-primary" to="/market/citys">
            切换城市
          </Link>
        }
      />
    );
  }
  const loadMore = async () => {
    const res = await callApi<ProductListBody>(`${base}&page=${page + 1}`);
    if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || '加载失败');
    const next = res.body;
    setItems((prev) => [...prev, ...next.list]);
    setPage(next.page);
  };
  return (
    <div data-testid="market-products">
      {items.map((p) => (
        <ReportCard key={p.code} product={p} />
      ))}
      <InfiniteScroll loadMore={loadMore} hasMore={items.length < total} />
    </div>
  );
}
