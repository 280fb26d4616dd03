// 小区PK (PAGES.md §3.7): two estates side by side — pickers, the compared rows with the better value
// highlighted, the overlaid 12-month trend; swap, replace either side, share the link.
// The dev harness /test-community-pk renders this same view with its fixture cases.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { ellipsis } from '@fjt/domain';
import { SvgChart } from '../../../components/charts/SvgChart.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { rate } from '../../../lib/display.ts';
import { PK_RULE_NOTE, pkRows, pkScore } from '../compare.ts';
import { pkPath } from '../pk-path.ts';
import type { PkEstate, PkSide, PkSideKey, PkTrend, PkViewData } from '../types.ts';
import { EstatePicker } from './EstatePicker.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import '../community-pk.css';

export interface PkViewProps extends PkViewData {
  /** The ids as written in the URL (kept for swap and share even when one names no estate). */
  ids: { a: string | null; b: string | null };
  /** A heading above the view (the harness names its cases); the page itself has none. */
  caption?: string;
}

const estateOf = (side: PkSide): PkEstate | null => (side.status === 'ok' ? side.estate : null);

function SideCard({
  cityId,
  sideKey,
  side,
  wins,
  onChoose,
}: {
  cityId: number;
  sideKey: PkSideKey;
  side: PkSide;
  wins: number | null;
  onChoose: () => void;
}) {
  const label = sideKey.toUpperCase();
  let body: ReactNode;
  if (side.status === 'ok') {
    const { estate } = side;
    body = (
      <>
        <Link className="pk-side__name" to={`/${cityId}/house-detail/${estate.id}`}>
          <span>{estate.name}</span>
        </Link>
        <p className="pk-side__place">
          {estate.districtName} · {estate.plateName}
        </p>
        {wins !== null ? <p className="pk-side__wins">胜出{wins}项</p> : null}
        <button type="button" className="pk-side__change" onClick={onChoose}>
          更换
        </button>
      </>
    );
  } else if (side.status === 'missing') {
    body = (
      <>
        <p className="pk-side__missing">小区不存在</p>
        <button type="button" className="pk-side__change" onClick={onChoose}>
          重新选择
        </button>
      </>
    );
  } else {
    body = (
      <button type="button" className="pk-side__add" onClick={onChoose}>
        <span className="pk-side__plus" aria-hidden="true">
          +
        </span>
        选择小区
      </button>
    );
  }
  return (
    <div className={`pk-side pk-side--${sideKey} pk-side--${side.status}`} data-testid={`pk-side-${sideKey}`}>
      <span className="pk-side__tag">{label}</span>
      {body}
    </div>
  );
}

function TrendBlock({ trend }: { trend: PkTrend }) {
  const takeaway = trend.changes.map((c, i) => {
    const r = rate(c.change);
    return (
      <span key={c.side}>
        {i > 0 ? '，' : ''}
        {ellipsis(c.name, 8)}
        {c.change === null ? '暂无变化数据' : <span className={r.className}>{r.text.replace(/[↑↓]$/, '')}</span>}
      </span>
    );
  });
  return (
    <section className="pk-block" data-testid="pk-trend" aria-labelledby="pk-trend-title">
      <h2 className="pk-block__title" id="pk-trend-title">
        近12个月挂牌均价走势
      </h2>
      <SvgChart svg={trend.svg} takeaway={<>近12个月{takeaway}</>} label="两个小区近12个月挂牌均价走势" />
    </section>
  );
}

export function PkView({ cityId, a, b, bothMissing, trend, hot, ids, caption }: PkViewProps) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<PkSideKey | null>(null);
  // The pickers and share work once the page is interactive; tests wait for this mark.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const estateA = estateOf(a);
  const estateB = estateOf(b);
  const rows = pkRows(estateA, estateB);
  const bothChosen = estateA !== null && estateB !== null;
  const score = bothChosen ? pkScore(rows) : null;

  const pick = (side: PkSideKey, estateId: number) => {
    const other = side === 'a' ? estateB : estateA;
    if (other?.id === estateId) {
      showToast('请选择另一个小区');
      return;
    }
    setChoosing(null);
    navigate(pkPath(cityId, { ...ids, [side]: estateId }));
  };
  const share = async () => {
    const url = `${window.location.origin}${pkPath(cityId, ids)}`;
    await copyText(url).catch(() => showToast('复制失败，请手动复制链接'));
  };

  return (
    <div className="pk" data-testid="community-pk" data-hydrated={hydrated ? '' : undefined}>
      {caption ? <h2 className="pk__caption">{caption}</h2> : <h1 className="pk__title">小区PK</h1>}
      {bothMissing ? <p className="pk__notice">所选小区不存在，请重新选择</p> : null}
      <div className="pk-sides">
        <SideCard cityId={cityId} sideKey="a" side={a} wins={score?.a ?? null} onChoose={() => setChoosing('a')} />
        <span className="pk-sides__vs" aria-hidden="true">
          VS
        </span>
        <SideCard cityId={cityId} sideKey="b" side={b} wins={score?.b ?? null} onChoose={() => setChoosing('b')} />
      </div>
      {estateA || estateB ? (
        <div className="pk-actions">
          <Link className="pk-actions__item" to={pkPath(cityId, { a: ids.b, b: ids.a })} data-testid="pk-swap">
            <span aria-hidden="true">⇄</span>交换
          </Link>
          <button type="button" className="pk-actions__item" onClick={() => void share()} data-testid="pk-share">
            <span aria-hidden="true">⇪</span>分享
          </button>
        </div>
      ) : null}

      {estateA || estateB ? (
        <section className="pk-block" data-testid="pk-rows" aria-labelledby="pk-rows-title">
          <h2 className="pk-block__title" id="pk-rows-title">
            数据对比
          </h2>
          <table className="pk-table">
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-row={row.key}>
                  <td className={`pk-table__cell pk-table__cell--a${row.better === 'a' ? ' is-better' : ''}`}>
                    <span className={`num ${row.a.className ?? ''}`}>{row.a.text}</span>
                  </td>
                  <th scope="row" className="pk-table__label">
                    {row.label}
                  </th>
                  <td className={`pk-table__cell pk-table__cell--b${row.better === 'b' ? ' is-better' : ''}`}>
                    <span className={`num ${row.b.className ?? ''}`}>{row.b.text}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="pk-block__note">{bothChosen ? PK_RULE_NOTE : '再选一个小区，逐项比较谁更优。'}</p>
        </section>
      ) : (
        <EmptyState
          as="section"
          testId="pk-empty"
          title="选择两个小区，对比均价、涨跌、建成年代、物业费、绿化率、成交与租金"
          action={
            <button type="button" className="btn btn-primary" onClick={() => setChoosing('a')}>
              选择小区
            </button>
          }
        />
      )}

      {trend ? <TrendBlock trend={trend} /> : null}

      <EstatePicker cityId={cityId} side={choosing} hot={hot} onPick={pick} onClose={() => setChoosing(null)} />
    </div>
  );
}
