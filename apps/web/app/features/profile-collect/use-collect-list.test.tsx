// @vitest-environment happy-dom
// One tab's list: first page, more on scroll, a row taken out and put back, and after a removal the next page is
// asked from the count held so no row is skipped (the server's pages shift by one).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { CollectFollowRow } from '@fjt/domain';
import { useCollectList } from './use-collect-list.ts';

const row = (recordId: number): CollectFollowRow => ({
  recordId,
  targetType: 'author',
  targetId: recordId,
  name: `作者${recordId}`,
  avatar: null,
  createdAt: '2026-11-25T08:00:00Z',
});

// 45 rows on the server, newest first; removing one shifts the later pages.
let server: CollectFollowRow[];
let asked: number[];

beforeEach(() => {
  server = Array.from({ length: 45 }, (_, i) => row(100 - i));
  asked = [];
  vi.stubGlobal('fetch', (url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    asked.push(page);
    const list = server.slice((page - 1) * 20, page * 20);
    const body = { resultCode: 0, errMsg: '', body: { total: server.length, page, size: 20, list } };
    return Promise.resolve(new Response(JSON.stringify(body)));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('useCollectList', () => {
  it('loads 20, then 20 more; a removal never makes the next page skip a row', async () => {
    const { result } = renderHook(() => useCollectList('user/getSubsAuthorsList', true));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(20);
    expect(result.current.hasMore).toBe(true);

    // remove the 3rd row (the server forgets it too)
    const gone = result.current.items[2]!;
    act(() => void result.current.take(gone.recordId));
    server = server.filter((r) => r.recordId !== gone.recordId);
    expect(result.current.items).toHaveLength(19);
    expect(result.current.total).toBe(44);

    await act(() => result.current.loadMore());
    await act(() => result.current.loadMore());
    await act(() => result.current.loadMore());
    expect(result.current.items.map((r) => r.recordId)).toEqual(server.map((r) => r.recordId));
    expect(result.current.hasMore).toBe(false);
    expect(asked[0]).toBe(1);
  });

  it('puts a row back where it was', async () => {
    const { result } = renderHook(() => useCollectList('user/getSubsAuthorsList', true));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const before = result.current.items.map((r) => r.recordId);
    const target = result.current.items[5]!;
    let index = -1;
    act(() => void (index = result.current.take(target.recordId)));
    expect(index).toBe(5);
    act(() => result.current.putBack(target, index));
    expect(result.current.items.map((r) => r.recordId)).toEqual(before);
    expect(result.current.total).toBe(45);
  });

  it('reports a failed first load as an error', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ resultCode: 401, errMsg: '请先登录', body: null }), { status: 401 }),
      ),
    );
    const { result } = renderHook(() => useCollectList('user/getsubHouseList', true));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.errMsg).toBe('请先登录');
  });
});
