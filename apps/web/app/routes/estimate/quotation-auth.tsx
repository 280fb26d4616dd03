// /estimate/quotation/auth 业主认证 (PAGES.md §3.7): before an owner asks the estate's agents for listing advice, the
// phone is proven by an SMS code, the room named and the declaration agreed to. Login only (a visitor goes to
// /login and back). The estate is ?estateId (shown as a card), ?recordId a valuation passed along to 卖房报价;
// the result page's '我要卖房' and any estate's link open it the same way.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, parseId } from '@fjt/domain';
import type { Route } from './+types/quotation-auth';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { AuthForm } from '../../features/owner-quotes/AuthForm.tsx';
import { quoteEstate } from '../../features/owner-quotes/estate.ts';
import { QuoteSteps } from '../../features/owner-quotes/QuoteSteps.tsx';
import '../../features/owner-quotes/owner-quotes.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const estateId = parseId(url.searchParams.get('estateId'));
  const basic = estateId === null ? null : await context.services.estates.basicInfo(estateId);
  return { estate: quoteEstate(basic), recordId: parseId(url.searchParams.get('recordId')) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.estate ? `${loaderData.estate.name}业主认证` : '业主认证') },
  {
    name: 'description',
    content: `业主认证：短信验证、房屋地址与业主声明，认证后向经纪人提交卖房报价。${SITE_DESCRIPTION}`,
  },
  { name: 'robots', content: 'noindex' },
];

export default function QuotationAuth({ loaderData }: Route.ComponentProps) {
  const { estate, recordId } = loaderData;
  const viewer = useLoginGuard();
  return (
    <main className="oq-page" data-testid="oq-auth-page">
      <QuoteSteps current={1} />
      {estate ? (
        <>
          <div className="oq-estate">
            <EstateFiguresCard estate={estate} testId="oq-estate" />
          </div>
          {viewer.status === 'user' ? (
            <AuthForm estateId={estate.id} recordId={recordId} mobile={viewer.user.mobile} />
          ) : (
            <RowsSkeleton count={4} />
          )}
        </>
      ) : (
        <EmptyState
          title="请先选择要出售的房屋所在小区"
          hint="先估一估房子值多少钱，再在估价结果页点「我要卖房」。"
          action={
            <Link className="btn btn-primary" to="/estimate">
              去估价
            </Link>
          }
          testId="oq-no-estate"
        />
      )}
    </main>
  );
}
