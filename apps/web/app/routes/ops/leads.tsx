// /ops/leads 线索 (agent and ops roles; issue 14): the buyers' leads. An agent sees its own (GET ops/leads), claims an
// open one before its claim deadline (or it moves to the next agent), calls the buyer through a virtual number
// (POST ops/leads/{id}/call: the buyer's own number never reaches the console), and records the outcome
// (已联系/无人接听/无效/成交) and notes; every action is audited on the server. Ops sees every lead and the day's
// contact caps, and acts on none. ?status and ?page live in the URL. Personal data: fetched in the browser, never
// server-rendered (ADR 0009).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import {
  LEAD_OUTCOMES,
  LEAD_NOTE_MAX,
  LEAD_OUTCOME_LABELS,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  OPS_LEADS_PAGE_SIZE,
  SERVICE_TYPE_LABELS,
  pageTitle,
  type AgentCallBody,
  type LeadBrief,
  type LeadSource,
  type LeadStatus,
  type OpsLead,
  type OpsLeadCapsBody,
  type OpsLeadListBody,
  type ServiceType,
} from '@fjt/domain';
import type { Route } from './+types/leads';
import type { loader as layoutLoader } from './layout.tsx';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { OpsPager } from '../../features/ops/OpsPager.tsx';
import { opsSpan, opsTime } from '../../features/ops/format.ts';
import { useNow } from '../../features/ops/use-now.ts';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { OpsQuoteBlock } from '../../features/owner-quotes/OpsQuoteBlock.tsx';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-leads');
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('线索') }, { name: 'robots', content: 'noindex' }];

const FILTERS = ['all', ...LEAD_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; body: OpsLeadListBody };

/** '还剩 23分钟' / '已超时 5分钟' from now to a deadline. */
function countdown(iso: string, now: number): { text: string; late: boolean } {
  const ms = new Date(iso).getTime() - now;
  const span = opsSpan(Math.abs(ms) + 30_000);
  return ms >= 0 ? { text: `还剩 ${span}`, late: false } : { text: `已超时 ${span}`, late: true };
}

/** A 委托找房 brief's figures: '预算300–500万 · 西湖区 · 3室' (不限 where the buyer left one open). */
function briefFacts(brief: LeadBrief): string {
  const { budgetMin: min, budgetMax: max } = brief;
  const budget =
    min !== null && max !== null
      ? `${min}–${max}万`
      : min !== null
        ? `${min}万以上`
        : max !== null
          ? `${max}万以内`
          : '不限';
  const rooms = brief.rooms === null ? '户型不限' : brief.rooms >= 5 ? '5室及以上' : `${brief.rooms}室`;
  return `预算${budget} · ${brief.districtName ?? '区域不限'} · ${rooms}`;
}

export default function OpsLeads() {
  const layout = useRouteLoaderData<typeof layoutLoader>('ops');
  const agent = layout?.viewer.agent ?? null;
  const [params] = useSearchParams();
  const status: Filter = (FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Filter)
    : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [caps, setCaps] = useState<OpsLeadCapsBody | null>(null);
  const now = useNow();

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' });
    const query = `page=${page}&size=${OPS_LEADS_PAGE_SIZE}${status === 'all' ? '' : `&status=${status}`}`;
    const [res, capsRes] = await Promise.all([
      callApi<OpsLeadListBody>(`ops/leads?${query}`),
      callApi<OpsLeadCapsBody>('ops/leads/caps'),
    ]);
    if (res.resultCode !== 0 || !res.body) setLoaded({ state: 'error', message: res.errMsg || '加载失败，请稍后再试' });
    else setLoaded({ state: 'ok', body: res.body });
    setCaps(capsRes.resultCode === 0 ? capsRes.body : null);
  }, [status, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (lead: OpsLead) =>
    setLoaded((l) =>
      l.state === 'ok'
        ? { state: 'ok', body: { ...l.body, list: l.body.list.map((r) => (r.id === lead.id ? lead : r)) } }
        : l,
    );
  const pages = loaded.state === 'ok' ? Math.max(1, Math.ceil(loaded.body.total / OPS_LEADS_PAGE_SIZE)) : 1;
  const hrefOf = (s: Filter, p: number) => `?status=${s}${p > 1 ? `&page=${p}` : ''}`;

  return (
    <>
      <h1 className="ops-title">线索</h1>
      <p className="ops-hint" data-testid="ops-leads-who">
        {agent ? (
          <>
            以经纪人{' '}
            <Link to={`/${agent.cityId}/agent/${agent.id}`} data-testid="ops-leads-agent" data-agent-id={agent.id}>
              {agent.name}
            </Link>{' '}
            的身份处理派给您的线索：30分钟内认领，24小时内服务；通话一律使用虚拟号。
          </>
        ) : (
          '查看全部线索（只读）：认领与跟进由被派单的经纪人完成。'
        )}
      </p>
      <nav className="ops-panel ops-filters" aria-label="筛选">
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={hrefOf(f, 1)}
            className={`ops-filter${f === status ? ' active' : ''}`}
            aria-current={f === status ? 'page' : undefined}
          >
            {f === 'all' ? '全部' : LEAD_STATUS_LABELS[f]}
          </Link>
        ))}
      </nav>
      <section className="ops-panel" aria-labelledby="ops-leads-title">
        <h2 id="ops-leads-title" className="ops-panel__title">
          {status === 'all' ? '全部线索' : LEAD_STATUS_LABELS[status]}{' '}
          {loaded.state === 'ok' ? <span className="ops-count num">{loaded.body.total}</span> : null}
        </h2>
        {loaded.state === 'loading' ? (
          <p className="ops-hint">加载中…</p>
        ) : loaded.state === 'error' ? (
          <p className="ops-form__error" role="alert">
            {loaded.message}{' '}
            <button type="button" className="ops-link-button" onClick={() => void load()}>
              重试
            </button>
          </p>
        ) : loaded.body.list.length === 0 ? (
          <EmptyState frame="plain" art="search" title="暂无线索" testId="ops-leads-empty" />
        ) : (
          <ul className="ops-withdrawals" data-testid="ops-leads">
            {loaded.body.list.map((lead) => (
              <LeadBlock
                key={lead.id}
                lead={lead}
                now={now}
                mine={agent !== null && lead.agentId === agent.id}
                onChange={replace}
              />
            ))}
          </ul>
        )}
        <OpsPager page={page} pages={pages} hrefOf={(p) => hrefOf(status, p)} />
      </section>
      {caps ? (
        <section className="ops-panel" aria-labelledby="ops-caps-title" data-testid="ops-leads-caps">
          <h2 id="ops-caps-title" className="ops-panel__title">
            今日联系上限{' '}
            <span className="ops-hint">
              {caps.day} · 每个号码每天最多 {caps.limit} 位经纪人
            </span>
          </h2>
          {caps.list.length === 0 ? (
            <p className="ops-hint">今天还没有派出的线索。</p>
          ) : (
            <div className="ops-table-wrap">
              <table className="ops-table">
                <thead>
                  <tr>
                    <th>手机号</th>
                    <th>今日已派经纪人</th>
                    <th>状态</th>
                  </tr>
                </thead>
                <tbody>
                  {caps.list.map((c) => (
                    <tr key={c.mobile}>
                      <td className="num">{c.mobile}</td>
                      <td className="num">
                        {c.agents} / {caps.limit}
                      </td>
                      <td>{c.capped ? '已达上限' : '未达上限'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}

function LeadBlock({
  lead,
  now,
  mine,
  onChange,
}: {
  lead: OpsLead;
  now: number;
  mine: boolean;
  onChange: (lead: OpsLead) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [call, setCall] = useState<AgentCallBody | null>(null);
  const live = lead.status === 'open' || lead.status === 'claimed';
  const claimDue = lead.status === 'open' && lead.claimDueAt ? countdown(lead.claimDueAt, now) : null;
  const slaDue = live ? countdown(lead.slaDueAt, now) : null;

  const act = async <T,>(path: string, body: unknown, done: (body: T) => void, message: string) => {
    setBusy(true);
    const res = await callApi<T>(`ops/leads/${lead.id}/${path}`, body);
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败，请稍后重试');
    done(res.body);
    showToast(message);
  };

  return (
    <li className="ops-withdrawal" data-testid={`ops-lead-${lead.id}`} data-status={lead.status}>
      <dl className="ops-facts">
        <dt>线索</dt>
        <dd className="num">#{lead.id}</dd>
        <dt>买家</dt>
        <dd className="num">{lead.mobile}</dd>
        <dt>小区</dt>
        <dd>
          {lead.estateId && lead.estateName ? (
            <Link to={`/${lead.cityId}/house-detail/${lead.estateId}`}>{lead.estateName}</Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>需求</dt>
        <dd>
          {lead.services.map((s) => SERVICE_TYPE_LABELS[s as ServiceType] ?? s).join('、')} · 来自
          {LEAD_SOURCE_LABELS[lead.source as LeadSource] ?? lead.source}
        </dd>
        {lead.brief ? (
          <>
            <dt>找房需求</dt>
            <dd data-testid="ops-lead-brief">
              {briefFacts(lead.brief)}
              <br />
              {lead.brief.message}
            </dd>
          </>
        ) : null}
        <dt>状态</dt>
        <dd>
          <span className="ops-chip" data-testid="ops-lead-status">
            {LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status}
            <span className="ops-chip__code">{lead.status}</span>
          </span>
        </dd>
        {mine ? null : (
          <>
            <dt>经纪人</dt>
            <dd>{lead.agentName ?? '待分配'}</dd>
          </>
        )}
        <dt>提交时间</dt>
        <dd className="num">{opsTime(lead.createdAt)}</dd>
        {claimDue ? (
          <>
            <dt>认领时限</dt>
            <dd className={`num${claimDue.late ? ' ops-late' : ''}`}>{claimDue.text}（超时转派下一位经纪人）</dd>
          </>
        ) : null}
        {slaDue ? (
          <>
            <dt>服务时限</dt>
            <dd className={`num${slaDue.late ? ' ops-late' : ''}`}>{slaDue.text}（24小时内服务）</dd>
          </>
        ) : null}
        {lead.closedAt ? (
          <>
            <dt>结束时间</dt>
            <dd className="num">{opsTime(lead.closedAt)}</dd>
          </>
        ) : null}
      </dl>
      {/* an owner's 卖房报价 passed on as this lead (its own, or joined to it): the quote and 挂牌建议 */}
      {lead.services.includes('sell') ? <OpsQuoteBlock leadId={lead.id} mine={mine} /> : null}
      {mine && lead.status === 'open' ? (
        <div className="ops-form__actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void act<OpsLead>('claim', {}, onChange, '已认领，请尽快联系买家')}
          >
            认领
          </button>
        </div>
      ) : null}
      {mine && lead.status === 'claimed' ? (
        <>
          <div className="ops-form__actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() =>
                void act<{ lead: OpsLead; call: AgentCallBody }>(
                  'call',
                  {},
                  (b) => {
                    onChange(b.lead);
                    setCall(b.call);
                  },
                  '已获取虚拟号',
                )
              }
            >
              拨打买家（虚拟号）
            </button>
            {call ? (
              <a className="num" href={`tel:${call.virtualNumber}`} data-testid="ops-lead-virtual-number">
                {call.virtualNumber}（{opsTime(call.expiresAt)} 前有效）
              </a>
            ) : null}
          </div>
          <OutcomeForm
            lead={lead}
            busy={busy}
            onSubmit={(body) => act<OpsLead>('outcome', body, onChange, '已记录跟进结果')}
          />
        </>
      ) : null}
      {mine && live ? (
        <NoteForm busy={busy} onSubmit={(note) => act<OpsLead>('note', { note }, onChange, '备注已保存')} />
      ) : null}
    </li>
  );
}

function OutcomeForm({
  lead,
  busy,
  onSubmit,
}: {
  lead: OpsLead;
  busy: boolean;
  onSubmit: (body: { outcome: string; note?: string }) => Promise<void>;
}) {
  const [outcome, setOutcome] = useState<string>('');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return showToast('请选择跟进结果');
    void onSubmit({ outcome, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <form className="ops-form" onSubmit={submit} noValidate aria-label={`线索#${lead.id}跟进结果`}>
      <label className="ops-field">
        <span>跟进结果</span>
        <select name="outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)}>
          <option value="">请选择</option>
          {LEAD_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {LEAD_OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
      <NoteField label="备注（选填）" value={note} onChange={setNote} />
      <div className="ops-form__actions">
        <button type="submit" className="btn" disabled={busy}>
          保存结果
        </button>
      </div>
    </form>
  );
}

function NoteField({ label, value, onChange }: { label: string; value: string; onChange: (note: string) => void }) {
  return (
    <label className="ops-field">
      <span>{label}</span>
      <input name="note" maxLength={LEAD_NOTE_MAX} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function NoteForm({ busy, onSubmit }: { busy: boolean; onSubmit: (note: string) => Promise<void> }) {
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return showToast('请填写备注');
    void onSubmit(note.trim()).then(() => setNote(''));
  };
  return (
    <form className="ops-form" onSubmit={submit} noValidate aria-label="添加备注">
      <NoteField label="添加备注" value={note} onChange={setNote} />
      <div className="ops-form__actions">
        <button type="submit" className="btn" disabled={busy}>
          保存备注
        </button>
      </div>
    </form>
  );
}
