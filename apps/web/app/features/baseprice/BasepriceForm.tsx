// 底价揭秘's form (PAGES.md §3.11, §3.13): the estate, the phone (the lead forms' PhoneField and useLeadForm: masked
// and left out of the demand for a signed-in user), the consent and privacy notes, then the demand with source
// 'baseprice' and no other estates. Sent, it toasts LEAD_SUCCESS_TOAST (useLeadForm) and turns into the success state; 再查一个小区 starts a new form (a new
// Idempotency-Key) through the page's `onRestart`.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LEAD_SLA_HOURS } from '@fjt/domain';
import { PhoneField } from '../../components/lead-form/PhoneField.tsx';
import { PrivacyNote } from '../../components/lead-form/PrivacyNote.tsx';
import { useLeadForm } from '../../components/lead-form/use-lead-form.ts';
import { EstatePicker, type PickedEstate } from '../../components/estate-picker/EstatePicker.tsx';

export const BASEPRICE_BUTTON = '获取底价';

export function BasepriceForm({
  cityId,
  initialEstate,
  onRestart,
}: {
  cityId: number;
  initialEstate: PickedEstate | null;
  onRestart: () => void;
}) {
  const navigate = useNavigate();
  const [estate, setEstate] = useState<PickedEstate | null>(initialEstate);
  const [sent, setSent] = useState(false);
  const form = useLeadForm({ cityId, estateId: estate?.id ?? null, recommend: false });
  const send = async () => {
    if (await form.submit({ serviceType: 'buy', source: 'baseprice' })) setSent(true);
  };

  if (sent && estate) {
    return (
      <section className="bp-done" aria-label="提交成功" data-testid="bp-done">
        <span className="bp-done__icon" aria-hidden="true">
          ✓
        </span>
        <h2>需求已提交</h2>
        <p>
          服务<strong>{estate.name}</strong>的经纪人将在{LEAD_SLA_HOURS}小时内通过虚拟号码联系您，告知业主的底价区间。
        </p>
        <div className="bp-done__actions">
          <Link className="btn btn-primary" to={`/${cityId}/house-detail/${estate.id}`}>
            查看{estate.name}房价
          </Link>
          <button type="button" className="btn" onClick={onRestart}>
            再查一个小区
          </button>
        </div>
      </section>
    );
  }

  const agentCount = estate && form.data.agent ? form.data.agent.agents.length : null;
  return (
    <section className="bp-form" aria-label="获取底价" data-testid="bp-form">
      <h2 className="bp-form__title">
        <span className="step-no">1</span>选择小区
      </h2>
      <EstatePicker cityId={cityId} picked={estate} agentCount={agentCount} onPick={setEstate} />
      <h2 className="bp-form__title">
        <span className="step-no">2</span>留下手机号
      </h2>
      <PhoneField phone={form.phone} onChange={form.setPhone} />
      <button
        type="button"
        className="btn btn-primary bp-form__submit"
        disabled={form.sending}
        onClick={() => void send()}
      >
        {BASEPRICE_BUTTON}
      </button>
      <PrivacyNote onOpen={(href) => void navigate(href)} />
    </section>
  );
}
