// /estimate/quotation/auth 业主认证 (PAGES.md §3.7): before an owner asks the estate's agents for listing advice, the
// phone is proven by an SMS code, the room named and the declaration agreed to. Login only (a visitor goes to
// /login and back). The estate is ?estateId (shown as a card), ?recordId a valuation passed along to 卖房报价;
// the result page's '我要卖房' and any estate's link open it the same way; without an estate the owner picks one.
import { SITE_DESCRIPTION, pageTitle, parseId } from '@fjt/domain';
import type { Route } from './+types/quotation-auth';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { AuthForm } from '../../features/owner-quotes/AuthForm.tsx';
import { quoteEstate } from '../../features/owner-quotes/estate.ts';
import { QuoteSteps } from '../../features/owner-quotes/QuoteSteps.tsx';
import { PickEstate } from '../../features/owner-quotes/PickEstate.tsx';
import '../../features/owner-quotes/owner-quotes.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const estateId = parseId(url.searchParams.get('estateId'));
  const basic = estateId === null ? null : await context.services.estates.basicInfo(estateId);
  // no (known) estate: the cities for the estate picker
  const cities = basic ? [] : (await context.services.geo.listCities()).map(({ id, name }) => ({ id, name }));
  return { estate: quoteEstate(basic), cities, recordId: parseId(url.searchParams.get('recordId')) };
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
  const { estate, cities, recordId } = loaderData;
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
        <PickEstate cities={cities} recordId={recordId} />
      )}
    </main>
  );
}
