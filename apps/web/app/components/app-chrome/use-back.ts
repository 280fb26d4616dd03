// "Back" as the app means it (the title bar's ←, 搜索's 取消): back in history when the user came from within
// the app (React Router keeps the entry's index in history.state), otherwise the current city's home, never
// back out to another site or an empty tab.
import { useNavigate } from 'react-router';
import { backTarget } from './chrome.ts';

export function useBack(cityId: number): () => void {
  const navigate = useNavigate();
  return () => {
    const target = backTarget((window.history.state as { idx?: unknown } | null)?.idx, cityId);
    if (target === -1) void navigate(-1);
    else void navigate(target);
  };
}
