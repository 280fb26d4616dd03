// /{city}/calendar 开盘日历 (PAGES.md §3.5): when the city's projects open, get permits, hold lotteries or hand
// over, a month at a time (the newest published month by default). Month and type live in the URL.
import { Link, data, useLocation } from 'react-router';
import {
  CALENDAR_TYPES,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  addMonths,
  formatDate,
  newHouseCalendarQuery,
  pageTitle,
  parseCityId,
  type CalendarEvent,
} from '@fjt/domain';
import type { Route } from './+types/calendar';
import { monthTitle, unitPrice } from '../../lib/display.ts';
import { CALENDAR_TYPE_ORDER, CalendarMonth } from '../../features/new-houses/CalendarMonth.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';
import '../../features/new-houses/new-houses.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  // A malformed month or type in a shared link falls back to its default.
  const chosen: Record<string, string> = {};
  for (const key of ['month', 'type'] as const) {
    const value = url.searchParams.get(key);
    if (value && newHouseCalendarQuery.safeParse({ cityId, [key]: value }).success) chosen[key] = value;
  }
  const [calendar, city] = await Promise.all([
    context.services.newHouses.calendar(newHouseCalendarQuery.parse({ cityId, ...chosen })),
    context.services.geo.getCity(cityId),
  ]);
  if (!calendar || !city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, cityName: city.name, calendar, now: Date.now() };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${d?.cityName ?? ''}开盘日历`) },
  {
    name: 'description',
    content: `${d?.cityName ?? ''}新房开盘、拿证、摇号与交房时间表。${SITE_DESCRIPTION}`,
  },
];

/** 套数 and 登记 of an event as the day list shows them. */
function eventFigures(e: CalendarEvent): string {
  const units = e.units !== null ? `${e.units}套` : '套数待定';
  if (e.type === 'lottery') return `${units} · 登记${e.registrants ?? '--'}人`;
  if (e.type === 'delivery') return `${units}（规划户数）`;
  return units;
}

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, calendar, now } = loaderData;
  const location = useLocation();
  const { month, events } = calendar;
  const type = new URLSearchParams(location.search).get('type') ?? undefined;
  const href = (change: { month?: string; type?: string | null }) => {
    const query = new URLSearchParams({ month: change.month ?? month });
    const t = change.type === undefined ? type : change.type;
    if (t) query.set('type', t);
    return `/${cityId}/calendar?${query}`;
  };
  const byDate = new Map<string, CalendarEvent[]>();
  for (const e of events) (byDate.get(e.date) ?? byDate.set(e.date, []).get(e.date)!).push(e);
  const nextBusy = calendar.months.find((m) => m.month > month)?.month;
  const total = Object.values(calendar.typeCounts).reduce((a, b) => a + b, 0);
  const login = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  return (
    <main className="nh">
      <header className="nh-head">
        <h1>{cityName}开盘日历</h1>
        <nav className="nh-month" aria-label="月份">
          <Link to={href({ month: addMonths(month, -1) })} replace aria-label="上个月">
            ‹
          </Link>
          <strong>{monthTitle(month)}</strong>
          <Link to={href({ month: addMonths(month, 1) })} replace aria-label="下个月">
            ›
          </Link>
        </nav>
      </header>
      <nav className="nh-chips" aria-label="类型">
        <Link to={href({ type: null })} replace aria-current={!type ? 'page' : undefined}>
          全部 {total}
        </Link>
        {CALENDAR_TYPE_ORDER.filter((t) => calendar.typeCounts[t]).map((t) => (
          <Link key={t} to={href({ type: t })} replace aria-current={type === t ? 'page' : undefined}>
            <i className={`nh-dot nh-dot--${t}`} aria-hidden="true" />
            {CALENDAR_TYPES[t]} {calendar.typeCounts[t]}
          </Link>
        ))}
      </nav>
      <Card flush>
        <CalendarMonth month={month} events={events} />
      </Card>
      {events.length === 0 ? (
        <EmptyState
          title="本月暂无开盘"
          hint="订阅开盘提醒，有新楼盘开盘第一时间通知你"
          action={
            <>
              {nextBusy ? (
                <Link to={href({ month: nextBusy, type: null })} replace className="btn">
                  看{monthTitle(nextBusy)}
                </Link>
              ) : null}
              <Link to={login} className="btn btn-primary">
                订阅开盘提醒
              </Link>
            </>
          }
        />
      ) : (
        <ol className="nh-days" aria-label="当月安排">
          {[...byDate.entries()].map(([date, list]) => (
            <li key={date} id={`d-${date}`}>
              <h2>{formatDate(date, new Date(now))}</h2>
              <ul>
                {list.map((e) => (
                  <li key={`${e.type}-${e.projectId}-${e.permitNo ?? ''}`} className="nh-event">
                    <span className={`nh-event__type nh-event__type--${e.type}`}>{CALENDAR_TYPES[e.type]}</span>
                    <div className="nh-event__body">
                      <Link to={`/${cityId}/loupan/${e.projectId}`}>
                        <strong>{e.projectName}</strong>
                      </Link>
                      <small>
                        {e.districtName} · 参考均价{e.avgPrice !== null ? unitPrice(e.avgPrice) : '待定'}
                      </small>
                      <small>
                        {eventFigures(e)}
                        {e.permitNo ? ` · ${e.permitNo}` : ''}
                      </small>
                    </div>
                    <Link to={login} className="nh-event__remind">
                      提醒我
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <p className="nh__count">开盘、拿证、摇号、交房日期来自预售许可与开发商公示；摇号登记时间以公证处公告为准</p>
    </main>
  );
}
