// The chat of one peer for a React page (PAGES.md §3.12): opens the conversation (POST im/conversations), loads its
// newest history page, then keeps a ChatConnection on /ws/im for it (or on the HTTP fallback, transport.ts). Browser
// only: nothing here runs during the server render (the effects do not run there, and the store's server snapshot
// is empty).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  CHAT_MESSAGES,
  CHAT_WS_PATH,
  type ChatConversation,
  type ChatHistoryBody,
  type ChatOpenBody,
  type ChatPeer,
  chatPeer,
} from '@fjt/domain';
import { API, callApi, forgetLogin } from '../../lib/session.ts';
import { ChatConnection, type ChatSnapshot, type ChatSocket } from './connection.ts';
import { HttpChatSocket } from './http-transport.ts';
import { createTransportPicker } from './transport.ts';

export type ChatPhase =
  { status: 'opening' } | { status: 'error'; message: string } | { status: 'ready'; conversation: ChatConversation };

const EMPTY: ChatSnapshot = { status: 'idle', notice: null, conversations: new Map(), outbox: [], activity: 0 };
const noop = () => () => {};
const empty = () => EMPTY;

/** The peer of an /im link's userid: support when the link names none; null for anything that is no peer. */
export function peerOf(userid: string | null): ChatPeer | null {
  if (userid === null) return 'support';
  const parsed = chatPeer.safeParse(userid);
  return parsed.success ? parsed.data : null;
}

/** ws[s]://this host/ws/im. */
export function chatSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${CHAT_WS_PATH}`;
}

/** The browser's WebSocket behind the connection's ChatSocket. */
function browserSocket(url: string): ChatSocket {
  const ws = new WebSocket(url);
  const socket: ChatSocket = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = () => socket.onopen?.();
  ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.({ code: event.code, reason: event.reason });
  ws.onerror = () => socket.onerror?.();
  return socket;
}

/** A new client id: a UUID where the browser has one (secure contexts), else 32 random hex digits. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface UseChat {
  phase: ChatPhase;
  snapshot: ChatSnapshot;
  connection: ChatConnection | null;
  /** There is older history above the first message shown. */
  more: boolean;
  loadingOlder: boolean;
  /** Loads the page before the first message shown; true when it added messages. */
  loadOlder: () => Promise<boolean>;
  /** Opens the conversation again after an error. */
  retry: () => void;
}

/** The API's error as the user reads it: its errMsg, or 'Network Error.' (spec §8). */
export function failure(errMsg: string | undefined): string {
  return errMsg || CHAT_MESSAGES.network;
}

/**
 * A connection to this site's /ws/im as the browser has it, told when the network goes and comes back; `stop`
 * closes it and stops listening.
 */
export function browserConnection(role: 'user' | 'support' | 'agent' = 'user'): {
  connection: ChatConnection;
  stop: () => void;
} {
  const connection = new ChatConnection({
    url: chatSocketUrl(window.location),
    // the WebSocket, or the HTTP fallback when it fails (transport.ts)
    createSocket: createTransportPicker({
      createWebSocket: typeof WebSocket === 'function' ? browserSocket : null,
      createFallback: (context) => new HttpChatSocket({ base: API, resumePoints: context.resumePoints }),
      isOnline: () => window.navigator.onLine !== false,
    }),
    newClientId,
    role,
  });
  const onOnline = () => connection.setNetwork(true);
  const onOffline = () => connection.setNetwork(false);
  connection.setNetwork(window.navigator.onLine !== false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return {
    connection,
    stop: () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      connection.stop();
    },
  };
}

/** The connection's snapshot for React (empty while there is no connection, and in the server render). */
export function useChatSnapshot(connection: ChatConnection | null): ChatSnapshot {
  return useSyncExternalStore(
    connection ? connection.subscribe : noop,
    connection ? connection.getSnapshot : empty,
    empty,
  );
}

/**
 * History paging upward for one tracked conversation: `more` (set from the first page's answer), and loadOlder,
 * which loads the page before the first message shown into the connection.
 */
export function useOlderHistory(
  connection: ChatConnection | null,
  conversationId: number | null,
  firstSeq: number | null,
  onError: (message: string) => void,
) {
  const [more, setMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const loadOlder = useCallback(async (): Promise<boolean> => {
    if (!connection || conversationId === null || firstSeq === null || loadingOlder || !more) return false;
    setLoadingOlder(true);
    const res = await callApi<ChatHistoryBody>(`im/conversations/${conversationId}/messages?beforeSeq=${firstSeq}`);
    setLoadingOlder(false);
    if (res.resultCode !== 0 || !res.body) {
      onErrorRef.current(failure(res.errMsg));
      return false;
    }
    const older = res.body.list.filter((m) => m.seq < firstSeq);
    connection.addHistory(conversationId, older);
    setMore(res.body.more && older.length > 0);
    return older.length > 0;
  }, [connection, conversationId, firstSeq, loadingOlder, more]);
  return { more, setMore, loadingOlder, loadOlder };
}

/**
 * `peer` null: wait (not signed in yet, or no valid peer). `onError` is told every API error message once
 * (the page toasts it).
 */
export function useChat(peer: ChatPeer | null, cityId: number | null, onError: (message: string) => void): UseChat {
  const [phase, setPhase] = useState<ChatPhase>({ status: 'opening' });
  const [connection, setConnection] = useState<ChatConnection | null>(null);
  const [round, setRound] = useState(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const snapshot = useChatSnapshot(connection);
  const conversationId = phase.status === 'ready' ? phase.conversation.id : null;
  const firstSeq =
    conversationId === null ? null : (snapshot.conversations.get(conversationId)?.messages[0]?.seq ?? null);
  const older = useOlderHistory(connection, conversationId, firstSeq, onError);
  const { setMore } = older;

  useEffect(() => {
    if (peer === null) return;
    let live = true;
    let stop: (() => void) | null = null;
    setPhase({ status: 'opening' });
    void (async () => {
      const fail = (errMsg: string | undefined) => {
        if (!live) return;
        const message = failure(errMsg);
        setPhase({ status: 'error', message });
        onErrorRef.current(message);
      };
      const opened = await callApi<ChatOpenBody>('im/conversations', cityId ? { peer, cityId } : { peer });
      if (!live) return;
      if (opened.resultCode !== 0 || !opened.body) return fail(opened.errMsg);
      const { conversation } = opened.body;
      const history = await callApi<ChatHistoryBody>(`im/conversations/${conversation.id}/messages`);
      if (!live) return;
      if (history.resultCode !== 0 || !history.body) return fail(history.errMsg);
      const chat = browserConnection();
      stop = chat.stop;
      chat.connection.track(conversation, history.body.list);
      chat.connection.start();
      setMore(history.body.more);
      setConnection(chat.connection);
      setPhase({ status: 'ready', conversation });
    })();
    return () => {
      live = false;
      stop?.();
      setConnection(null);
    };
  }, [peer, cityId, round, setMore]);

  // an error frame that names no send, or the server out of reach: a toast
  const noticeId = snapshot.notice?.id;
  const noticeMessage = snapshot.notice?.message;
  useEffect(() => {
    if (noticeId !== undefined && noticeMessage) onErrorRef.current(noticeMessage);
  }, [noticeId, noticeMessage]);

  // no session any more (the socket was refused): forget the kept login check; the page's login guard then
  // sends the visitor to login and back
  useEffect(() => {
    if (snapshot.status === 'unauthorized') forgetLogin();
  }, [snapshot.status]);

  const { more, loadingOlder, loadOlder } = older;

  const retry = useCallback(() => setRound((r) => r + 1), []);

  return { phase, snapshot, connection, more, loadingOlder, loadOlder, retry };
}
