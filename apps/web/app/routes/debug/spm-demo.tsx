// /spm-demo 埋点调试 (PAGES.md §3.14; issue 18): a page of ours in a same-origin frame (城市首页 by default, or any
// path typed in), with every tagged element outlined in blue and labelled with its spm code (a.b.c.d), untagged
// interactive elements outlined in red and counted, and the live log of this tab's tracking events — the frame's
// views and taps as its tracking queue sends them. Debug flag only (404 otherwise); noindex (pages.ts).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import { pagePurpose } from '../../page-purposes.ts';
import type { Route } from './+types/spm-demo';
import { TRACK_EVENT, startTracking, trackingAllowed, type QueuedEvent } from '../../lib/tracking.ts';
import { drawSpmOverlay, type OverlayCounts } from '../../features/tracking/spm-overlay.ts';
import '../../features/tracking/spm-demo.css';

export function loader({ context }: Route.LoaderArgs) {
  if (!context.debugPages) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('埋点调试') },
  { name: 'description', content: `${pagePurpose('spm-demo') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

const SAMPLES = [
  { label: '城市首页', path: '/605' },
  { label: '搜索', path: '/605/search' },
  { label: '个人中心', path: '/profile' },
];

interface LogLine extends QueuedEvent {
  n: number;
}

export default function SpmDemoPage() {
  const frame = useRef<HTMLIFrameElement>(null);
  const [path, setPath] = useState(SAMPLES[0]!.path);
  const [counts, setCounts] = useState<OverlayCounts | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [allowed, setAllowed] = useState(true);
  const seq = useRef(0);

  const add = useCallback((event: QueuedEvent) => {
    seq.current += 1;
    const line = { ...event, n: seq.current };
    setLog((lines) => [line, ...lines].slice(0, 100));
  }, []);

  // this page's own events, then the framed page's (its window dispatches each one it queues)
  useEffect(() => {
    setAllowed(trackingAllowed());
    return startTracking().subscribe(add);
  }, [add]);

  const redraw = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (doc?.body) setCounts(drawSpmOverlay(doc));
  }, []);

  // the frame may have loaded before this page hydrated: attach to whatever document it holds now, and to each
  // one it loads later; redraw as the framed page settles, hydrates and loads its data
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const listener = (e: Event) => add((e as CustomEvent<QueuedEvent>).detail);
    let win: Window | null = null;
    const attach = () => {
      win?.removeEventListener(TRACK_EVENT, listener);
      win = iframe.contentWindow;
      win?.addEventListener(TRACK_EVENT, listener);
      win?.addEventListener('scroll', redraw, { passive: true });
      redraw();
    };
    if (iframe.contentDocument?.readyState === 'complete') attach();
    iframe.addEventListener('load', attach);
    const timer = window.setInterval(redraw, 1500);
    return () => {
      iframe.removeEventListener('load', attach);
      win?.removeEventListener(TRACK_EVENT, listener);
      window.clearInterval(timer);
    };
  }, [add, redraw]);

  const go = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('path');
    if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) setPath(value);
  };

  return (
    <main className="spm-demo" data-testid="spm-demo">
      <section className="spm-demo__bar">
        <div className="spm-demo__samples" role="group" aria-label="示例页面">
          {SAMPLES.map((s) => (
            <button
              key={s.path}
              type="button"
              className={s.path === path ? 'is-active' : undefined}
              onClick={() => setPath(s.path)}
            >
              {s.label}
            </button>
          ))}
        </div>
        <form className="spm-demo__path" onSubmit={go}>
          <input name="path" defaultValue={path} key={path} aria-label="页面路径" autoComplete="off" />
          <button type="submit">打开</button>
          <button type="button" onClick={redraw}>
            重新标注
          </button>
        </form>
        <p className="spm-demo__counts" data-testid="spm-counts">
          {counts ? (
            <>
              已埋点 <b>{counts.tagged}</b> 个，<span className="spm-demo__bad">未埋点 {counts.untagged} 个</span>
            </>
          ) : (
            '页面加载中…'
          )}
        </p>
        {allowed ? null : (
          <p className="spm-demo__bad">本浏览器已开启“请勿跟踪”或关闭了个性化推荐与统计，事件不会发送。</p>
        )}
      </section>
      <iframe ref={frame} src={path} title="示例页面" className="spm-demo__frame" />
      <section className="spm-demo__log" aria-label="事件日志">
        <h2>实时事件（本标签页）</h2>
        {log.length === 0 ? (
          <p className="spm-demo__empty">暂无事件：在上方页面中点击带编码的元素</p>
        ) : (
          <ol data-testid="spm-log">
            {log.map((e) => (
              <li key={e.n}>
                <span className={`spm-demo__type spm-demo__type--${e.type}`}>
                  {e.type === 'view' ? '浏览' : '点击'}
                </span>
                <code>{e.spm || e.page}</code>
                <time>{new Date(e.at).toLocaleTimeString('zh-CN', { hour12: false })}</time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
