// The send-order layout (spec §2 Layouts): hosts the price-guide popup and the order modal.
// Pages open them through useSendOrder(); the order modal opens when a send-order state object is set (spec §4).
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { LeadSource } from '@fjt/domain';
import { LazyPriceGuidePopup } from '../price-guide/LazyPriceGuidePopup.tsx';

/** What the deal-price/order modal needs to open (spec §3 "Estate info held by the modal"). */
export interface SendOrderInfo {
  houseId?: number;
  estateId?: number;
  cityId: number;
  title?: string;
  buttonText?: string;
  /** The page the lead comes from (leads.ts LEAD_SOURCES); 'deal-price' when unset. */
  source?: LeadSource;
}

interface SendOrderApi {
  showPriceGuide(): void;
  openOrder(info: SendOrderInfo): void;
  closeOrder(): void;
  sendOrderInfo: SendOrderInfo | null;
}

const SendOrderContext = createContext<SendOrderApi | null>(null);

export function useSendOrder(): SendOrderApi {
  const api = useContext(SendOrderContext);
  if (!api) throw new Error('useSendOrder must be used on a page with the send-order layout');
  return api;
}

/** Filled by the leads capability with the deal-price modal; renders when sendOrderInfo is set. */
export type OrderModalRenderer = (info: SendOrderInfo, close: () => void) => ReactNode;

export function SendOrderLayout({
  children,
  renderOrderModal,
}: {
  children: ReactNode;
  renderOrderModal?: OrderModalRenderer;
}) {
  const [guideVisible, setGuideVisible] = useState(false);
  const [sendOrderInfo, setSendOrderInfo] = useState<SendOrderInfo | null>(null);
  const api = useMemo<SendOrderApi>(
    () => ({
      showPriceGuide: () => setGuideVisible(true),
      openOrder: (info) => setSendOrderInfo(info),
      closeOrder: () => setSendOrderInfo(null),
      sendOrderInfo,
    }),
    [sendOrderInfo],
  );
  return (
    <SendOrderContext.Provider value={api}>
      <div data-layout="send-order">{children}</div>
      <LazyPriceGuidePopup visible={guideVisible} onClose={() => setGuideVisible(false)} />
      <div data-testid="order-modal-slot">
        {sendOrderInfo && renderOrderModal ? renderOrderModal(sendOrderInfo, api.closeOrder) : null}
      </div>
    </SendOrderContext.Provider>
  );
}
