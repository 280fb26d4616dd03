// /inform/succee?ticketNo 提交成功 (PAGES.md §3.8): the ticket number, what happens next, '回到首页'. The reporter
// (signed in) also sees the ticket's state — the message centre's notice of the result links here.
import { Link, useLocation } from 'react-router';
import { SITE_DESCRIPTION, TICKET_NO_PATTERN, pageTitle, type InformMineBody } from '@fjt/domain';
import type { Route } from './+types/succee';
import { useViewer } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { UserText } from '../../components/user-text/UserText.tsx';
import { NoTarget } from '../../features/inform/NoTarget.tsx';
import '../../features/inform/inform.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('提交成功') },
  { name: 'description', content: `反馈已提交，可查看工单编号。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function InformSuccee() {
  const location = useLocation();
  const raw = new URLSearchParams(location.search).get('ticketNo')?.trim().toUpperCase() ?? '';
  const ticketNo = TICKET_NO_PATTERN.test(raw) ? raw : null;
  const viewer = useViewer();
  return (
    <main className="inform-page" data-testid="inform-succee-page">
      {ticketNo ? (
        <>
          <section className="inform-done" aria-labelledby="inform-done-title">
            <span className="inform-done__icon" aria-hidden="true">
              ✓
            </span>
            <h1 id="inform-done-title">提交成功</h1>
            <p className="inform-done__no">
              工单编号
              <strong className="num" data-testid="inform-ticket-no">
                {ticketNo}
              </strong>
            </p>
            {viewer.status === 'user' ? <TicketState ticketNo={ticketNo} /> : null}
            <div className="inform-done__actions">
              <Link to="/" className="btn btn-primary" data-testid="inform-home">
                回到首页
              </Link>
              <Link to="/profile/message" className="btn">
                消息中心
              </Link>
            </div>
          </section>
          <section className="inform-section" aria-labelledby="inform-next-title">
            <h2 id="inform-next-title">接下来</h2>
            <ol className="inform-steps">
              <li>工作人员将在3个工作日内核实您反馈的问题；</li>
              <li>核实后会更正信息或处理违规内容；</li>
              <li>处理结果将通过消息中心通知您，可凭工单编号咨询客服。</li>
            </ol>
          </section>
        </>
      ) : (
        <NoTarget message="工单编号无效" />
      )}
    </main>
  );
}

/** The ticket's state as its reporter sees it (nothing for someone else's number). */
function TicketState({ ticketNo }: { ticketNo: string }) {
  const { state } = useApi<InformMineBody>(`inform/mine?ticketNo=${ticketNo}`);
  if (state.status !== 'ready') return null;
  const ticket = state.body.list[0];
  if (!ticket) return null;
  return (
    <div className="inform-status" data-testid="inform-ticket-state">
      <p>
        处理状态：<strong>{ticket.statusText}</strong>
        {ticket.target ? ` · ${ticket.target.kindLabel}` : ''}
      </p>
      {ticket.resolution ? (
        <div>
          处理结果：
          <UserText text={ticket.resolution} />
        </div>
      ) : null}
    </div>
  );
}
