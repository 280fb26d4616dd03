// 距活动结束 countdown (issue 18): to the activity's endsAt on the server's clock (serverTime of activity/info);
// ticks every second in the browser; when it reaches 0 the page reloads the activity (onEnd) to show 活动已结束.
import { useEffect, useState } from 'react';
import { countdownParts, countdownText, msLeft, two } from './countdown.ts';

export function Countdown({ endsAt, serverTime, onEnd }: { endsAt: string; serverTime: string; onEnd?: () => void }) {
  // the monotonic instant serverTime arrived (the activity is fetched just before this renders with it)
  const [clock, setClock] = useState(() => ({ serverTime, readAt: performance.now() }));
  if (clock.serverTime !== serverTime) setClock({ serverTime, readAt: performance.now() });
  const readAt = clock.readAt;
  const [ms, setMs] = useState(() => msLeft(endsAt, serverTime, readAt, performance.now()));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = msLeft(endsAt, serverTime, readAt, performance.now());
      setMs(next);
      if (next <= 0) {
        clearInterval(timer);
        onEnd?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt, serverTime, readAt, onEnd]);
  const p = countdownParts(ms);
  return (
    <p className="d11-countdown" data-testid="d11-countdown" aria-label={`距活动结束 ${countdownText(ms)}`}>
      <span className="d11-countdown__label">距结束</span>
      {p.days > 0 ? (
        <>
          <b className="num">{p.days}</b>
          <span>天</span>
        </>
      ) : null}
      <b className="num">{two(p.hours)}</b>
      <span>:</span>
      <b className="num">{two(p.minutes)}</b>
      <span>:</span>
      <b className="num">{two(p.seconds)}</b>
    </p>
  );
}
