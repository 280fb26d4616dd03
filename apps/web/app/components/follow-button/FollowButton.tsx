// The one 订阅 / 收藏 / 关注 button of the product (issue 11): any bar item, button or inline link that follows an
// estate, plate, project, listing or author. Off it shows the caller's label; on, 已订阅 / 已收藏 / 已关注 (or the
// caller's onLabel). The icon, when given, is ☆ off and ★ on.
import type { ReactNode } from 'react';
import { FOLLOW_KINDS, useFollow, type FollowKind } from '../../lib/follow.ts';
import './follow-button.css';

export interface FollowButtonProps {
  kind: FollowKind;
  id: number;
  /** What the button says while off, e.g. 订阅, 订阅变价, 订阅成交提醒, 关注. */
  label: ReactNode;
  /** What it says while on; default 已订阅 / 已收藏. */
  onLabel?: ReactNode;
  className?: string;
  /** Show ☆ / ★ before the label (bar items). */
  icon?: boolean;
  /** Looks like a link (inside a sentence or an empty note). */
  inline?: boolean;
  testId?: string;
}

export function FollowButton({ kind, id, label, onLabel, className, icon, inline, testId }: FollowButtonProps) {
  const { state, busy, toggle } = useFollow(kind, id);
  const on = state === 'on';
  const classes = [className, inline ? 'follow-inline' : null, on ? 'is-following' : null].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={on}
      aria-busy={busy || undefined}
      data-follow={state}
      data-testid={testId}
      onClick={toggle}
    >
      {icon ? <span aria-hidden="true">{on ? '★' : '☆'}</span> : null}
      {on ? (onLabel ?? `已${FOLLOW_KINDS[kind].verb}`) : label}
    </button>
  );
}
