// 板块详情's sticky action bar (DESIGN.md): 订阅 (FollowButton: a visitor logs in and comes back subscribed), 分享 (system share sheet, else
// the link is copied), and the primary way on: the plate's estates.
import { Link } from 'react-router';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { copyText } from '../../lib/copy-text.ts';

export function PlateActionBar({ plateId, name, listHref }: { plateId: number; name: string; listHref: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${name}板块房价`, url }).catch(() => undefined);
      return;
    }
    await copyText(url).catch(() => undefined);
  };
  return (
    <div className="bottom-bar bottom-bar--actions" data-testid="plate-bar">
      <FollowButton kind="plate" id={plateId} className="bottom-bar__item" icon label="订阅" testId="plate-follow" />
      <button type="button" className="bottom-bar__item" onClick={() => void share()}>
        <span aria-hidden="true">⇪</span>分享
      </button>
      <Link className="btn btn-primary bottom-bar__primary" to={listHref}>
        查看板块小区
      </Link>
    </div>
  );
}
