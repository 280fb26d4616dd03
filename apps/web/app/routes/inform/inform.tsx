// /inform?targetType&targetId 纠错/举报 (PAGES.md §3.8): what is reported (GET inform/target) and the reasons offered
// for it as radio cards, then 下一步 → /inform/detail with the choice in the query. The estate page's older
// ?estateId= link is read as an estate target. Without a (known) target the page says so and offers the home page,
// and a signed-in user sees their own tickets (我的纠错/举报).
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type InformReason, type InformTargetBody } from '@fjt/domain';
import type { Route } from './+types/inform';
import { LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { NoTarget } from '../../features/inform/NoTarget.tsx';
import { MyTickets } from '../../features/inform/MyTickets.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import { TargetCard } from '../../features/inform/TargetCard.tsx';
import { informQuery, informTargetOf, type InformChoice } from '../../features/inform/query.ts';
import '../../features/inform/inform.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('纠错/举报') },
  { name: 'description', content: `反馈错误的价格、小区信息、虚假或过期房源，以及不良内容。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function Inform() {
  const location = useLocation();
  const choice = informTargetOf(new URLSearchParams(location.search));
  return (
    <main className="inform-page" data-testid="inform-page">
      {choice ? (
        <ReasonPicker key={`${choice.targetType}:${choice.targetId}`} choice={choice} />
      ) : (
        <>
          <NoTarget />
          <MyTickets />
        </>
      )}
    </main>
  );
}

function ReasonPicker({ choice }: { choice: InformChoice }) {
  const navigate = useNavigate();
  const { state, retry } = useApi<InformTargetBody>(
    `inform/target?targetType=${choice.targetType}&targetId=${choice.targetId}`,
  );
  const [reason, setReason] = useState<InformReason | null>(null);

  if (state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error') {
    return /不存在|已删除/.test(state.message) ? (
      <NoTarget message={state.message} />
    ) : (
      <LoadFailed title="加载失败" message={state.message} retry={retry} />
    );
  }
  const { target, reasons, verb } = state.body;
  return (
    <>
      <TargetCard target={target} />
      <section className="inform-section" aria-labelledby="inform-reasons-title">
        <h2 id="inform-reasons-title">请选择{verb}原因</h2>
        <fieldset className="inform-reasons" data-testid="inform-reasons">
          <legend className="visually-hidden">{verb}原因</legend>
          {reasons.map((r) => (
            <label key={r.key} className="inform-reason">
              <input
                type="radio"
                name="reason"
                value={r.key}
                checked={reason === r.key}
                onChange={() => setReason(r.key)}
              />
              {r.label}
            </label>
          ))}
        </fieldset>
      </section>
      <div className="bottom-bar inform-bar">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!reason}
          data-testid="inform-next"
          onClick={() => reason && void navigate(`/inform/detail${informQuery(choice, reason)}`)}
        >
          下一步
        </button>
      </div>
    </>
  );
}
