// /quotation?cityId&month 行情 (PAGES.md §3.1): a month of the city and its districts — 挂牌/成交均价, 环比,
// 挂牌量, 成交量 and 房东溢价系数 — sortable, each district opening its 36-month detail. The city comes from
// ?cityId like /deal-rank; month and sort live in the URL.
import { data, useNavigate } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, quotationQuery, resolveCityId } from '@fjt/domain';
import type { Route } from './+types/quotation';
import { QuotationTable } from '../../features/quotation/QuotationTable.tsx';
import { parseSort, type QuotationSort, type SortOrder } from '../../features/quotation/sorting.ts';
import { monthTitle, rate, unitPrice } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/quotation/quotation.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ queryCityId: url.searchParams.get('cityId') });
  // A malformed month in a shared link falls back to the newest one.
  const month = url.searchParams.get('month') ?? undefined;
  const query = quotationQuery.safeParse({ cityId, month });
  const board = await context.services.quotation.board(query.success ? query.data : { cityId });
  if (!board) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { board, ...parseSort(url.searchParams.get('sort'), url.searchParams.get('order')) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('行情') }];
  const { cityName, month } = loaderData.board;
  const when = month ? monthTitle(month) : '';
  return [
    { title: pageTitle(`${cityName}${when}房价行情`) },
    {
      name: 'description',
      content: `${cityName}${when}各区二手房挂牌均价、成交均价、环比、挂牌量、成交量与房东溢价系数。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function QuotationPage({ loaderData }: Route.ComponentProps) {
  const { board, sort, order } = loaderData;
  const navigate = useNavigate();
  const href = (change: { month?: string; sort?: QuotationSort; order?: SortOrder }) => {
    const query = new URLSearchParams({ cityId: String(board.cityId) });
    const month = change.month ?? board.month;
    if (month) query.set('month', month);
    const s = change.sort ?? sort;
    if (s) {
      query.set('sort', s);
      query.set('order', change.order ?? order);
    }
    return `/quotation?${query}`;
  };
  const listingMom = rate(board.city?.listingMom);
  return (
    <main className="quotation">
      <header className="quotation-head">
        <h1>{board.cityName}房价行情</h1>
        {board.month ? (
          <label className="quotation-head__month">
            统计月份
            <select
              value={board.month}
              onChange={(e) => navigate(href({ month: e.target.value }), { replace: true })}
              aria-label="统计月份"
            >
              {board.months.map((m) => (
                <option key={m} value={m}>
                  {monthTitle(m)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {board.city ? (
          <p className="quotation-head__takeaway">
            {monthTitle(board.month!)}全市挂牌均价 <b className="num">{unitPrice(board.city.listingAvg)}</b>，环比
            <span className={listingMom.className}>{listingMom.text}</span>
          </p>
        ) : null}
      </header>
      {board.month && board.list.length > 0 ? (
        <>
          <QuotationTable
            cityId={board.cityId}
            city={board.city}
            rows={board.list}
            sort={sort}
            order={order}
            sortHref={(s, o) => href({ sort: s, order: o })}
          />
          <p className="quotation__note">
            均价单位：元/㎡；环比为挂牌均价较上月；挂牌量为月末在售套数，成交量为当月成交套数。点击区域查看近36个月走势。
          </p>
        </>
      ) : (
        <EmptyState
          art="data"
          title={`${board.cityName}的行情数据正在整理中`}
          action={
            <a className="btn btn-primary" href="/citylist">
              换个城市看看
            </a>
          }
        />
      )}
    </main>
  );
}
