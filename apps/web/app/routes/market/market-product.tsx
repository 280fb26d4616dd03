// /market/{productid} 报告详情 (PAGES.md §3.10): the report's sample page (the live report it is printed from),
// contents, coverage, update cycle and price → 立即购买 (/market/order?productCode=…); an owner sees 已购买 · 下载.
// Data: NEW market/product/detail (owned for the signed-in user).
import { Link, useParams } from 'react-router';
import { REPORT_CATEGORY_LABELS, SITE_DESCRIPTION, monthTitle, pageTitle, type ProductDetailBody } from '@fjt/domain';
import type { Route } from './+types/market-product';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { yuan } from '../../lib/money.ts';
import { useApi } from '../../lib/use-api.ts';
import { useViewer } from '../../lib/session.ts';
import '../../features/market/market.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('报告详情') },
  { name: 'description', content: `报告样张、目录、覆盖范围、更新周期与价格。${SITE_DESCRIPTION}` },
];

export default function MarketProductPage() {
  const { productid = '' } = useParams();
  const viewer = useViewer();
  // signed in or not decides `owned`: ask once the viewer is known
  const ready = viewer.status !== 'loading';
  const { state, retry } = useApi<ProductDetailBody>(
    ready ? `market/product/detail?productCode=${encodeURIComponent(productid)}` : null,
  );

  if (state.status === 'loading') {
    return (
      <main className="market-page" aria-busy="true">
        <RowsSkeleton count={5} />
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main className="market-page">
        <EmptyState
          art="data"
          title={state.message === '商品不存在或已下架' ? '报告不存在或已下架' : '报告加载失败'}
          hint={state.message}
          action={
            <>
              <button type="button" className="btn" onClick={retry}>
                重新加载
              </button>
              <Link className="btn btn-primary" to="/market">
                去报告商城
              </Link>
            </>
          }
        />
      </main>
    );
  }
  const { product, owned } = state.body;
  return (
    <main className="market-page market-detail" data-testid="market-product">
      <section className="market-detail__head">
        <span className={`report-card__badge report-card__badge--${product.category}`}>
          {REPORT_CATEGORY_LABELS[product.category]}报告
        </span>
        <h1>{product.title}</h1>
        <p className="market-detail__sub">{product.subtitle}</p>
        <p className="market-detail__price">
          <span className="report-card__price num">¥{yuan(product.amount)}</span>
          {product.originAmount !== null ? <s className="num">¥{yuan(product.originAmount)}</s> : null}
          <span className="report-card__sold">
            已售<span className="num">{product.soldCount}</span>
          </span>
        </p>
      </section>
      <section className="market-block" aria-label="报告信息">
        <dl className="market-detail__facts">
          <div>
            <dt>覆盖范围</dt>
            <dd>{product.coverage}</dd>
          </div>
          <div>
            <dt>更新周期</dt>
            <dd>
              {product.updateCycle}
              {product.edition ? `（当前版本：${monthTitle(product.edition)}数据）` : ''}
            </dd>
          </div>
          <div>
            <dt>交付方式</dt>
            <dd>A4 PDF，购买后在「已购报告」下载，可反复下载</dd>
          </div>
        </dl>
      </section>
      <section className="market-block" aria-label="报告目录">
        <h2 className="market-block__title">报告目录</h2>
        <ol className="market-detail__contents">
          {product.contents.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
      <section className="market-block" aria-label="报告样张">
        <h2 className="market-block__title">报告样张</h2>
        <p className="market-detail__sample">
          PDF 由以下在线报告页面按 A4 排版生成，内容与购买时的最新数据一致。
          <Link to={product.sampleHref} data-testid="market-sample">
            查看在线样张 ›
          </Link>
        </p>
      </section>
      <div className="bottom-bar">
        {owned ? (
          <Link className="btn btn-primary market-detail__buy" to="/market/history" data-testid="market-owned">
            已购买 · 下载
          </Link>
        ) : (
          <Link
            className="btn btn-primary market-detail__buy"
            to={`/market/order?productCode=${encodeURIComponent(product.code)}`}
            data-testid="market-buy"
          >
            立即购买 ¥{yuan(product.amount)}
          </Link>
        )}
      </div>
    </main>
  );
}
