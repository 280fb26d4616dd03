// A district's plates (→ their 行情详情) or a plate's estates (→ 小区详情), with the month's 挂牌均价 and 环比.
import { Link } from 'react-router';
import type { QuotationDetailBody } from '@fjt/domain';
import { rate, unitPrice } from '../../lib/display.ts';

export function SubAreaList({ detail }: { detail: QuotationDetailBody }) {
  const target = (id: number) =>
    detail.subLevel === 'plate'
      ? `/quotation/detail?level=plate&id=${id}&cityId=${detail.cityId}`
      : `/${detail.cityId}/house-detail/${id}`;
  return (
    <ul className="quotation-sub" aria-label={detail.subLevel === 'plate' ? '板块行情' : '小区行情'}>
      {detail.subAreas.map((row) => {
        const mom = rate(row.listingMom);
        return (
          <li key={row.id}>
            <Link to={target(row.id)}>
              <span className="quotation-sub__name">
                {row.name}
                <small>
                  挂牌{row.listingCount}套 · 成交{row.dealCount}套
                </small>
              </span>
              <span className="quotation-sub__value">
                <b className="num">{unitPrice(row.listingAvg)}</b>
                <small className={mom.className}>环比{mom.text}</small>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
