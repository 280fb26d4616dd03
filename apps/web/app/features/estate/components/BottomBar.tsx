// The sticky action bar of a detail page (DESIGN.md): 订阅 · 分享 · 咨询 · 获取成交价.
// 订阅 subscribes to the estate (a visitor logs in first and comes back subscribed); 获取成交价 opens the deal-price modal
// of the send-order layout.
import { Link } from 'react-router';
import { FollowButton } from '../../../components/follow-button/FollowButton.tsx';
import { useSendOrder } from '../../../components/layouts/SendOrderLayout.tsx';
import { agentListPath } from '../paths.ts';
import { spm } from '../../../lib/spm.ts';

export function BottomBar({ cityId, estateId, name }: { cityId: number; estateId: number; name: string }) {
  const { openOrder } = useSendOrder();
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
    <div className="bottom-bar bottom-bar--actions" data-testid="estate-bar">
      <FollowButton kind="estate" id={estateId} className="bottom-bar__item" icon label="订阅" testId="estate-follow" />
      <button
        type="button"
        className="bottom-bar__item"
        onClick={() => void share()}
        data-spm={spm('house-detail', 'bar', 1)}
      >
        <span aria-hidden="true">⇪</span>分享
      </button>
      <Link className="bottom-bar__item" to={agentListPath(cityId, estateId)} data-spm={spm('house-detail', 'bar', 2)}>
        <span aria-hidden="true">☏</span>咨询
      </Link>
      <button
        type="button"
        className="btn btn-primary bottom-bar__primary"
        data-spm={spm('house-detail', 'bar', 3)}
        onClick={() => openOrder({ cityId, estateId, houseId: estateId })}
      >
        获取成交价
      </button>
    </div>
  );
}
