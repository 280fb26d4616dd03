// The deal-price request modal (spec §2, PAGES.md §3.11), hosted by the send-order layout: title and button
// overridable per page, the phone prefilled (masked) from the profile, the agent-contact note, the optional
// 更多服务 block from the agent info, the recommendations (all checked) and the privacy link. A tapped listing or
// link closes it and opens its page, or the native screen inside the app (spec §2, §4).
import { CenterPopup } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import {
  DEAL_PRICE_MODAL_BUTTON,
  DEAL_PRICE_MODAL_TITLE,
  RECOMMEND_SUBTITLE,
  RECOMMEND_TITLE,
  estateDetailHref,
  type RecommendedEstate,
} from '@fjt/domain';
import { useClientFlags } from '../../lib/client-flags.tsx';
import type { SendOrderInfo } from '../layouts/SendOrderLayout.tsx';
import { EstateChecklist } from './EstateChecklist.tsx';
import { PhoneField } from './PhoneField.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import { useLeadForm } from './use-lead-form.ts';
import './lead-form.css';
import { spm } from '../../lib/spm.ts';

/** antd's centre popup is at most 75vw wide: too narrow for the recommendation rows on a 375px phone. */
const MODAL_WIDTH = {
  '--min-width': 'min(343px, calc(100vw - 32px))',
  '--max-width': 'calc(100vw - 32px)',
} as CSSProperties;

export function DealPriceModal({ info, onClose }: { info: SendOrderInfo; onClose: () => void }) {
  const estateId = info.estateId ?? info.houseId ?? 0;
  const form = useLeadForm({ cityId: info.cityId, estateId });
  const flags = useClientFlags();
  const navigate = useNavigate();
  const title = info.title ?? DEAL_PRICE_MODAL_TITLE;

  /** Closes the modal, then opens `href`: a page of ours, or (in the app) a native screen. */
  const follow = (href: string) => {
    onClose();
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) window.location.href = href;
    else void navigate(href);
  };
  const estateHref = (e: RecommendedEstate) => estateDetailHref(flags, e.cityId, e.id);
  const send = async () => {
    if (await form.submit({ serviceType: 'buy', source: info.source ?? 'deal-price' })) onClose();
  };

  const { agent, recommended } = form.data;
  const services = agent ? [agent.customHouse, agent.consultationTransformation] : [];
  return (
    <CenterPopup visible onMaskClick={onClose} bodyClassName="lead-modal" style={MODAL_WIDTH} destroyOnClose>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="deal-price-modal"
        className="lead-modal__inner"
      >
        <button type="button" className="lead-modal__close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        <h2 className="lead-modal__title">{title}</h2>
        <div className="lead-modal__scroll">
          <PhoneField phone={form.phone} onChange={form.setPhone} />
          {services.length ? (
            <section className="lead-services" aria-label="更多服务" data-testid="lead-services">
              <h3 className="lead-section__title">更多服务</h3>
              <div className="lead-services__grid">
                {services.map((s) => (
                  <a
                    key={s.mainTitle}
                    className="lead-service"
                    href={flags.isApp ? s.appUrl : s.h5Url}
                    onClick={(e) => {
                      e.preventDefault();
                      follow(flags.isApp ? s.appUrl : s.h5Url);
                    }}
                  >
                    <strong>{s.mainTitle}</strong>
                    <span>{s.subtitle}</span>
                  </a>
                ))}
              </div>
            </section>
          ) : null}
          {recommended === null ? (
            <div className="lead-estates lead-estates--loading" aria-busy="true" data-testid="lead-estates-loading">
              <span className="sk-bone" />
              <span className="sk-bone" />
              <span className="sk-bone" />
            </div>
          ) : recommended.length ? (
            <section aria-label={RECOMMEND_TITLE} data-testid="lead-recommend">
              <h3 className="lead-section__title">{RECOMMEND_TITLE}</h3>
              <p className="lead-section__subtitle">{RECOMMEND_SUBTITLE}</p>
              <EstateChecklist
                estates={recommended}
                checked={form.checked}
                onToggle={form.toggle}
                hrefOf={estateHref}
                onOpen={follow}
              />
            </section>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn-primary lead-modal__submit"
          data-spm={spm('deal-price-modal', 'submit', 0)}
          disabled={form.sending}
          onClick={() => void send()}
        >
          {info.buttonText ?? DEAL_PRICE_MODAL_BUTTON}
        </button>
        <PrivacyNote onOpen={follow} />
      </div>
    </CenterPopup>
  );
}
