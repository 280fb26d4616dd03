// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { CHAT_MESSAGES, type ChatConversation } from '@fjt/domain';
import { useChat } from './use-chat.ts';

const CONV: ChatConversation = {
  id: 8,
  peer: 'agent-3',
  state: 'waiting',
  title: '王经理',
  avatar: null,
  staffName: null,
  lastSeq: 0,
  readSeq: 0,
  createdAt: '2026-11-27T02:00:00.000Z',
};

/** Records the sockets the hook opens (none is ever answered here). */
class StubWebSocket {
  static urls: string[] = [];
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(url: string) {
    StubWebSocket.urls.push(url);
  }
  send() {}
  close() {}
}

function stubFetch(answers: Record<string, unknown>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const path = url.replace('/rabbit/v1/', '').split('?')[0]!;
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return Response.json(answer ?? { resultCode: 404, errMsg: '接口不存在', body: null });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  StubWebSocket.urls = [];
});

describe('useChat', () => {
  it('opens the conversation, loads its newest history, then connects to /ws/im', async () => {
    vi.stubGlobal('WebSocket', StubWebSocket);
    const calls = stubFetch({
      'im/conversations': { resultCode: 0, errMsg: '', body: { conversation: CONV } },
      'im/conversations/8/messages': { resultCode: 0, errMsg: '', body: { list: [], more: false } },
    });
    const onError = vi.fn();
    const { result, unmount } = renderHook(() => useChat('agent-3', 605, onError));
    await waitFor(() => expect(result.current.phase.status).toBe('ready'));
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/rabbit/v1/im/conversations', { peer: 'agent-3', cityId: 605 }],
      ['/rabbit/v1/im/conversations/8/messages', undefined],
    ]);
    expect(StubWebSocket.urls).toEqual([`ws://${window.location.host}/ws/im`]);
    expect(result.current.snapshot.status).toBe('connecting');
    expect(onError).not.toHaveBeenCalled();
    unmount();
  });

  it('uses the HTTP fallback where the browser has no WebSocket', async () => {
    vi.stubGlobal('WebSocket', undefined);
    const calls = stubFetch({
      'im/conversations': { resultCode: 0, errMsg: '', body: { conversation: CONV } },
      'im/conversations/8/messages': { resultCode: 0, errMsg: '', body: { list: [], more: false } },
      'im/frames': {
        resultCode: 0,
        errMsg: '',
        body: { frames: [{ t: 'welcome', v: 1, userId: 7, heartbeatMs: 20_000 }] },
      },
      'im/poll': { resultCode: 0, errMsg: '', body: { frames: [] } },
    });
    const { result, unmount } = renderHook(() => useChat('agent-3', 605, () => {}));
    await waitFor(() => expect(result.current.snapshot.status).toBe('open'));
    expect(calls[2]).toEqual({
      url: '/rabbit/v1/im/frames',
      body: { frames: [{ t: 'hello', v: 1, resume: [{ conversationId: 8, afterSeq: 0 }] }] },
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/rabbit/v1/im/poll?after=8:0')).toBe(true));
    unmount();
  });

  it('waits while there is no peer (not signed in yet)', () => {
    const calls = stubFetch({});
    renderHook(() => useChat(null, 605, () => {}));
    expect(calls).toEqual([]);
  });

  it('shows the API errMsg, or Network Error. when the request fails', async () => {
    stubFetch({ 'im/conversations': { resultCode: 1, errMsg: CHAT_MESSAGES.unavailable, body: null } });
    const onError = vi.fn();
    const first = renderHook(() => useChat('support', null, onError));
    await waitFor(() => expect(first.result.current.phase).toEqual({ status: 'error', message: '客服系统异常。' }));
    expect(onError).toHaveBeenCalledWith('客服系统异常。');
    first.unmount();

    stubFetch({ 'im/conversations': new TypeError('Failed to fetch') });
    const second = renderHook(() => useChat('support', null, onError));
    await waitFor(() => expect(second.result.current.phase).toEqual({ status: 'error', message: 'Network Error.' }));
  });
});
