// The browser calls of 小区点评 and 看房笔记: likes, replies, deletes, my review (all personal, no-store).
import type { LikeBody, ReviewMineBody } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';

export const likeReview = (targetType: 'review' | 'review_reply', id: number, like: boolean) =>
  callApi<LikeBody>('comment/like', { targetType, id, like });

export const likeNote = (id: number, like: boolean) => callApi<LikeBody>('house/basic-info/notes/like', { id, like });

export const mineOf = (estateId: number, reviewId?: number) =>
  callApi<ReviewMineBody>(`comment/mine?estateId=${estateId}${reviewId ? `&reviewId=${reviewId}` : ''}`);

/** 3天前 / 2026-05-01: a post's time as the lists show it. */
export function postedAt(iso: string, now: number): string {
  const t = Date.parse(iso);
  const minutes = Math.floor((now - t) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes}分钟前`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}小时前`;
  if (minutes < 30 * 24 * 60) return `${Math.floor(minutes / 1440)}天前`;
  return new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
}
