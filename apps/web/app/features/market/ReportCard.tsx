// A report of the mall as a card: category badge, title, coverage, price (原价 struck through) and sold count.
// Used by /market (list and promotion) and /market/history.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REPORT_CATEGORY_LABELS, type MallProductCard } from '@fjt/domain';
import { yuan } from '../../lib/money.ts';

export function ReportCard({ product, tag, side }: { product: MallProductCard; tag?: string; side?: ReactNode }) {
  return (
    <article className="report-card" data-testid="report-card">
      <Link className="report-card__link" to={`/market/${product.code}`}>
        <span className={`report-card__badge report-card__badge--${product.category}`}>
          {REPORT_CATEGORY_LABELS[product.category]}
        </span>
        <div className="report-card__body">
          <h3 className="report-card__title">
            {product.title}
            {tag ? <em className="report-card__tag">{tag}</em> : null}
          </h3>
          <p className="report-card__coverage">{product.coverage}</p>
          <p className="report-card__meta">
            <span className="report-card__price num">¥{yuan(product.amount)}</span>
            {product.originAmount !== null ? (
              <s className="report-card__origin num">¥{yuan(product.originAmount)}</s>
            ) : null}
            <span className="report-card__sold">
              {product.updateCycle} · 已售<span className="num">{product.soldCount}</span>
            </span>
          </p>
        </div>
      </Link>
      {side ? <div className="report-card__side">{side}</div> : null}
    </article>
  );
}
