// Which transport the chat connection gets (issue 15: "an HTTP fallback serves clients whose WebSocket fails"): the
// WebSocket while it works, the HTTP fallback (http-transport.ts) once it does not. The ChatConnection only ever
// sees a SocketFactory and never knows which one it got.
//
// The rule, kept simple:
// - WebSocket first. A WebSocket that ends before the server has sent a single frame, while the browser says it is
//   online, is a failed one: a refused upgrade, a proxy that blocks it, a firewall; also one the connection gives
//   up as silent at its heartbeat timeout (a proxy that passes the upgrade but no frames). A frame from the server
//   resets the count. After FAILURES_BEFORE_FALLBACK such failures in a row, or at once when the browser has no
//   WebSocket or cannot construct one, the next transports are HTTP. Offline failures do not count: they say
//   nothing about the WebSocket. A 4401 (no session) is no failure of the path either.
// - While on HTTP, every PROBE_INTERVAL_MS a probe WebSocket is opened beside it and sent a ping. Only a pong proves
//   frames flow both ways; then the probe is closed, the HTTP transport is ended with CHAT_CLOSE.restart (the
//   connection reconnects at once, resumes and resends what was not acked) and the next transport is a WebSocket.
//   A probe that fails or stays silent costs the user nothing: the fallback goes on.
import { CHAT_CLOSE } from '@fjt/domain';
import { systemClock, type ChatSocket, type Clock, type SocketContext, type SocketFactory } from './connection.ts';

/** WebSockets in a row that fail (ended without a frame, online) before the fallback is used. */
export const FAILURES_BEFORE_FALLBACK = 3;
/** How long the fallback runs before a WebSocket is tried again (a probe beside it). */
export const PROBE_INTERVAL_MS = 5 * 60_000;
/** A probe without its pong after this long has failed. */
export const PROBE_TIMEOUT_MS = 15_000;

export interface TransportPickerOptions {
  /** A browser WebSocket as a ChatSocket; null where the browser has none. */
  createWebSocket: ((url: string) => ChatSocket) | null;
  createFallback: (context: SocketContext) => ChatSocket;
  /** navigator.onLine: failures while offline do not count against the WebSocket. */
  isOnline: () => boolean;
  clock?: Clock;
}

export type TransportKind = 'websocket' | 'http';

/** A SocketFactory that picks the transport, and which one it picks now (for tests and diagnostics). */
export interface TransportPicker extends SocketFactory {
  readonly kind: () => TransportKind;
}

interface Hooks {
  /** The server sent a frame. */
  frame?: () => void;
  /** The inner socket ended: by the server or the network (`byClient` false), or closed by the connection. */
  ended?: (code: number, byClient: boolean) => void;
}

/** A ChatSocket passed through, telling the picker what happened to it. */
class WatchedSocket implements ChatSocket {
  onopen: ChatSocket['onopen'] = null;
  onmessage: ChatSocket['onmessage'] = null;
  onclose: ChatSocket['onclose'] = null;
  onerror: ChatSocket['onerror'] = null;
  private done = false;

  constructor(
    private readonly inner: ChatSocket,
    private readonly hooks: Hooks,
  ) {
    inner.onopen = (ev) => this.onopen?.(ev);
    inner.onmessage = (ev) => {
      this.hooks.frame?.();
      this.onmessage?.(ev);
    };
    inner.onerror = (ev) => this.onerror?.(ev);
    inner.onclose = (ev) => {
      this.finish(ev.code, false);
      this.onclose?.(ev);
    };
  }

  get ended(): boolean {
    return this.done;
  }

  send(data: string): void {
    this.inner.send(data);
  }

  close(code?: number, reason?: string): void {
    this.finish(code ?? 1000, true);
    this.inner.close(code, reason);
  }

  /** Ends the inner socket and tells the connection it closed with `code` (as if the server had). */
  replace(code: number, reason: string): void {
    if (this.done) return;
    this.finish(code, true);
    this.inner.onopen = this.inner.onmessage = this.inner.onerror = this.inner.onclose = null;
    try {
      this.inner.close(1000, reason);
    } catch {
      // already closed
    }
    this.onclose?.({ code, reason });
  }

  private finish(code: number, byClient: boolean): void {
    if (this.done) return;
    this.done = true;
    this.hooks.ended?.(code, byClient);
  }
}

export function createTransportPicker(options: TransportPickerOptions): TransportPicker {
  const clock = options.clock ?? systemClock;
  let kind: TransportKind = options.createWebSocket ? 'websocket' : 'http';
  let failures = 0;
  let probeTimer: unknown = null;
  let probe: ChatSocket | null = null;
  let probeDeadline: unknown = null;
  /** The WebSocket URL the connection asked for (the probe's too). */
  let socketUrl = '';
  /**
   * When the next probe is due: kept here, not per fallback transport, so a fallback that reconnects (a failed
   * poll, a gap's resume) does not put the probe off again each time.
   */
  let nextProbeAt = 0;

  const fallBack = () => {
    kind = 'http';
    nextProbeAt = clock.now() + PROBE_INTERVAL_MS;
  };

  const stopProbe = () => {
    if (probeTimer !== null) clock.clearTimeout(probeTimer);
    if (probeDeadline !== null) clock.clearTimeout(probeDeadline);
    probeTimer = probeDeadline = null;
    const old = probe;
    probe = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onerror = old.onclose = null;
    try {
      old.close(1000, 'probe');
    } catch {
      // already closed
    }
  };

  /** While `fallback` runs, tries a WebSocket every PROBE_INTERVAL_MS; a pong moves the connection over. */
  const scheduleProbe = (fallback: WatchedSocket) => {
    const createWebSocket = options.createWebSocket;
    if (!createWebSocket) return;
    const later = () => {
      nextProbeAt = clock.now() + PROBE_INTERVAL_MS;
      if (!fallback.ended) scheduleProbe(fallback);
    };
    probeTimer = clock.setTimeout(
      () => {
        probeTimer = null;
        if (fallback.ended) return;
        if (!options.isOnline()) return later();
        let socket: ChatSocket;
        try {
          socket = createWebSocket(socketUrl);
        } catch {
          return later();
        }
        probe = socket;
        const failed = () => {
          stopProbe();
          later();
        };
        socket.onopen = () => {
          try {
            socket.send(JSON.stringify({ t: 'ping' }));
          } catch {
            failed();
          }
        };
        socket.onmessage = () => {
          stopProbe();
          if (fallback.ended) return;
          kind = 'websocket';
          failures = 0;
          fallback.replace(CHAT_CLOSE.restart, 'websocket works again');
        };
        socket.onclose = failed;
        probeDeadline = clock.setTimeout(failed, PROBE_TIMEOUT_MS);
      },
      Math.max(0, nextProbeAt - clock.now()),
    );
  };

  const useFallback = (context: SocketContext): ChatSocket => {
    if (kind !== 'http') fallBack();
    stopProbe();
    const watched: WatchedSocket = new WatchedSocket(options.createFallback(context), {
      ended: () => {
        if (probeTimer !== null || probe !== null) stopProbe();
      },
    });
    scheduleProbe(watched);
    return watched;
  };

  const pick = ((url: string, context: SocketContext): ChatSocket => {
    socketUrl = url;
    if (kind === 'http' || !options.createWebSocket) return useFallback(context);
    let inner: ChatSocket;
    try {
      inner = options.createWebSocket(url);
    } catch {
      // no WebSocket to be had here (a SecurityError, a blocked scheme): straight to the fallback
      return useFallback(context);
    }
    let heard = false;
    return new WatchedSocket(inner, {
      frame: () => {
        heard = true;
        failures = 0;
      },
      ended: (code, byClient) => {
        if (heard || code === CHAT_CLOSE.unauthorized || !options.isOnline()) return;
        // the connection's own closes say nothing about the path, except giving up on a silent one (a proxy that
        // lets the upgrade through and then carries nothing)
        if (byClient && code !== CHAT_CLOSE.timeout) return;
        failures += 1;
        if (failures >= FAILURES_BEFORE_FALLBACK) fallBack();
      },
    });
  }) as TransportPicker;
  Object.defineProperty(pick, 'kind', { value: () => kind });
  return pick;
}
