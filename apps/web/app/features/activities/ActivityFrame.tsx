// The one frame of every campaign page (issue 18, PAGES.md §3.13): reads NEW GET activity/info?code in the browser
// (never through the page cache, so a period ops changed shows at once), shows the page's skeleton while it loads,
// '活动已结束' once the activity has ended (or ops took it down), '活动尚未开始' before it starts, and the page itself
// (children) while it runs. ActivityRules lists the activity's rules; nothing on a campaign page is hard-coded.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ACTIVITY_MESSAGES, type ActivityInfoBody, type ActivityView } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import './activities.css';

export function useActivity(code: string) {
  return useApi<ActivityInfoBody>(`activity/info?code=${encodeURIComponent(code)}`);
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** '11月1日 00:00 — 11月12日 00:00', or '长期有效'. */
export function activityPeriod(a: Pick<ActivityView, 'startsAt' | 'endsAt'>): string {
  return a.endsAt ? `${when(a.startsAt)} — ${when(a.endsAt)}` : '长期有效';
}

export interface ActivityFrameProps {
  code: string;
  /** The running activity's page. */
  children: (activity: ActivityView) => ReactNode;
  /** Offered on the ended page instead of the default 去首页看看 (e.g. the full-price purchase). */
  endedAction?: ReactNode;
  testId?: string;
}

export function ActivityFrame({ code, children, endedAction, testId }: ActivityFrameProps) {
  const { state, retry } = useActivity(code);
  if (state.status === 'loading') return <RowsSkeleton count={4} />;
  if (state.status === 'error')
    return (
      <main className="activity-page" data-testid={testId}>
        <EmptyState
          art="data"
          title={state.message}
          testId="activity-error"
          action={
            <button type="button" className="btn btn-primary" onClick={retry}>
              重新加载
            </button>
          }
        />
      </main>
    );
  const { activity } = state.body;
  if (activity.status !== 'running')
    return <ActivityClosed activity={activity} endedAction={endedAction} testId={testId} />;
  return (
    <main className="activity-page" data-testid={testId} data-activity-status="running">
      {children(activity)}
    </main>
  );
}

/** The page of an activity not running: '活动已结束' or '活动尚未开始', its period and the way on. */
export function ActivityClosed({
  activity,
  endedAction,
  testId,
}: { activity: ActivityView } & Pick<ActivityFrameProps, 'endedAction' | 'testId'>) {
  return (
    <main className="activity-page" data-testid={testId} data-activity-status={activity.status}>
      <EmptyState
        art="data"
        title={activity.status === 'ended' ? ACTIVITY_MESSAGES.ended : ACTIVITY_MESSAGES.notStarted}
        hint={`${activity.title} · 活动时间：${activityPeriod(activity)}`}
        testId="activity-closed"
        action={
          endedAction ?? (
            <Link className="btn btn-primary" to="/">
              去首页看看
            </Link>
          )
        }
      />
    </main>
  );
}

/** 活动规则: the period and the rules of activity/info, numbered. */
export function ActivityRules({ activity }: { activity: ActivityView }) {
  return (
    <Card title="活动规则" id="activity-rules">
      <p className="activity-rules__period">活动时间：{activityPeriod(activity)}</p>
      <ol className="activity-rules">
        {activity.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </Card>
  );
}
