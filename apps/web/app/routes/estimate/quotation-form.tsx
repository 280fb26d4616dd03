// /estimate/quotation/form 卖房报价 (PAGES.md §3.7, §3.11, spec §9): three states of one page, login only.
// - ?quoteId: one of the user's quotes with the agent's 挂牌建议 (another user's: 403, shown as such);
// - ?estateId[&verificationId][&recordId]: the form, once the user is verified for the estate (else → 业主认证);
//   sent, the pledge toast and the quote with '经纪人给出挂牌建议后将通知您';
// - neither: the user's quotes (empty → 去估价).
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  SITE_DESCRIPTION,
  pageTitle,
  parseId,
  type OwnerQuote,
  type OwnerQuoteListBody,
  type OwnerStatusBody,
} from '@fjt/domain';
import type { Route } from './+types/quotation-form';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import { useLoginGuard } from '../../lib/session.ts';
import { QuoteForm } from '../../features/owner-quotes/QuoteForm.tsx';
import { QuoteList, QuoteView } from '../../features/owner-quotes/QuoteView.tsx';
import { quoteEstate, type QuoteEstate } from '../../features/owner-quotes/estate.ts';
import { quoteQuery } from '../../features/owner-quotes/format.ts';
import { QuoteSteps } from '../../features/owner-quotes/QuoteSteps.tsx';
import '../../features/owner-quotes/owner-quotes.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const estateId = parseId(url.searchParams.get('estateId'));
  const basic = estateId === null ? null : await context.services.estates.basicInfo(estateId);
  return {
    estate: quoteEstate(basic),
    estateId,
    quoteId: parseId(url.searchParams.get('quoteId')),
    recordId: parseId(url.searchParams.get('recordId')),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.estate ? `${loaderData.estate.name}卖房报价` : '卖房报价') },
  {
    name: 'description',
    content: `卖房报价：填写期望售价、出售时间与联系偏好，经纪人给出挂牌建议。${SITE_DESCRIPTION}`,
  },
  { name: 'robots', content: 'noindex' },
];

export default function QuotationForm({ loaderData }: Route.ComponentProps) {
  const { estate, estateId, quoteId, recordId } = loaderData;
  const viewer = useLoginGuard();
  const signedIn = viewer.status === 'user';
  return (
    <main className="oq-page" data-testid="oq-form-page">
      {!signedIn ? (
        <RowsSkeleton count={5} />
      ) : quoteId !== null ? (
        <OneQuote quoteId={quoteId} />
      ) : estateId !== null ? (
        estate ? (
          <NewQuote estate={estate} recordId={recordId} />
        ) : (
          <EmptyState title="小区不存在" hint="请从小区页或估价结果页重新进入。" testId="oq-no-estate" />
        )
      ) : (
        <MyQuotes />
      )}
    </main>
  );
}

function OneQuote({ quoteId }: { quoteId: number }) {
  // just sent from the form (navigation state): the 报价已提交 banner above the quote, this time only (the state is
  // dropped from the history entry, so a reload or a later visit shows the quote without it)
  const location = useLocation();
  const navigate = useNavigate();
  const [justSent] = useState((location.state as { sent?: boolean } | null)?.sent === true);
  useEffect(() => {
    if (justSent) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [justSent, navigate, location.pathname, location.search]);
  const { state, retry } = useApi<OwnerQuote>(`estimate/quotation/detail?quoteId=${quoteId}`);
  if (state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error') return <LoadFailed title="报价加载失败" message={state.message} retry={retry} />;
  return (
    <>
      <QuoteSteps current={3} />
      <QuoteView quote={state.body} justSent={justSent} />
    </>
  );
}

function NewQuote({ estate, recordId }: { estate: QuoteEstate; recordId: number | null }) {
  const navigate = useNavigate();
  const { state, retry } = useApi<OwnerStatusBody>(
    `estimate/quotation/status${quoteQuery({ estateId: estate.id, recordId })}`,
  );
  const unverified = state.status === 'ready' && state.body.verificationId === null;
  useEffect(() => {
    if (unverified)
      void navigate(`/estimate/quotation/auth${quoteQuery({ estateId: estate.id, recordId })}`, { replace: true });
  }, [unverified, navigate, estate.id, recordId]);

  return (
    <>
      <QuoteSteps current={2} />
      <div className="oq-estate">
        <EstateFiguresCard estate={estate} testId="oq-estate" />
      </div>
      {state.status === 'error' ? (
        <LoadFailed title="认证状态加载失败" message={state.message} retry={retry} />
      ) : state.status === 'loading' || state.body.verificationId === null ? (
        <RowsSkeleton count={4} />
      ) : (
        <QuoteForm
          estateId={estate.id}
          verificationId={state.body.verificationId}
          recordId={state.body.area === null ? null : recordId}
          roomLabel={state.body.roomLabel}
          avgUnitPrice={estate.listingAvg}
          area={state.body.area}
          estimate={state.body.estimate}
          // the page's address becomes the quote's, so a reload shows the quote (not a new form)
          onSent={(quote) =>
            void navigate(`/estimate/quotation/form?quoteId=${quote.id}`, { replace: true, state: { sent: true } })
          }
        />
      )}
    </>
  );
}

function MyQuotes() {
  const { state, retry } = useApi<OwnerQuoteListBody>('estimate/quotation/mine');
  if (state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error') return <LoadFailed title="报价加载失败" message={state.message} retry={retry} />;
  if (state.body.list.length === 0)
    return (
      <EmptyState
        title="还没有卖房报价"
        hint="先估一估房子值多少钱，再在估价结果页点「我要卖房」，经纪人会给出挂牌建议。"
        action={
          <Link className="btn btn-primary" to="/estimate">
            去估价
          </Link>
        }
        testId="oq-empty"
      />
    );
  return <QuoteList list={state.body.list} />;
}
