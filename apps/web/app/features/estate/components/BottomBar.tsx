// The sticky action bar of a detail page (DESIGN.md): 订阅 · 分享 · 咨询 · 获取成交价.
// 订阅 needs login (asks at the moment of the action and comes back); 获取成交价 opens the deal-price modal
// of the send-order layout.
import { Link, useLocation } from 'react-router';
import { useSendOrder } from '../../../components/layouts/SendOrderLayout.tsx';
import { agentListPath } from '../paths.ts';

export function BottomBar({ cityId, estateId, name }: { cityId: number; estateId: number; name: string }) {
  const { openOrder } = useSendOrder();
  const location = useLocation();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${name}房价`, url }).catch(() => undefined);
      return;
    }
    // The copy helper (and its toast) loads on the first tap that needs it, not with the page.
    const { copyText } = await import('../../../lib/copy-text.ts');
    await copyText(url).catch(() => undefined);
  };
  return (
    <div className="estate-bar" data-testid="estate-bar">
      <Link className="estate-bar__item" to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
        <span aria-hidden="true">☆</span>订阅
      </Link>
      <button type="button" className="estate-bar__item" onClick={() => void share()}>
        <span aria-hidden="true">⇪</span>分享
      </button>
      <Link className="estate-bar__item" to={agentListPath(cityId, estateId)}>
        <span aria-hidden="true">☏</span>咨询
      </Link>
      <button
        type="button"
        className="btn btn-primary estate-bar__primary"
        onClick={() => openOrder({ cityId, estateId, houseId: estateId })}
      >
        获取成交价
      </button>
    </div>
  );
}
