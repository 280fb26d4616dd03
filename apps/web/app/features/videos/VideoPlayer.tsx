// The inline player of a 看房视频: loads the video's scenes, plays them on a clock (requestAnimationFrame) with the
// presenter's words as subtitles, and offers play/pause, seeking, chapter ticks and replay. One play is counted
// when playback first starts.
import { useEffect, useRef, useState } from 'react';
import type { Envelope, VideoDetailBody } from '@fjt/domain';
import { SceneStage } from './SceneStage.tsx';
import { clock } from './video-format.ts';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; video: VideoDetailBody };

async function fetchVideo(id: number): Promise<VideoDetailBody> {
  const res = await fetch(`/rabbit/v1/content/video/detail?id=${id}`);
  const json = (await res.json()) as Envelope<VideoDetailBody | null>;
  if (json.resultCode !== 0 || !json.body) throw new Error(json.errMsg || 'Network Error.');
  return json.body;
}

function countPlay(id: number): Promise<number | null> {
  return fetch('/rabbit/v1/content/video/play', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  })
    .then((res) => res.json() as Promise<Envelope<{ playCount: number } | null>>)
    .then((json) => json.body?.playCount ?? null)
    .catch(() => null);
}

export function VideoPlayer({
  videoId,
  title,
  onPlayCounted,
}: {
  videoId: number;
  title: string;
  onPlayCounted?: (playCount: number) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  // The clock reads and writes the time through a ref so a frame never waits for a render.
  const timeRef = useRef(0);
  const counted = useRef(false);
  const onCounted = useRef(onPlayCounted);
  useEffect(() => {
    onCounted.current = onPlayCounted;
  });

  const seek = (t: number) => {
    timeRef.current = t;
    setTime(t);
  };

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchVideo(videoId).then(
      (video) => {
        if (!live) return;
        setLoad({ state: 'ready', video });
        timeRef.current = 0;
        setTime(0);
        setPlaying(video.scenes.length > 0);
      },
      (error: Error) => live && setLoad({ state: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [videoId, attempt]);

  const duration = load.state === 'ready' ? load.video.durationSec : 0;

  useEffect(() => {
    if (!playing || duration === 0) return;
    if (!counted.current) {
      counted.current = true;
      void countPlay(videoId).then((n) => n !== null && onCounted.current?.(n));
    }
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const next = Math.min(duration, timeRef.current + (now - last) / 1000);
      last = now;
      timeRef.current = next;
      setTime(next);
      if (next >= duration) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, duration, videoId]);

  if (load.state === 'loading')
    return (
      <div className="video-stage video-stage--loading" aria-busy="true">
        <span className="video-spinner" aria-hidden="true" />
        <p>视频加载中…</p>
      </div>
    );
  if (load.state === 'failed')
    return (
      <div className="video-stage video-stage--failed">
        <p>视频加载失败：{load.message}</p>
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          重试
        </button>
      </div>
    );

  const { scenes } = load.video;
  let index = 0;
  scenes.forEach((s, i) => {
    if (s.startSec <= time) index = i;
  });
  const scene = scenes[index];
  const ended = time >= duration && duration > 0;
  const toggle = () => {
    if (ended) {
      seek(0);
      setPlaying(true);
    } else setPlaying((p) => !p);
  };

  return (
    <div className="video-player" role="region" aria-label={`视频：${title}`}>
      <div
        className={`video-stage${playing ? '' : ' is-paused'}`}
        onClick={toggle}
        data-testid="video-stage"
        data-scene={index}
      >
        {scene ? (
          <>
            <p className="video-stage__chapter">{scene.title}</p>
            <div className="video-stage__scene" key={index}>
              <SceneStage visual={scene.visual} />
            </div>
            <p className="video-stage__caption" aria-live="polite">
              {scene.caption}
            </p>
          </>
        ) : (
          <p className="vscene-empty">这个视频暂时无法播放</p>
        )}
        {!playing ? (
          <span className="video-stage__big-button" aria-hidden="true">
            {ended ? '↻' : '▶'}
          </span>
        ) : null}
      </div>
      <div className="video-controls">
        <button
          type="button"
          className="video-controls__play"
          onClick={toggle}
          aria-label={ended ? '重播' : playing ? '暂停' : '播放'}
        >
          {ended ? '重播' : playing ? '暂停' : '播放'}
        </button>
        <div className="video-controls__track">
          <input
            type="range"
            min={0}
            max={duration}
            step={0.1}
            value={time}
            aria-label="播放进度"
            onChange={(e) => seek(Number(e.currentTarget.value))}
          />
          {scenes.slice(1).map((s) => (
            <span
              key={s.startSec}
              className="video-controls__tick"
              style={{ left: `${(100 * s.startSec) / duration}%` }}
            />
          ))}
        </div>
        <span className="video-controls__time num">
          {clock(time)} / {clock(duration)}
        </span>
      </div>
      <ol className="video-chapters" aria-label="章节">
        {scenes.map((s, i) => (
          <li key={s.startSec}>
            <button
              type="button"
              className={i === index ? 'is-current' : undefined}
              onClick={() => {
                seek(s.startSec);
                setPlaying(true);
              }}
            >
              <span className="num">{clock(s.startSec)}</span> {s.title}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
