// The price-guide popup (spec §2 overlays): what the landlord premium coefficient (房东溢价系数) means.
import { Popup } from 'antd-mobile';
import { PRICE_GUIDE_DISMISS, PRICE_GUIDE_TEXT } from '@fjt/domain';
import './price-guide.css';

export function PriceGuidePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="price-guide" destroyOnClose>
      <div data-testid="price-guide">
        <h2 className="price-guide__title">房东溢价系数</h2>
        <p className="price-guide__text">{PRICE_GUIDE_TEXT}</p>
        <button type="button" className="btn btn-primary price-guide__ok" onClick={onClose}>
          {PRICE_GUIDE_DISMISS}
        </button>
      </div>
    </Popup>
  );
}
