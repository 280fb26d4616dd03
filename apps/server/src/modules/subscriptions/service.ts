// 订阅与收藏 (issue 11): subscribe to an estate, plate, project or author, favourite an estate or a listing, and the
// lists of /profile/collect. A column (issue 17) is one of the three article columns, followed with subscribe/add. Adding and removing are idempotent; a target must exist (404 otherwise).
import {
  ARTICLE_COLUMNS,
  ApiError,
  articleColumnById,
  COLLECT_PAGE_SIZE,
  type CollectEstateList,
  type CollectFollowList,
  type FavoriteState,
  type FavoriteTarget,
  type SubscriptionState,
  type SubscriptionTarget,
} from '@fjt/domain';
import { withEstateMom } from '../../lib/estate-figures.ts';
import type { SubscriptionsRepo } from './repo.ts';

export const UNKNOWN_TARGET: Record<SubscriptionTarget | FavoriteTarget, string> = {
  estate: '小区不存在',
  listing: '房源不存在',
  plate: '板块不存在',
  project: '楼盘不存在',
  author: '作者不存在',
  column: '专栏不存在',
};
export const FOLLOW_SELF = '不能关注自己';

export function createSubscriptionsService(repo: SubscriptionsRepo) {
  const mustExist = async (type: SubscriptionTarget | FavoriteTarget, id: number) => {
    if (!(await repo.targetExists(type, id))) throw ApiError.notFound(UNKNOWN_TARGET[type]);
  };

  const stateOf = (row: { muted: boolean } | null): SubscriptionState => ({
    subscribed: row !== null,
    muted: row?.muted ?? false,
  });

  return {
    async check(userId: number, type: SubscriptionTarget, targetId: number): Promise<SubscriptionState> {
      await mustExist(type, targetId);
      return stateOf(await repo.subscription(userId, type, targetId));
    },

    async subscribe(userId: number, type: SubscriptionTarget, targetId: number): Promise<SubscriptionState> {
      if (type === 'author' && targetId === userId) throw ApiError.badRequest(FOLLOW_SELF);
      await mustExist(type, targetId);
      return stateOf(await repo.subscribe(userId, type, targetId));
    },

    /** Cancels whatever the user had (nothing to cancel is fine: the target may be gone by now). */
    async unsubscribe(userId: number, type: SubscriptionTarget, targetId: number): Promise<SubscriptionState> {
      await repo.unsubscribe(userId, type, targetId);
      return stateOf(null);
    },

    async deleteMany(userId: number, ids: number[]) {
      return { deleted: await repo.deleteSubscriptions(userId, [...new Set(ids)]) };
    },

    async isFavorite(userId: number, type: FavoriteTarget, targetId: number): Promise<FavoriteState> {
      await mustExist(type, targetId);
      return { favored: await repo.isFavorite(userId, type, targetId) };
    },

    async favor(userId: number, type: FavoriteTarget, targetId: number): Promise<FavoriteState> {
      await mustExist(type, targetId);
      await repo.favor(userId, type, targetId);
      return { favored: true };
    },

    async unfavor(userId: number, type: FavoriteTarget, targetId: number): Promise<FavoriteState> {
      await repo.unfavor(userId, type, targetId);
      return { favored: false };
    },

    async estates(userId: number, list: 'subscribed' | 'favorite', page: number): Promise<CollectEstateList> {
      const size = COLLECT_PAGE_SIZE;
      const { total, rows } =
        list === 'subscribed'
          ? await repo.subscribedEstates(userId, page, size)
          : await repo.favoriteEstates(userId, page, size);
      return { total, page, size, list: rows.map(withEstateMom) };
    },

    async follows(userId: number, type: 'author' | 'column', page: number): Promise<CollectFollowList> {
      const size = COLLECT_PAGE_SIZE;
      const { total, rows } = await repo.follows(userId, type, page, size);
      // a column's name is the fixed one of the article columns (an id that is none keeps null)
      const named = rows.map((r) => {
        if (r.targetType !== 'column') return r;
        const column = articleColumnById(r.targetId);
        return { ...r, name: column ? ARTICLE_COLUMNS[column].title : null };
      });
      return { total, page, size, list: named };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
