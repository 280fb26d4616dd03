// The error page of spec §2: a picture, the status code and message, '刷新试试看' (reload) and '回到首页' (home).
// If showing it fails, ErrorPageBoundary shows spec §8's fallback with a link home.
import { Component, type ReactNode } from 'react';
import { ERROR_HOME_TEXT, ERROR_PAGE_FAILURE_MESSAGE, ERROR_RELOAD_TEXT } from '@fjt/domain';
import './error-page.css';

export interface ErrorPageProps {
  status: number;
  message: string;
}

export function ErrorPage({ status, message }: ErrorPageProps) {
  return (
    <main className="error-page" data-testid="error-page">
      <ErrorPicture status={status} />
      <p className="error-page__status num" data-testid="error-status">
        {status}
      </p>
      <p className="error-page__message" data-testid="error-message">
        {message}
      </p>
      <div className="error-page__actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {ERROR_RELOAD_TEXT}
        </button>
        {/* A plain link, not a client navigation: the router may be the thing that failed. */}
        <a className="btn" href="/">
          {ERROR_HOME_TEXT}
        </a>
      </div>
    </main>
  );
}

function ErrorPicture({ status }: { status: number }) {
  const lost = status === 404;
  return (
    <svg
      className="error-page__picture"
      viewBox="0 0 200 150"
      role="img"
      aria-label={lost ? '页面走丢了' : '页面出错了'}
    >
      <ellipse cx="100" cy="136" rx="70" ry="8" fill="#e5e6eb" />
      <path
        d="M40 70 L100 28 L160 70 V130 H40 Z"
        fill="#e8f0ff"
        stroke="#1f6fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="86" y="92" width="28" height="38" rx="3" fill="#fff" stroke="#1f6fff" strokeWidth="3" />
      <rect x="56" y="80" width="20" height="18" rx="2" fill="#fff" stroke="#1f6fff" strokeWidth="3" />
      <rect x="124" y="80" width="20" height="18" rx="2" fill="#fff" stroke="#1f6fff" strokeWidth="3" />
      {lost ? (
        <text x="100" y="70" textAnchor="middle" fontSize="22" fontWeight="700" fill="#1f6fff">
          ?
        </text>
      ) : (
        <path d="M92 56 L108 72 M108 56 L92 72" stroke="#e63b2e" strokeWidth="4" strokeLinecap="round" />
      )}
    </svg>
  );
}

interface BoundaryState {
  failed: boolean;
}

export class ErrorPageBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="error-page" data-testid="error-page-failure">
        <p className="error-page__message">{ERROR_PAGE_FAILURE_MESSAGE}</p>
        <a className="btn" href="/">
          {ERROR_HOME_TEXT}
        </a>
      </main>
    );
  }
}
