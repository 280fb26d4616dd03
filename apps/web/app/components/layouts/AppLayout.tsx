// Picks one of the four layouts of spec §2 for the current page.
import type { ReactNode } from 'react';
import type { LayoutName } from '../../layouts.ts';
import { DownloadBanner } from '../download-banner/DownloadBanner.tsx';
import { renderDealPriceModal, usePrefetchDealPriceModal } from '../lead-form/LazyDealPriceModal.tsx';
import { SendOrderLayout } from './SendOrderLayout.tsx';
import { ShareLayout } from './ShareLayout.tsx';

export function AppLayout({ name, children }: { name: LayoutName; children: ReactNode }) {
  switch (name) {
    case 'download':
      return (
        <div data-layout="download">
          <DownloadBanner />
          {children}
        </div>
      );
    case 'send-order':
      return <SendOrderPage>{children}</SendOrderPage>;
    case 'share':
      return <ShareLayout>{children}</ShareLayout>;
    default:
      return <div data-layout="default">{children}</div>;
  }
}

/** The send-order layout with the deal-price modal in its slot (loaded lazily, see LazyDealPriceModal.tsx). */
function SendOrderPage({ children }: { children: ReactNode }) {
  usePrefetchDealPriceModal();
  return <SendOrderLayout renderOrderModal={renderDealPriceModal}>{children}</SendOrderLayout>;
}
