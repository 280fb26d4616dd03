// The one empty state of the app (DESIGN.md: "Empty states say what happened and offer the next step"): a light
// drawing, a title saying what happened, an optional hint, then the next step. The next step is the caller's own
// link or button (`action`), so each page keeps its copy and behaviour; `children` is anything offered after it
// (other scenes, nearby estates). EmptyNote is the one-line form inside a section that already has a title.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './empty-state.css';

export type EmptyStateArt = 'list' | 'search' | 'data';

export interface EmptyStateProps {
  /** What happened, e.g. '暂无符合条件的成交'; left out where a heading above already says it. */
  title?: ReactNode;
  /** Why, or what to try. */
  hint?: ReactNode;
  /** The next step: one or more links or buttons. */
  action?: ReactNode;
  /** Offered after the action, left-aligned (lists of other things to look at). */
  children?: ReactNode;
  /** The drawing above the title; null for none. */
  art?: EmptyStateArt | null;
  /** 'card': a white card of its own in the page; 'plain': inside a card or list that already is one. */
  frame?: 'card' | 'plain';
  as?: 'div' | 'section' | 'li';
  /** An accessible name, making a section a landmark region. */
  label?: string;
  testId?: string;
  className?: string;
}

export function EmptyState({
  title,
  hint,
  action,
  children,
  art = 'list',
  frame = 'card',
  as: Tag = 'div',
  label,
  testId,
  className,
}: EmptyStateProps) {
  const classes = ['empty-state', `empty-state--${frame}`, className].filter(Boolean).join(' ');
  return (
    <Tag className={classes} aria-label={label} data-testid={testId}>
      {art ? <EmptyArt art={art} /> : null}
      {title ? <p className="empty-state__title">{title}</p> : null}

      {hint ? <p className="empty-state__hint">{hint}</p> : null}
      {action ? <div className="empty-state__actions">{action}</div> : null}
      {children ? <div className="empty-state__more">{children}</div> : null}
    </Tag>
  );
}

/** What could not load (its title), why (the server's message) and 重新加载: every page's failed-fetch state. */
export function LoadFailed({
  title,
  message,
  retry,
  testId,
  frame,
}: {
  title: ReactNode;
  message?: ReactNode;
  retry: () => void;
  testId?: string;
  frame?: EmptyStateProps['frame'];
}) {
  return (
    <EmptyState
      art="data"
      title={title}
      hint={message}
      {...(testId ? { testId } : {})}
      {...(frame ? { frame } : {})}
      action={
        <button type="button" className="btn btn-primary" onClick={retry}>
          重新加载
        </button>
      }
    />
  );
}

/** The usual next step of a filtered list that came back empty: '清除筛选条件', replacing the current entry. */
export function ClearFiltersLink({
  to = '?',
  primary = false,
  preventScrollReset,
}: {
  to?: string;
  primary?: boolean;
  preventScrollReset?: boolean;
}) {
  return (
    <Link to={to} replace preventScrollReset={preventScrollReset} className={primary ? 'btn btn-primary' : 'btn'}>
      清除筛选条件
    </Link>
  );
}

/** The one-line empty state inside a titled section
: '暂无成交记录 · 订阅后有成交第一时间通知你'. */
export function EmptyNote({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <p className="empty-note">
      {children}
      {action ? <> · {action}</> : null}
    </p>
  );
}

/* Light line drawings in the brand's two blues: an empty list, a search that found nothing, a chart with no data. */
function EmptyArt({ art }: { art: EmptyStateArt }) {
  return (
    <svg className="empty-state__art" viewBox="0 0 120 96" aria-hidden="true" data-art={art}>
      <ellipse cx="60" cy="88" rx="44" ry="5" fill="var(--fjt-bg)" />
      {art === 'search' ? (
        <>
          <rect x="14" y="30" width="56" height="52" rx="6" fill="var(--fjt-brand-weak)" />
          <path d="M10 34 42 10l32 24" fill="none" stroke="var(--fjt-brand)" strokeWidth="4" strokeLinejoin="round" />
          <circle cx="78" cy="56" r="18" fill="var(--fjt-card)" stroke="var(--fjt-brand)" strokeWidth="4" />
          <path d="m91 69 14 14" stroke="var(--fjt-brand)" strokeWidth="6" strokeLinecap="round" />
        </>
      ) : art === 'data' ? (
        <>
          <rect x="20" y="14" width="80" height="66" rx="6" fill="var(--fjt-brand-weak)" />
          <path d="M32 66h56" stroke="var(--fjt-brand)" strokeWidth="3" strokeLinecap="round" />
          <path
            d="M34 56l14-12 12 8 18-20"
            fill="none"
            stroke="var(--fjt-brand)"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeDasharray="4 5"
          />
        </>
      ) : (
        <>
          <rect x="28" y="10" width="64" height="72" rx="6" fill="var(--fjt-brand-weak)" />
          <rect x="40" y="26" width="40" height="6" rx="3" fill="var(--fjt-card)" />
          <rect x="40" y="40" width="30" height="6" rx="3" fill="var(--fjt-card)" />
          <rect x="40" y="54" width="36" height="6" rx="3" fill="var(--fjt-card)" />
          <path d="M28 24h64" stroke="var(--fjt-brand)" strokeWidth="3" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
