// What a running instance knows about its own life: whether it is shutting down (readiness says so at once) and
// which long-lived connections it holds (WebSockets: a shutdown closes them with 1001, since a server closing does
// not end upgraded connections by itself).

/** What the shutdown needs of a WebSocket (the `ws` package's WebSocket has it). */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

export const GOING_AWAY = 1001;
export const GOING_AWAY_REASON = 'server shutting down';

export interface Lifecycle {
  readonly shuttingDown: boolean;
  markShuttingDown(): void;
  /**
   * Registers an open WebSocket (e.g. the chat's /ws/im on its 'connection'); returns the function to call when it
   * closes. A socket registered while shutting down is closed at once.
   */
  trackSocket(socket: ClosableSocket): () => void;
  readonly openSockets: number;
  /** Closes every registered socket with 1001 'server shutting down'. */
  closeSockets(): void;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  const sockets = new Set<ClosableSocket>();
  const closeOne = (socket: ClosableSocket) => {
    try {
      socket.close(GOING_AWAY, GOING_AWAY_REASON);
    } catch {
      // already closed or broken: nothing left to tell it
    }
  };
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    markShuttingDown() {
      shuttingDown = true;
    },
    trackSocket(socket) {
      if (shuttingDown) {
        closeOne(socket);
        return () => {};
      }
      sockets.add(socket);
      return () => void sockets.delete(socket);
    },
    get openSockets() {
      return sockets.size;
    },
    closeSockets() {
      for (const socket of [...sockets]) closeOne(socket);
      sockets.clear();
    },
  };
}
