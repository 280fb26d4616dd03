// One stored valuation in a list (my recent valuations on /estimate, 估价记录 on /profile/appraisal): the estate,
// the home, the value and when; it opens the result. `onDelete` adds 删除.
import { Link } from 'react-router';
import type { EstimateRecordItem } from '@fjt/domain';
import { area, chinaDate, totalPrice, unitPrice } from '../../lib/display.ts';

export const recordHref = (r: { recordId: number; estateId: number }) =>
  `/estimate/${r.recordId}?estateId=${r.estateId}`;

export function RecordItem({ record, onDelete }: { record: EstimateRecordItem; onDelete?: () => void }) {
  return (
    <li className="est-record" data-testid="estimate-record-item">
      <Link to={recordHref(record)} className="est-record__link">
        <span className="est-record__name">{record.estateName}</span>
        <span className="est-record__facts">
          {area(record.area)} · {record.rooms}室 · {record.asOf.replace('-', '年')}月 · 可信度{record.confidence}
        </span>
        <span className="est-record__value">
          <b className="num">{totalPrice(record.totalPrice)}</b>
          <small className="num">{unitPrice(record.unitPrice)}</small>
        </span>
        <span className="est-record__date">{chinaDate(record.createdAt)}</span>
      </Link>
      {onDelete ? (
        <button
          type="button"
          className="est-record__delete"
          onClick={onDelete}
          aria-label={`删除${record.estateName}的估价记录`}
        >
          删除
        </button>
      ) : null}
    </li>
  );
}
