// The chat's WebSocket, /ws/im (docs/chat-protocol.md): the upgrade is authenticated as every API request is (the
// session cookie, or the native app's `token` header), and a cookie only from our own pages (Origin equal to the
// public origin: another site's page could otherwise open a socket with the user's cookie). Without a session the
// socket is accepted and closed at once with CHAT_CLOSE.unauthorized and 请先登录后再咨询 — a browser never sees the
// status of a refused upgrade, only a close code. Frames go to the hub; on shutdown every socket is closed with
// CHAT_CLOSE.restart so its client reconnects (to another instance).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { CHAT_CLOSE, CHAT_MESSAGES, CHAT_WS_PATH } from '@fjt/domain';
import type { Lifecycle } from '../../lib/lifecycle.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { ChatHub, ChatConnection } from './hub.ts';
import type { ChatService } from './service.ts';

/** The largest frame a client may send (a 1000-character text is ~3 KB as JSON); larger ends the socket (1009). */
export const CHAT_MAX_FRAME_BYTES = 16 * 1024;
/** Sockets one user may hold on one instance (tabs, devices); one more is closed with CHAT_CLOSE.abuse. */
export const CHAT_MAX_CONNECTIONS_PER_USER = 20;
/** What may wait unsent to one socket before it is closed (1013): a client that stopped reading. */
export const CHAT_MAX_BUFFERED_BYTES = 1024 * 1024;
/** Frames a client may send before its session is resolved (they wait, then are handled in order). */
const MAX_EARLY_FRAMES = 50;

export interface ChatSocketOptions {
  hub: ChatHub;
  service: ChatService;
  accounts: Pick<AccountsService, 'resolve'>;
  cookieName: string;
  publicOrigin: string;
  lifecycle: Lifecycle;
}

/** The session token of an upgrade, as the session plugin reads it (the header wins), or null. */
function tokenOf(request: FastifyRequest, cookieName: string, publicOrigin: string): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const cookie = request.cookies[cookieName];
  if (!cookie) return null;
  // a cookie counts only on a socket our own pages opened
  return request.headers.origin === publicOrigin ? cookie : null;
}

/**
 * WebSocket support for the whole app, registered on the root before any route: every route is then wrapped, so an
 * upgrade to any path but /ws/im is answered and its socket closed (left to a page or API route, the socket would
 * stay open). Closing the clients on shutdown is the chat's own preClose (4503), not the plugin's (1005).
 */
export async function registerWebSocketSupport(app: FastifyInstance) {
  await app.register(websocket, {
    options: { maxPayload: CHAT_MAX_FRAME_BYTES },
    preClose(done) {
      this.websocketServer.close(() => {});
      done();
    },
  });
}

/** The chat's socket route (registerWebSocketSupport first). */
export async function registerChatSocket(app: FastifyInstance, options: ChatSocketOptions) {
  const { hub, service, accounts, cookieName, publicOrigin, lifecycle } = options;
  // app.close(): every client is told to reconnect (elsewhere) before the server stops
  app.addHook('preClose', (done) => {
    hub.closeAll(CHAT_CLOSE.restart, 'server restarting');
    done();
  });

  app.get(CHAT_WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    let connection: ChatConnection | null = null;
    let early: string[] | null = [];
    let untrack = () => {};
    const onText = (text: string) => {
      if (connection) void hub.receive(connection, text);
      else if (early && early.length < MAX_EARLY_FRAMES) early.push(text);
    };
    socket.on('message', (data, isBinary) => {
      // a binary frame is no JSON frame: the hub refuses it like any malformed one
      onText(isBinary ? '\u0000' : data.toString());
    });
    socket.on('pong', () => {
      if (connection) hub.heard(connection);
    });
    socket.on('close', () => {
      early = null;
      untrack();
      if (connection) hub.detach(connection);
    });

    void (async () => {
      const token = tokenOf(request, cookieName, publicOrigin);
      const found = token ? await accounts.resolve(token) : null;
      if (socket.readyState !== socket.OPEN) return;
      if (!found) return socket.close(CHAT_CLOSE.unauthorized, CHAT_MESSAGES.loginRequired);
      const viewer = await service.viewerOf(found.user);
      if (socket.readyState !== socket.OPEN) return;
      if (hub.connectionsOf(viewer.userId) >= CHAT_MAX_CONNECTIONS_PER_USER) {
        return socket.close(CHAT_CLOSE.abuse, 'too many connections');
      }
      const c = hub.attach(
        viewer,
        {
          send: (frame) => {
            if (socket.readyState !== socket.OPEN) return;
            // a client that reads nothing while frames pile up is dropped; it resumes when it reconnects
            if (socket.bufferedAmount > CHAT_MAX_BUFFERED_BYTES) return hub.close(c, 1013, 'too slow');
            socket.send(JSON.stringify(frame));
          },
          close: (code, reason) => socket.close(code, reason),
        },
        { untilHello: true },
      );
      connection = c;
      untrack = lifecycle.trackSocket({ close: () => hub.close(c, CHAT_CLOSE.restart, 'server restarting') });
      const waiting = early ?? [];
      early = null;
      for (const text of waiting) void hub.receive(c, text);
    })().catch((error: unknown) => {
      request.log.error({ err: error }, 'chat: opening a socket failed');
      if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
    });
  });
}
