// 我的纠错/举报: the signed-in user's tickets (GET inform/mine, never cached), newest first, each opening its state
// on /inform/succee. Shown on /inform when it has no target; nothing for a visitor or a user without tickets.
import { Link } from 'react-router';
import type { InformMineBody } from '@fjt/domain';
import { useViewer } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { UserText } from '../../components/user-text/UserText.tsx';

export function MyTickets() {
  const viewer = useViewer();
  return viewer.status === 'user' ? <TicketList /> : null;
}

function TicketList() {
  const { state } = useApi<InformMineBody>('inform/mine');
  if (state.status !== 'ready' || state.body.list.length === 0) return null;
  return (
    <section className="inform-section" aria-labelledby="inform-mine-title" data-testid="inform-mine">
      <h2 id="inform-mine-title">我的纠错/举报</h2>
      <ul className="inform-mine">
        {state.body.list.map((t) => (
          <li key={t.ticketNo}>
            <Link to={`/inform/succee?ticketNo=${t.ticketNo}`} className="inform-mine__row">
              <span className="inform-mine__head">
                <span className="num">{t.ticketNo}</span>
                <span className={`inform-mine__status inform-mine__status--${t.status}`}>{t.statusText}</span>
              </span>
              {t.target ? <UserText className="inform-mine__title" text={t.target.title} clamp={1} /> : null}
              <span className="inform-mine__reason">
                {t.target?.kindLabel ?? '对象已删除'} · {t.reasonText}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
