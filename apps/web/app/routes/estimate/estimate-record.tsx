// /estimate/{recordId}?estateId 估价结果 (PAGES.md §3.7, send-order layout): one stored valuation, honest about its
// uncertainty — value, 80% range, confidence with its meaning and backtest figures, adjustments, the comparable
// deals, the estate's trend, '估价仅供参考' and the method. The record is its owner's: it comes from
// estimate/detail in the browser (another user's → 403 page). The loader reads only the public ?estateId (the
// estate's card and trend chart), so the page stays the same for everyone and cacheable.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseId, type EstimateRecord } from '@fjt/domain';
import { data } from 'react-router';
import type { Route } from './+types/estimate-record';
import { trendChart } from '../../features/estate/charts.server.ts';
import { TrendBlock } from '../../features/estate/components/TrendBlock.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { NavSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { ShareGuide } from '../../components/share-guide/ShareGuide.tsx';
import { useSendOrder } from '../../components/layouts/SendOrderLayout.tsx';
import { usePrefetchDealPriceModal } from '../../components/lead-form/LazyDealPriceModal.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { area } from '../../lib/display.ts';
import {
  AdjustmentsCard,
  ComparablesCard,
  ConfidenceCard,
  MethodNote,
  ValueHeadline,
} from '../../features/estimate/ValuationResult.tsx';
import { formOfRecord, formQuery } from '../../features/estimate/home-form.ts';
import '../../features/estimate/estimate.css';
import '../../features/estate/estate.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (parseId(params.recordId) === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const estateId = parseId(new URL(request.url).searchParams.get('estateId'));
  if (estateId === null) return { estateId: null, trend: null };
  const { estates } = context.services;
  const chart = await estates.headerChart({ houseId: estateId, months: 12 }).catch(() => null);
  return { estateId, trend: chart && trendChart(chart, 12) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('估价结果') },
  { name: 'description', content: `房屋估价结果：估价、80%区间、可信度与可比成交。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function EstimateRecordPage({ loaderData, params }: Route.ComponentProps) {
  const viewer = useLoginGuard();
  const recordId = parseId(params.recordId);
  const { state, retry } = useApi<EstimateRecord>(
    viewer.status === 'user' && recordId !== null ? `estimate/detail?recordId=${recordId}` : null,
  );
  const location = useLocation();
  const navigate = useNavigate();
  usePrefetchDealPriceModal();

  // The trend is the estate's: a link without (or with another) ?estateId gets the record's, so the chart comes too.
  const record = state.status === 'ready' ? state.body : null;
  useEffect(() => {
    if (record && loaderData.estateId !== record.estate.id) {
      void navigate(`${location.pathname}?estateId=${record.estate.id}`, { replace: true });
    }
  }, [record, loaderData.estateId, location.pathname, navigate]);

  if (state.status === 'error') {
    const denied = state.message.includes('无权');
    const gone = state.message.includes('不存在');
    return denied || gone ? (
      <main className="est-page">
        <EmptyState
          frame="card"
          art="data"
          title={state.message}
          hint={denied ? '估价记录仅本人可见。' : undefined}
          action={
            <Link className="btn btn-primary" to="/estimate">
              去估价
            </Link>
          }
          testId="estimate-record-denied"
        />
      </main>
    ) : (
      <main className="est-page">
        <LoadFailed title="估价结果加载失败" retry={retry} message={state.message} frame="card" />
      </main>
    );
  }
  if (!record) {
    return (
      <main className="est-page" aria-busy="true">
        <NavSkeleton kind="detail" />
      </main>
    );
  }
  return <RecordView record={record} trend={loaderData.estateId === record.estate.id ? loaderData.trend : null} />;
}

function RecordView({ record, trend }: { record: EstimateRecord; trend: Route.ComponentProps['loaderData']['trend'] }) {
  const { estate, input, result } = record;
  const { openOrder } = useSendOrder();
  const [sharing, setSharing] = useState(false);
  const again = `/estimate?${formQuery(estate.id, formOfRecord(record))}`;
  const sell = `/estimate/quotation/auth?estateId=${estate.id}&recordId=${record.recordId}`;
  const home = [
    area(input.area),
    `${input.rooms}室${input.halls === null ? '' : `${input.halls}厅`}`,
    `${input.floor}/${input.totalFloors}层`,
    input.orientation,
    input.decoration ?? '装修不确定',
  ].join(' · ');
  return (
    <main className="est-page" data-testid="estimate-record">
      <header className="est-subject">
        <Link to={`/${estate.cityId}/house-detail/${estate.id}`} className="est-subject__name">
          {estate.name} ›
        </Link>
        <p className="est-subject__region">
          {estate.districtName} · {estate.plateName}
        </p>
        <p className="est-subject__home">{home}</p>
      </header>
      <ValueHeadline result={result} />
      {result.path !== 'estate' ? (
        <p className="est-warning" role="note">
          本小区近期无成交，估价参考了同{result.path === 'plate' ? '板块' : '区域'}的成交，仅作粗略参考。
        </p>
      ) : null}
      <div className="est-actions">
        <Link className="est-actions__primary" to={sell} data-testid="estimate-sell">
          我要卖房
        </Link>
        <button
          type="button"
          className="est-actions__secondary"
          onClick={() => openOrder({ estateId: estate.id, cityId: estate.cityId, source: 'estimate' })}
        >
          查成交价
        </button>
      </div>
      <ConfidenceCard result={result} />
      <AdjustmentsCard result={result} />
      <ComparablesCard comparables={result.comparables} />
      {trend ? <TrendBlock trends={[trend]} estateName={estate.name} /> : null}
      <MethodNote />
      <nav className="est-toolbar" aria-label="操作">
        <Link to={again} data-testid="estimate-again">
          重新估价
        </Link>
        <button type="button" onClick={() => setSharing(true)}>
          分享
        </button>
        <FollowButton kind="estate" id={estate.id} label="订阅小区" onLabel="已订阅" testId="estimate-follow" />
      </nav>
      <ShareGuide visible={sharing} onClose={() => setSharing(false)} />
    </main>
  );
}
