// The contractor sheet (委托找房, PAGES.md §3.11): a bottom sheet listing the city's contracted house-search agents;
// the user picks one, then writes a brief (预算, 区域, 几室, 需求) and sends it with the phone (prefilled, masked) to
// POST house/contractor/sendMsg, which passes it to that agent as a lead. Signed-in users only: the opening button
// (LazyContractorSheet.tsx) sends visitors to login first.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  CONTRACTOR_CONSENT_VERSION,
  CONTRACTOR_MESSAGE_MAX,
  CONTRACTOR_MESSAGES,
  CONTRACTOR_ROOMS,
  LEAD_SUCCESS_TOAST,
  RESULT_CODE,
  type ContractorCard,
  type ContractorListBody,
} from '@fjt/domain';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { loginHref } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { AgentCard } from '../agent-card/AgentCard.tsx';
import { EmptyState } from '../empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../skeleton/Skeleton.tsx';
import { loadContractorSheet, sendContractorBrief } from './lead-api.ts';
import { PhoneField, phoneToSend, usePhone } from './PhoneField.tsx';
import { LeadSheet } from './LeadSheet.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';

export interface ContractorSheetProps {
  visible: boolean;
  onClose: () => void;
  cityId: number;
}

export function ContractorSheet({ visible, onClose, cityId }: ContractorSheetProps) {
  return (
    <LeadSheet visible={visible} onClose={onClose} title="委托找房" testId="contractor-sheet">
      <ContractorSheetForm onClose={onClose} cityId={cityId} />
    </LeadSheet>
  );
}

type Loaded = Awaited<ReturnType<typeof loadContractorSheet>>;

const figures = (c: ContractorCard) => `累计成交${c.dealCount}套 · 带看${c.showingCount}次`;

/** Mounted while the sheet is open: each opening loads afresh and has its own Idempotency-Key. */
function ContractorSheetForm({ onClose, cityId }: Omit<ContractorSheetProps, 'visible'>) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [chosen, setChosen] = useState<ContractorCard | null>(null);
  const navigate = useNavigate();
  const follow = (href: string) => {
    onClose();
    void navigate(href);
  };

  useEffect(() => {
    let live = true;
    void loadContractorSheet(cityId).then((l) => {
      if (live) setLoaded(l);
    });
    return () => {
      live = false;
    };
  }, [cityId]);

  return chosen && loaded ? (
    <ContractorBrief
      contractor={chosen}
      loaded={loaded}
      onBack={() => setChosen(null)}
      onClose={onClose}
      onFollow={follow}
    />
  ) : (
    <>
      <p className="lead-section__subtitle">选一位平台签约的找房顾问，说说您的需求，TA会按需求帮您找房</p>
      <div className="lead-modal__scroll">
        <ContractorList loaded={loaded} onChoose={setChosen} onClose={onClose} />
      </div>
    </>
  );
}

function ContractorList({
  loaded,
  onChoose,
  onClose,
}: {
  loaded: Loaded | null;
  onChoose: (c: ContractorCard) => void;
  onClose: () => void;
}) {
  if (!loaded) return <RowsSkeleton count={3} />;
  const list = loaded.contractors?.list ?? [];
  if (list.length === 0)
    return (
      <EmptyState
        frame="plain"
        title={loaded.contractors ? '本城市暂无签约找房顾问' : '找房顾问加载失败'}
        hint={loaded.contractors ? '可以先看看城市经纪人，或稍后再来' : loaded.errMsg || '请稍后再试'}
        action={
          <button type="button" className="btn" onClick={onClose}>
            知道了
          </button>
        }
        testId="contractor-empty"
      />
    );
  return (
    <ul className="lead-contractors" aria-label="签约找房顾问" data-testid="contractor-list">
      {list.map((c) => (
        <li key={c.id}>
          <AgentCard
            agent={c}
            stats={figures(c)}
            actions={
              <button
                type="button"
                className="agent-card__action"
                data-testid="contractor-choose"
                onClick={() => onChoose(c)}
              >
                委托TA
              </button>
            }
          />
          {c.intro ? <p className="lead-contractors__intro">{c.intro}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** One end of the budget: digits only, at most 6 (the budget's bound is 100000 万). */
const budgetInput = (end: '最低' | '最高', value: string, set: (next: string) => void) => (
  <input
    className="lead-brief__input num"
    inputMode="numeric"
    placeholder={end}
    aria-label={`${end}预算（万）`}
    value={value}
    onChange={(e) => set(e.target.value.replace(/\D/g, '').slice(0, 6))}
  />
);

function ContractorBrief({
  contractor,
  loaded,
  onBack,
  onClose,
  onFollow,
}: {
  contractor: ContractorCard;
  loaded: Loaded;
  onBack: () => void;
  onClose: () => void;
  onFollow: (href: string) => void;
}) {
  const [phone, setPhone] = usePhone(loaded.user);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [budgetMin, setBudgetMin] = useState('');
  const [budgetMax, setBudgetMax] = useState('');
  const [districtId, setDistrictId] = useState('');
  const [rooms, setRooms] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const districts: ContractorListBody['districts'] = loaded.contractors?.districts ?? [];

  const send = async () => {
    if (sending) return;
    const mobile = phoneToSend(phone);
    if (!mobile.ok) return showToast(mobile.error);
    // one line: the brief is plain text for the agent's console
    const text = message.replace(/\s+/g, ' ').trim();
    if (!text) return showToast('请填写找房需求');
    const min = budgetMin ? Number(budgetMin) : undefined;
    const max = budgetMax ? Number(budgetMax) : undefined;
    if (min !== undefined && max !== undefined && min > max) return showToast(CONTRACTOR_MESSAGES.budgetOrder);
    setSending(true);
    const res = await sendContractorBrief(
      {
        contractorId: contractor.id,
        ...(mobile.mobile === undefined ? {} : { mobile: mobile.mobile }),
        ...(min !== undefined || max !== undefined ? { budget: { min, max } } : {}),
        ...(districtId ? { districtId: Number(districtId) } : {}),
        ...(rooms ? { rooms } : {}),
        message: text,
        page: location.pathname.slice(0, 300),
      },
      idempotencyKey,
    );
    setSending(false);
    if (res.resultCode === RESULT_CODE.unauthorized) {
      onClose();
      return void navigate(loginHref(`${location.pathname}${location.search}`));
    }
    if (res.resultCode !== 0) return showToast(res.errMsg || '提交失败，请稍后再试');
    showToast(LEAD_SUCCESS_TOAST);
    onClose();
  };

  return (
    <>
      <div className="lead-modal__scroll" data-testid="contractor-brief">
        <div className="lead-contractors__chosen">
          <AgentCard
            agent={contractor}
            stats={figures(contractor)}
            actions={
              <button type="button" className="agent-card__action" onClick={onBack}>
                换一位
              </button>
            }
          />
        </div>
        <h3 className="lead-section__title">预算</h3>
        <div className="lead-brief__budget">
          {budgetInput('最低', budgetMin, setBudgetMin)}
          <span aria-hidden="true">—</span>
          {budgetInput('最高', budgetMax, setBudgetMax)}
          <span>万</span>
        </div>
        {districts.length ? (
          <label className="lead-brief__district">
            <span className="lead-section__title">区域</span>
            <select
              className="lead-brief__input"
              value={districtId}
              onChange={(e) => setDistrictId(e.target.value)}
              data-testid="contractor-district"
            >
              <option value="">不限</option>
              {districts.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="lead-service-types">
          <legend className="lead-section__title">户型</legend>
          <div className="lead-service-types__chips lead-brief__rooms" role="radiogroup" aria-label="户型">
            {[null, ...CONTRACTOR_ROOMS].map((r) => (
              <button
                key={r ?? 0}
                type="button"
                role="radio"
                aria-checked={rooms === r}
                className={`lead-chip${rooms === r ? ' lead-chip--on' : ''}`}
                onClick={() => setRooms(r)}
              >
                {r === null ? '不限' : r === 5 ? '5室+' : `${r}室`}
              </button>
            ))}
          </div>
        </fieldset>
        <label className="lead-brief__message">
          <span className="lead-section__title">找房需求</span>
          <textarea
            className="lead-brief__input"
            rows={3}
            maxLength={CONTRACTOR_MESSAGE_MAX}
            placeholder="例如：想在地铁附近买两室，满五唯一，学区优先"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="contractor-message"
          />
          <span className="lead-brief__count num">
            {message.length}/{CONTRACTOR_MESSAGE_MAX}
          </span>
        </label>
        <PhoneField phone={phone} onChange={setPhone} consent={CONTRACTOR_CONSENT_VERSION} />
      </div>
      <button
        type="button"
        className="btn btn-primary lead-modal__submit"
        disabled={sending}
        onClick={() => void send()}
        data-testid="contractor-submit"
      >
        提交委托
      </button>
      <PrivacyNote onOpen={onFollow} />
    </>
  );
}
