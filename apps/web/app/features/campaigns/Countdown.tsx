// 距活动结束 countdown (issue 18): to the activity's endsAt on the server's clock (serverTime of activity/info);
// ticks every second in the browser; when it reaches 0 the page reloads the activity (onEnd) to show 活动已结束.
import { useEffect, useRef, useState } from 'react';
import { clockOffset, countdownParts } from './countdown.ts';

const two = (n: number) => String(n).padStart(2, '0');

export function Countdown({ endsAt, serverTime, onEnd }: { endsAt: string; serverTime: string; onEnd?: () => void }) {
  const offset = useRef(clockOffset(serverTime, Date.now()));
  const left = () => Date.parse(endsAt) - (Date.now() + offset.current);
  const [ms, setMs] = useState(left);
  useEffect(() => {
    offset.current = clockOffset(serverTime, Date.now());
    const timer = setInterval(() => {
      const next = Date.parse(endsAt) - (Date.now() + offset.current);
      setMs(next);
      if (next <= 0) {
        clearInterval(timer);
        onEnd?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt, serverTime, onEnd]);
  const p = countdownParts(ms);
  return (
    <p className="d11-countdown" data-testid="d11-countdown" aria-label="距活动结束">
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
