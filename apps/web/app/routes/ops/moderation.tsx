// /ops/moderation 内容审核 (moderator or ops role; issue 17): tabs 举报工单 (open tickets, oldest first, with what is
// reported and the reporter's masked contact), 待审内容 (flagged questions, answers, reviews, replies and notes),
// 已隐藏, 已处理. Actions: resolve a ticket by delisting a listing, correcting a price or an estate fact, hiding the
// post, or only recording it; reject it; hide / keep / restore a post; ban / unban its author. Every action is
// audited on the server and the reporters are told in their message centre. All user text through UserText.
// Personal data: fetched in the browser, never server-rendered (ADR 0009).
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ESTATE_CORRECTION_FIELDS,
  MODERATION_PAGE_SIZE,
  pageTitle,
  type EstateCorrectionField,
  type ModerationPostRow,
  type ModerationPostsBody,
  type ModerationTicketRow,
  type ModerationTicketsBody,
  type ResolveAction,
} from '@fjt/domain';
import type { Route } from './+types/moderation';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { opsTime } from '../../features/ops/format.ts';
import { OpsPager } from '../../features/ops/OpsPager.tsx';
import { callApi } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { UserText } from '../../components/user-text/UserText.tsx';
import '../../features/ops/moderation.css';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-moderation');
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('内容审核') },
  { name: 'robots', content: 'noindex' },
];

const TABS = [
  { key: 'tickets', label: '举报工单' },
  { key: 'posts', label: '待审内容' },
  { key: 'hidden', label: '已隐藏' },
  { key: 'handled', label: '已处理' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const ACTION_LABELS: Record<ResolveAction, string> = {
  delist: '下架房源',
  price: '修改价格',
  estate_field: '修改小区信息',
  hide_post: '隐藏内容',
  none: '仅记录处理',
};
const ACTION_NOTES: Record<ResolveAction, string> = {
  delist: '经核实房源已失效，已下架',
  price: '经核实，已更正价格',
  estate_field: '经核实，已更正小区信息',
  hide_post: '经核实内容违规，已隐藏',
  none: '已核实处理',
};

type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; body: T };

function useList<T>(path: string) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const load = useCallback(async () => {
    setLoaded({ state: 'loading' });
    const res = await callApi<T>(path);
    if (res.resultCode !== 0 || !res.body) setLoaded({ state: 'error', message: res.errMsg || '加载失败，请稍后再试' });
    else setLoaded({ state: 'ok', body: res.body });
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { loaded, load };
}

async function act<T>(path: string, body: unknown, done: string): Promise<T | null> {
  const res = await callApi<T>(path, body);
  const { showToast } = await import('../../lib/toast.ts');
  if (res.resultCode !== 0 || !res.body) {
    showToast(res.errMsg || '操作失败，请稍后重试');
    return null;
  }
  showToast(done);
  return res.body;
}

export default function OpsModeration() {
  const [params] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as Tab) : 'tickets';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const hrefOf = (t: Tab, p: number) => `?tab=${t}${p > 1 ? `&page=${p}` : ''}`;
  return (
    <>
      <h1 className="ops-title">内容审核</h1>
      <nav className="ops-panel ops-filters" aria-label="分类">
        {TABS.map((t) => (
          <Link
            key={t.key}
            to={hrefOf(t.key, 1)}
            className={`ops-filter${t.key === tab ? ' active' : ''}`}
            aria-current={t.key === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'tickets' || tab === 'handled' ? (
        <Tickets key={tab} state={tab === 'tickets' ? 'open' : 'handled'} page={page} hrefOf={(p) => hrefOf(tab, p)} />
      ) : (
        <Posts key={tab} state={tab === 'posts' ? 'flagged' : 'hidden'} page={page} hrefOf={(p) => hrefOf(tab, p)} />
      )}
    </>
  );
}

function Status<T extends { total: number }>({
  loaded,
  load,
  empty,
  children,
}: {
  loaded: Loaded<T>;
  load: () => Promise<void>;
  empty: string;
  children: (body: T) => ReactNode;
}) {
  if (loaded.state === 'loading') return <p className="ops-hint">加载中…</p>;
  if (loaded.state === 'error') {
    return (
      <p className="ops-form__error" role="alert">
        {loaded.message}{' '}
        <button type="button" className="ops-link-button" onClick={() => void load()}>
          重试
        </button>
      </p>
    );
  }
  if (loaded.body.total === 0) return <EmptyState frame="plain" art="list" title={empty} testId="mod-empty" />;
  return <>{children(loaded.body)}</>;
}

function Tickets({ state, page, hrefOf }: { state: 'open' | 'handled'; page: number; hrefOf: (p: number) => string }) {
  const { loaded, load } = useList<ModerationTicketsBody>(`ops/moderation/tickets?state=${state}&page=${page}`);
  const pages = loaded.state === 'ok' ? Math.max(1, Math.ceil(loaded.body.total / MODERATION_PAGE_SIZE)) : 1;
  return (
    <section className="ops-panel" aria-labelledby="mod-tickets-title">
      <h2 id="mod-tickets-title" className="ops-panel__title">
        {state === 'open' ? '待处理工单' : '已处理工单'}{' '}
        {loaded.state === 'ok' ? <span className="ops-count num">{loaded.body.total}</span> : null}
      </h2>
      <Status loaded={loaded} load={load} empty={state === 'open' ? '没有待处理的工单' : '暂无已处理的工单'}>
        {(body) => (
          <ul className="mod-list" data-testid="mod-tickets">
            {body.list.map((t) => (
              <TicketCard key={t.id} ticket={t} onDone={() => void load()} />
            ))}
          </ul>
        )}
      </Status>
      <OpsPager page={page} pages={pages} hrefOf={hrefOf} />
    </section>
  );
}

function TicketCard({ ticket: t, onDone }: { ticket: ModerationTicketRow; onDone: () => void }) {
  return (
    <li className="mod-card" data-testid={`mod-ticket-${t.ticketNo}`}>
      <div className="mod-card__head">
        <span className="num mod-card__no">{t.ticketNo}</span>
        <span className="ops-chip">{t.reasonText}</span>
        <span className={`ops-chip mod-status--${t.status}`}>{t.statusText}</span>
        {t.sameTarget > 1 ? <span className="ops-chip">同一对象 {t.sameTarget} 条</span> : null}
        <span className="num ops-hint">{opsTime(t.createdAt)}</span>
      </div>
      {t.target ? (
        <div className="mod-target">
          <span className="mod-target__kind">{t.target.kindLabel}</span>
          <UserText className="mod-target__title" text={t.target.title} />
          <span className="ops-hint">{t.target.subtitle}</span>
          {t.target.link ? (
            <a href={t.target.link} target="_blank" rel="noopener noreferrer" className="mod-target__link">
              查看
            </a>
          ) : null}
        </div>
      ) : (
        <p className="ops-hint">对象已删除</p>
      )}
      <dl className="ops-facts">
        <dt>描述</dt>
        <dd data-testid="mod-ticket-description">
          {t.description ? <UserText text={t.description} /> : <span className="ops-hint">（无）</span>}
        </dd>
        {t.images.length > 0 ? (
          <>
            <dt>截图</dt>
            <dd className="mod-shots">
              {t.images.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                  <img src={url} alt={`截图${i + 1}`} />
                </a>
              ))}
            </dd>
          </>
        ) : null}
        <dt>举报人</dt>
        <dd className="num">
          #{t.reporterId} {t.reporter ?? ''} · 联系电话 {t.contact ?? '—'}
        </dd>
        {t.status !== 'open' ? (
          <>
            <dt>处理</dt>
            <dd>
              <span className="num">{t.handledAt ? opsTime(t.handledAt) : '—'}</span> {t.handledBy ?? ''}：
              <UserText text={t.resolution ?? ''} />
            </dd>
          </>
        ) : null}
      </dl>
      {t.status === 'open' ? <ResolveForm ticket={t} onDone={onDone} /> : null}
    </li>
  );
}

function ResolveForm({ ticket, onDone }: { ticket: ModerationTicketRow; onDone: () => void }) {
  const [action, setAction] = useState<ResolveAction>(ticket.actions[0] ?? 'none');
  const [note, setNote] = useState(ACTION_NOTES[ticket.actions[0] ?? 'none']);
  const [field, setField] = useState<EstateCorrectionField>('build_year');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const pickAction = (a: ResolveAction) => {
    setAction(a);
    setNote(ACTION_NOTES[a]);
    setValue('');
  };
  const isRental = ticket.targetType === 'rental';
  const resolve = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const body = await act(
      'ops/moderation/resolve',
      {
        ticketId: ticket.id,
        action,
        note: note.trim(),
        ...(action === 'price' ? { value: value.trim() } : {}),
        ...(action === 'estate_field' ? { field, value: value.trim() } : {}),
      },
      '已处理，已通知举报人',
    );
    setBusy(false);
    if (body) onDone();
  };
  const reject = async () => {
    setBusy(true);
    const body = await act(
      'ops/moderation/reject',
      { ticketId: ticket.id, reason: note.trim() === ACTION_NOTES[action] ? '经核实信息无误' : note.trim() },
      '已驳回，已通知举报人',
    );
    setBusy(false);
    if (body) onDone();
  };
  return (
    <form className="ops-form mod-form" onSubmit={(e) => void resolve(e)} noValidate data-testid="mod-resolve">
      <fieldset className="mod-actions">
        <legend className="visually-hidden">处理方式</legend>
        {ticket.actions.map((a) => (
          <label key={a} className={`ops-filter${a === action ? ' active' : ''}`}>
            <input
              type="radio"
              name={`action-${ticket.id}`}
              value={a}
              checked={a === action}
              onChange={() => pickAction(a)}
              className="visually-hidden"
            />
            {ACTION_LABELS[a]}
          </label>
        ))}
      </fieldset>
      {action === 'price' ? (
        <label className="ops-field">
          <span>
            {isRental ? '正确月租（元/月）' : '正确总价（万元）'}
            {ticket.currentPrice !== null
              ? ` · 当前 ${isRental ? `${ticket.currentPrice}元/月` : `${ticket.currentPrice / 10_000}万`}`
              : ''}
          </span>
          <input
            name="value"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
      ) : null}
      {action === 'estate_field' ? (
        <>
          <label className="ops-field">
            <span>字段</span>
            <select value={field} onChange={(e) => setField(e.target.value as EstateCorrectionField)}>
              {Object.entries(ESTATE_CORRECTION_FIELDS).map(([k, rule]) => (
                <option key={k} value={k}>
                  {rule.label}
                </option>
              ))}
            </select>
          </label>
          <label className="ops-field">
            <span>正确的值</span>
            <input name="value" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
          </label>
        </>
      ) : null}
      <label className="ops-field">
        <span>处理说明（举报人可见）</span>
        <input name="note" autoComplete="off" maxLength={100} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="ops-form__actions">
        <button type="submit" className="btn btn-primary ops-btn" disabled={busy} data-testid="mod-resolve-submit">
          处理
        </button>
        <button type="button" className="btn ops-btn" disabled={busy} onClick={() => void reject()}>
          驳回
        </button>
      </div>
    </form>
  );
}

function Posts({ state, page, hrefOf }: { state: 'flagged' | 'hidden'; page: number; hrefOf: (p: number) => string }) {
  const { loaded, load } = useList<ModerationPostsBody>(`ops/moderation/posts?state=${state}&page=${page}`);
  const pages = loaded.state === 'ok' ? Math.max(1, Math.ceil(loaded.body.total / MODERATION_PAGE_SIZE)) : 1;
  return (
    <section className="ops-panel" aria-labelledby="mod-posts-title">
      <h2 id="mod-posts-title" className="ops-panel__title">
        {state === 'flagged' ? '待审内容' : '已隐藏内容'}{' '}
        {loaded.state === 'ok' ? <span className="ops-count num">{loaded.body.total}</span> : null}
      </h2>
      <Status loaded={loaded} load={load} empty={state === 'flagged' ? '没有待审的内容' : '没有被隐藏的内容'}>
        {(body) => (
          <ul className="mod-list" data-testid="mod-posts">
            {body.list.map((p) => (
              <PostCard key={`${p.kind}-${p.id}`} post={p} onDone={() => void load()} />
            ))}
          </ul>
        )}
      </Status>
      <OpsPager page={page} pages={pages} hrefOf={hrefOf} />
    </section>
  );
}

function PostCard({ post: p, onDone }: { post: ModerationPostRow; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [banReason, setBanReason] = useState('');
  const [banDays, setBanDays] = useState('7');
  const moderate = async (action: 'hide' | 'restore' | 'keep') => {
    setBusy(true);
    const done = { hide: '已隐藏', restore: '已恢复', keep: '已保留，移出待审' }[action];
    const body = await act('ops/moderation/post', { kind: p.kind, id: p.id, action }, done);
    setBusy(false);
    if (body) onDone();
  };
  const ban = async (event: FormEvent) => {
    event.preventDefault();
    if (p.authorId === null) return;
    setBusy(true);
    const body = p.authorBanned
      ? await act('ops/moderation/ban', { userId: p.authorId, action: 'unban' }, '已解除禁言')
      : await act(
          'ops/moderation/ban',
          {
            userId: p.authorId,
            action: 'ban',
            reason: banReason.trim(),
            ...(banDays ? { days: Number(banDays) } : {}),
          },
          '已禁言',
        );
    setBusy(false);
    if (body) onDone();
  };
  return (
    <li className="mod-card" data-testid={`mod-post-${p.kind}-${p.id}`}>
      <div className="mod-card__head">
        <span className="ops-chip">{p.kindLabel}</span>
        <span className="ops-chip">{p.flaggedReason}</span>
        {p.status === 'hidden' ? <span className="ops-chip mod-status--rejected">已隐藏</span> : null}
        <span className="num ops-hint">{opsTime(p.createdAt)}</span>
        {p.link ? (
          <a href={p.link} target="_blank" rel="noopener noreferrer" className="mod-target__link">
            查看
          </a>
        ) : null}
      </div>
      {p.title ? <UserText className="mod-target__title" text={p.title} /> : null}
      <UserText className="mod-post__body" text={p.body} clamp={6} testId="mod-post-body" />
      <p className="ops-hint">
        作者 {p.author ?? '经纪人'}
        {p.authorId !== null ? <span className="num"> #{p.authorId}</span> : null}
        {p.authorBanned ? <span className="ops-chip mod-status--rejected">禁言中</span> : null}
        {p.openReports > 0 ? ` · ${p.openReports} 条举报待处理` : ''}
      </p>
      <div className="ops-form__actions mod-form">
        {p.status === 'hidden' ? (
          <button type="button" className="btn ops-btn" disabled={busy} onClick={() => void moderate('restore')}>
            恢复
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-primary ops-btn"
              disabled={busy}
              onClick={() => void moderate('hide')}
            >
              隐藏
            </button>
            <button type="button" className="btn ops-btn" disabled={busy} onClick={() => void moderate('keep')}>
              保留
            </button>
          </>
        )}
      </div>
      {p.authorId !== null ? (
        <form className="ops-form mod-form" onSubmit={(e) => void ban(e)} noValidate>
          {p.authorBanned ? null : (
            <>
              <label className="ops-field">
                <span>禁言原因</span>
                <input
                  name="banReason"
                  autoComplete="off"
                  maxLength={100}
                  value={banReason}
                  onChange={(e) => setBanReason(e.target.value)}
                />
              </label>
              <label className="ops-field">
                <span>天数</span>
                <select value={banDays} onChange={(e) => setBanDays(e.target.value)}>
                  <option value="1">1天</option>
                  <option value="7">7天</option>
                  <option value="30">30天</option>
                  <option value="">永久</option>
                </select>
              </label>
            </>
          )}
          <div className="ops-form__actions">
            <button type="submit" className="btn ops-btn" disabled={busy}>
              {p.authorBanned ? '解除禁言' : '禁言作者'}
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
