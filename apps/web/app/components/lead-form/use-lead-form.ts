// The state the lead forms share (the deal-price modal, the order sheet, 底价揭秘): the three loads of spec §4 (at
// once, when the form opens or its estate changes), the phone, the checked estates (every recommendation checked by
// default), one Idempotency-Key per opening and the submit with its toasts (spec §5 phone rule, §8 errMsg, §9
// success; '请选择小区' while no estate is picked).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LEAD_SUCCESS_TOAST, MAX_SECOND_ESTATES, type LeadSource, type ServiceType } from '@fjt/domain';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { showToast } from '../../lib/toast.ts';
import { loadLeadFormData, sendDemand, type LeadFormData } from './lead-api.ts';
import { phoneToSend, usePhone } from './PhoneField.tsx';

/** What the form says when it is sent with no estate picked (底价揭秘). */
export const PICK_ESTATE_TOAST = '请选择小区';

export function useLeadForm({
  cityId,
  estateId,
  recommend = true,
}: {
  cityId: number;
  /** null: none picked yet (only the user loads). */
  estateId: number | null;
  /** false: no recommendations are loaded or sent (底价揭秘 asks about one estate). */
  recommend?: boolean;
}) {
  const [data, setData] = useState<LeadFormData>({ user: null, agent: null, recommended: null });
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [phone, setPhone] = usePhone(data.user);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [sending, setSending] = useState(false);
  /** Stored with the consent: the page the form was sent from. */
  const page = useLocation().pathname.slice(0, 300);

  useEffect(() => {
    let live = true;
    // another estate: the last one's agents and recommendations no longer stand
    setData((old) => (old.agent || old.recommended ? { user: old.user, agent: null, recommended: null } : old));
    void loadLeadFormData(cityId, estateId, { recommend }).then((loaded) => {
      if (!live) return;
      const recommended = (loaded.recommended ?? []).filter((e) => e.id !== estateId);
      setData({ ...loaded, recommended });
      setChecked(new Set(recommended.map((e) => e.id)));
    });
    return () => {
      live = false;
    };
  }, [cityId, estateId, recommend]);

  const toggle = (id: number) =>
    setChecked((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  /** Sends the demand; true when it was accepted (the success toast is shown). */
  async function submit(options: { serviceType: ServiceType; source: LeadSource }): Promise<boolean> {
    if (sending) return false;
    if (estateId === null) {
      showToast(PICK_ESTATE_TOAST);
      return false;
    }
    const mobile = phoneToSend(phone);
    if (!mobile.ok) {
      showToast(mobile.error);
      return false;
    }
    const secondEstateIdList = (data.recommended ?? [])
      .filter((e) => checked.has(e.id))
      .map((e) => e.id)
      .slice(0, MAX_SECOND_ESTATES);
    setSending(true);
    const res = await sendDemand(
      {
        type: 2,
        ...(mobile.mobile === undefined ? {} : { mobile: mobile.mobile }),
        intentionEstateId: estateId,
        ...(secondEstateIdList.length ? { secondEstateIdList } : {}),
        serviceType: options.serviceType,
        source: options.source,
        page,
      },
      idempotencyKey,
    );
    setSending(false);
    if (res.resultCode !== 0) {
      showToast(res.errMsg || '提交失败，请稍后再试');
      return false;
    }
    showToast(LEAD_SUCCESS_TOAST);
    return true;
  }

  return { data, phone, setPhone, checked, toggle, sending, submit };
}
