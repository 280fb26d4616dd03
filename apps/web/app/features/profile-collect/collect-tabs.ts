// The four tabs of 订阅与收藏 (PAGES.md §3.9): which list each reads, how a row is removed (and put back from the
// undo bar), and what an empty tab says and offers next.
import type { CollectEstateRow, CollectFollowRow } from '@fjt/domain';

export type CollectTabKey = 'sub' | 'fav' | 'author' | 'column';
export type CollectRow = CollectEstateRow | CollectFollowRow;
type Call = [path: string, body?: unknown];

export interface CollectTab {
  key: CollectTabKey;
  title: string;
  /** GET path of the list (paged with ?page=). */
  list: string;
  rows: 'estate' | 'follow';
  removeText: string;
  /** Toast/undo-bar text once removed. */
  removedText: string;
  remove(row: CollectRow): Call;
  /** Puts a removed row back; null when it cannot be. */
  restore: ((row: CollectRow) => Call) | null;
  empty: { title: string; hint: string; action: string };
}

const targetId = (row: CollectRow) => ('targetId' in row ? row.targetId : row.id);

export const COLLECT_TABS: readonly CollectTab[] = [
  {
    key: 'sub',
    title: '订阅小区',
    list: 'user/getsubHouseList',
    rows: 'estate',
    removeText: '取消订阅',
    removedText: '已取消订阅',
    remove: (row) => ['message/message-center/estate-subscribe/del', { estateId: targetId(row) }],
    restore: (row) => ['message/message-center/estate-subscribe/add', { estateId: targetId(row) }],
    empty: {
      title: '还没有订阅小区',
      hint: '订阅后，小区有新成交、房源降价和新的月度均价时会通知你',
      action: '去找小区',
    },
  },
  {
    key: 'fav',
    title: '收藏小区',
    list: 'user/getFavorEstateList',
    rows: 'estate',
    removeText: '取消收藏',
    removedText: '已取消收藏',
    remove: (row) => ['user/favor/del', { targetType: 'estate', targetId: targetId(row) }],
    restore: (row) => ['user/favor/add', { targetType: 'estate', targetId: targetId(row) }],
    empty: { title: '还没有收藏小区', hint: '在小区页点收藏，常看的小区都在这里', action: '去找小区' },
  },
  {
    key: 'author',
    title: '关注作者',
    list: 'user/getSubsAuthorsList',
    rows: 'follow',
    removeText: '取消关注',
    removedText: '已取消关注',
    remove: (row) => ['subscribe/delete', { ids: [row.recordId] }],
    restore: (row) => ['subscribe/author', { authorId: targetId(row) }],
    empty: { title: '还没有关注作者', hint: '关注楼市作者，他们的新文章会第一时间出现在这里', action: '去首页看看' },
  },
  {
    key: 'column',
    title: '关注专栏',
    list: 'user/getArticleFollowList',
    rows: 'follow',
    removeText: '取消关注',
    removedText: '已取消关注',
    remove: (row) => ['subscribe/delete', { ids: [row.recordId] }],
    restore: (row) => ['subscribe/add', { targetType: 'column', targetId: targetId(row) }],
    empty: { title: '还没有关注专栏', hint: '关注政策、行情或攻略专栏，专栏更新会出现在这里', action: '去首页看看' },
  },
];

export function collectTab(key: string | null): CollectTab {
  return COLLECT_TABS.find((t) => t.key === key) ?? COLLECT_TABS[0]!;
}
