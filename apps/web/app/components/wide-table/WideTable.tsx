// A table wider than the phone scrolls sideways inside this box, and says so: a shadow on the side that has
// more (pure CSS, already there in the server's HTML) and, once the browser has measured that the table is
// wider than the box, '左右滑动查看' above it until the user has scrolled to the end.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './wide-table.css';

export function WideTable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ overflow: false, atEnd: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const overflow = el.scrollWidth > el.clientWidth + 1;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
      setState((s) => (s.overflow === overflow && s.atEnd === atEnd ? s : { overflow, atEnd }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return (
    <div className="wide-table" data-overflow={state.overflow ? 'true' : undefined}>
      {/* above the table, where the eye starts; its line is there from the server's HTML, so showing it moves
          nothing */}
      <p
        className="wide-table__hint"
        data-testid="wide-table-hint"
        data-shown={state.overflow && !state.atEnd ? 'true' : undefined}
      >
        左右滑动查看<span aria-hidden="true"> →</span>
      </p>
      {/* focusable so the table can be scrolled with the keyboard too */}
      <div ref={ref} className="wide-table__scroll" role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
