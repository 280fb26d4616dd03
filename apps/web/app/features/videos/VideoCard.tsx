// One video in the feed: a drawn cover (estates have no photos) that turns into the inline player on tap, the
// title, who presents it, when, how often it was played, and a chip to the estate.
import { useState } from 'react';
import { Link } from 'react-router';
import { VIDEO_KINDS, formatDate, type VideoCard as Video } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { clock, plays } from './video-format.ts';

export function VideoCard({
  video,
  active,
  onPlay,
  now,
  showEstate,
}: {
  video: Video;
  active: boolean;
  onPlay: () => void;
  now: number;
  showEstate: boolean;
}) {
  const [playCount, setPlayCount] = useState(video.playCount);
  return (
    <article className="video-card" aria-label={video.title}>
      {active ? (
        <VideoPlayer videoId={video.id} title={video.title} onPlayCounted={setPlayCount} />
      ) : (
        <button type="button" className="video-cover" onClick={onPlay} aria-label={`播放：${video.title}`}>
          <EstateCover id={video.estateId} name={video.estateName} district={video.plateName} size="large" />
          <span className="video-cover__kind">{VIDEO_KINDS[video.kind]}</span>
          <span className="video-cover__play" aria-hidden="true">
            ▶
          </span>
          <span className="video-cover__duration num">{clock(video.durationSec)}</span>
        </button>
      )}
      <div className="video-card__body">
        <h2 className="video-card__title">{video.title}</h2>
        <p className="video-card__meta">
          {video.agent ? `${video.agent.name} · ${video.agent.company}` : '房价通'}
          <span className="num"> · {formatDate(video.publishedAt, new Date(now))}</span>
          <span className="num"> · {plays(playCount)}</span>
        </p>
        {showEstate ? (
          <Link className="video-card__estate" to={`/${video.cityId}/house-detail/${video.estateId}`}>
            <span aria-hidden="true">⌂</span> {video.estateName} · {video.districtName}
            {video.plateName}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
