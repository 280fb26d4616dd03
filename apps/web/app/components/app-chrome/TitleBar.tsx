// The title bar of inner pages: ← back and the page's title. Back goes back in history when the user came from
// within the app, otherwise (a shared link, a bookmark) to the current city's home.
import { useBack } from './use-back.ts';
import './app-chrome.css';

export function TitleBar({ title, cityId }: { title: string; cityId: number }) {
  const back = useBack(cityId);
  return (
    <header className="title-bar" data-testid="title-bar">
      <button type="button" className="title-bar__back" aria-label="返回" onClick={back}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M15 4.5 7.5 12l7.5 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <div className="title-bar__title" data-testid="title-bar-title">
        {title}
      </div>
      <span className="title-bar__side" aria-hidden="true" />
    </header>
  );
}
