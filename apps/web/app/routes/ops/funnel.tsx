// /ops/funnel 渠道漏斗 (issue 18; ops role): per day (Asia/Shanghai) and channel, visits (devices with a channel
// mark) → logins (users attributed to the channel) → paid orders and their amount, from GET ops/funnel. The range
// (at most 92 days, default the last 14) and the channel filter live in the URL (a GET form); the numbers are
// fetched in the browser. A read: no audit.
import { Form, Link } from 'react-router';
import { FUNNEL_MAX_DAYS, funnelQuery, pageTitle, type FunnelBody } from '@fjt/domain';
import type { Route } from './+types/funnel';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { useApi } from '../../lib/use-api.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { FunnelChart, daysBetween } from '../../features/tracking/FunnelChart.tsx';
import { yuan } from '../../lib/money.ts';

const shanghaiDay = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-funnel');
  const url = new URL(request.url);
  const today = shanghaiDay(Date.now());
  const asked = {
    from: url.searchParams.get('from') ?? shanghaiDay(Date.now() - 13 * 86_400_000),
    to: url.searchParams.get('to') ?? today,
    ...(url.searchParams.get('channel') ? { channel: url.searchParams.get('channel')! } : {}),
  };
  const parsed = funnelQuery.safeParse(asked);
  return {
    from: asked.from,
    to: asked.to,
    channel: asked.channel ?? '',
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? '查询条件不正确'),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('渠道漏斗') },
  { name: 'robots', content: 'noindex' },
];

export default function OpsFunnel({ loaderData }: Route.ComponentProps) {
  const { from, to, channel, error } = loaderData;
  const qs = new URLSearchParams({ from, to, ...(channel ? { channel } : {}) });
  // useApi drops an answer that arrives after the query changed, so an older range never paints over a newer one
  const { state, retry } = useApi<FunnelBody>(error ? null : `ops/funnel?${qs}`);

  const body = !error && state.status === 'ready' ? state.body : null;
  const byDay = new Map<string, { visits: number; logins: number; orders: number }>();
  for (const r of body?.rows ?? []) {
    const d = byDay.get(r.day) ?? { visits: 0, logins: 0, orders: 0 };
    d.visits += r.visits;
    d.logins += r.logins;
    d.orders += r.orders;
    byDay.set(r.day, d);
  }
  const days = body
    ? daysBetween(body.from, body.to).map((day) => ({
        day,
        ...(byDay.get(day) ?? { visits: 0, logins: 0, orders: 0 }),
      }))
    : [];
  const channels = [...new Set([...(body?.channels ?? []), ...(channel ? [channel] : [])])];

  return (
    <>
      <h1 className="ops-title">渠道漏斗</h1>
      <section className="ops-panel" aria-label="筛选">
        <Form method="get" className="ops-form" key={`${from}-${to}-${channel}`}>
          <label className="ops-field">
            <span>开始日期</span>
            <input type="date" name="from" defaultValue={from} required />
          </label>
          <label className="ops-field">
            <span>结束日期</span>
            <input type="date" name="to" defaultValue={to} required />
          </label>
          <label className="ops-field">
            <span>渠道</span>
            <select name="channel" defaultValue={channel}>
              <option value="">全部渠道</option>
              {channels.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary ops-btn">
              查询
            </button>
            <Link to="/ops/funnel" className="btn ops-btn">
              最近14天
            </Link>
          </div>
        </Form>
        <p className="ops-hint">
          按北京时间统计，最多{FUNNEL_MAX_DAYS}
          天。访问：有渠道标记的设备数；登录：当天归因到该渠道的用户；订单：该渠道用户当天已支付的订单。
        </p>
      </section>
      <section
        className="ops-panel"
        aria-labelledby="ops-funnel-chart"
        aria-busy={!error && state.status === 'loading'}
      >
        <h2 id="ops-funnel-chart" className="ops-panel__title">
          {from} 至 {to}
          {channel ? `（${channel}）` : '（全部渠道）'}
        </h2>
        {error ? (
          <p className="ops-form__error" role="alert">
            {error}
          </p>
        ) : state.status === 'loading' ? (
          <div className="sk-bone" style={{ width: '100%', height: 200 }} />
        ) : state.status === 'error' ? (
          <LoadFailed
            frame="plain"
            title="漏斗数据加载失败"
            message={state.message}
            retry={retry}
            testId="funnel-error"
          />
        ) : (
          <>
            <dl className="ops-facts" data-testid="funnel-totals">
              <dt>访问</dt>
              <dd className="num">{state.body.totals.visits}</dd>
              <dt>登录</dt>
              <dd className="num">{state.body.totals.logins}</dd>
              <dt>订单</dt>
              <dd className="num">{state.body.totals.orders}</dd>
              <dt>金额</dt>
              <dd className="num">¥{yuan(state.body.totals.amountFen / 100)}</dd>
            </dl>
            <FunnelChart days={days} />
            {state.body.rows.length === 0 ? (
              <EmptyState frame="plain" art="search" title="这段时间没有渠道数据" />
            ) : (
              <div className="ops-table-wrap">
                <DataTable label="每日渠道漏斗">
                  <thead>
                    <tr>
                      <th scope="col">日期</th>
                      <th scope="col">渠道</th>
                      <th scope="col">访问</th>
                      <th scope="col">登录</th>
                      <th scope="col">订单</th>
                      <th scope="col">金额</th>
                    </tr>
                  </thead>
                  <tbody data-testid="funnel-rows">
                    {state.body.rows.map((r) => (
                      <tr key={`${r.day}-${r.channel}`}>
                        <th scope="row" className="num">
                          {r.day}
                        </th>
                        <td>{r.channel}</td>
                        <td className="num">{r.visits}</td>
                        <td className="num">{r.logins}</td>
                        <td className="num">{r.orders}</td>
                        <td className="num">¥{yuan(r.amountFen / 100)}</td>
                      </tr>
                    ))}
                  </tbody>
                </DataTable>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
}
