// The bottom order sheet (spec §2 overlays, PAGES.md §3.11): phone, 服务 (买房/卖房/租房/贷款) and a checklist of
// estates to ask about with this one; the same demand call as the deal-price modal, with serviceType and
// source 'order-sheet'. Opened where a page has no agent to offer (the agent list's empty state).
import { useState } from 'react';
import { SERVICE_TYPES, SERVICE_TYPE_LABELS, type ServiceType } from '@fjt/domain';
import { EstateChecklist } from './EstateChecklist.tsx';
import { PhoneField } from './PhoneField.tsx';
import { useLeadForm } from './use-lead-form.ts';
import { LeadSheet } from './LeadSheet.tsx';

export interface OrderSheetProps {
  visible: boolean;
  onClose: () => void;
  cityId: number;
  estate: { id: number; name: string };
}

export function OrderSheet({ visible, onClose, cityId, estate }: OrderSheetProps) {
  return (
    <LeadSheet visible={visible} onClose={onClose} title="委托经纪人" testId="order-sheet">
      <OrderSheetForm onClose={onClose} cityId={cityId} estate={estate} />
    </LeadSheet>
  );
}

/** Mounted while the sheet is open: each opening loads afresh and has its own Idempotency-Key. */
function OrderSheetForm({ onClose, cityId, estate }: Omit<OrderSheetProps, 'visible'>) {
  const form = useLeadForm({ cityId, estateId: estate.id });
  const [serviceType, setServiceType] = useState<ServiceType>('buy');
  const send = async () => {
    if (await form.submit({ serviceType, source: 'order-sheet' })) onClose();
  };
  const { recommended } = form.data;
  return (
    <>
      <p className="lead-section__subtitle">留下电话，平台为您安排熟悉{estate.name}的经纪人</p>
      <div className="lead-modal__scroll">
        <PhoneField phone={form.phone} onChange={form.setPhone} />
        <fieldset className="lead-service-types">
          <legend className="lead-section__title">服务</legend>
          <div className="lead-service-types__chips" role="radiogroup" aria-label="服务">
            {SERVICE_TYPES.map((t) => (
              <button
                key={t}
                type="button"
                role="radio"
                aria-checked={serviceType === t}
                className={`lead-chip${serviceType === t ? ' lead-chip--on' : ''}`}
                onClick={() => setServiceType(t)}
              >
                {SERVICE_TYPE_LABELS[t]}
              </button>
            ))}
          </div>
        </fieldset>
        {recommended && recommended.length ? (
          <section aria-label="一起咨询的小区">
            <h3 className="lead-section__title">一起咨询的小区</h3>
            <EstateChecklist estates={recommended} checked={form.checked} onToggle={form.toggle} />
          </section>
        ) : null}
      </div>
      <button
        type="button"
        className="btn btn-primary lead-modal__submit"
        disabled={form.sending}
        onClick={() => void send()}
      >
        提交
      </button>
    </>
  );
}
