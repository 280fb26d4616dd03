// 板块详情's sticky action bar (DESIGN.md): 订阅 (asks for login and comes back), 分享 (system share sheet, else
// the link is copied), and the primary way on: the plate's estates.
import { Link, useLocation } from 'react-router';
import { copyText } from '../../lib/copy-text.ts';

export function PlateActionBar({ name, listHref }: { name: string; listHref: string }) {
  const location = useLocation();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${name}板块房价`, url }).catch(() => undefined);
      return;
    }
    await copyText(url).catch(() => undefined);
  };
  return (
    <div className="plate-bar" data-testid="plate-bar">
      <Link className="plate-bar__item" to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
        <span aria-hidden="true">☆</span>订阅
      </Link>
      <button type="button" className="plate-bar__item" onClick={() => void share()}>
        <span aria-hidden="true">⇪</span>分享
      </button>
      <Link className="btn btn-primary plate-bar__primary" to={listHref}>
        查看板块小区
      </Link>
    </div>
  );
}
