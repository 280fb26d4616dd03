// Display helpers of the video feed.

/** 75 → '1:15'. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 1234 → '1234次播放', 12345 → '1.2万次播放'. */
export function plays(count: number): string {
  return count >= 10_000 ? `${(Math.round(count / 1000) / 10).toFixed(1)}万次播放` : `${count}次播放`;
}
