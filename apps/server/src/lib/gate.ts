// At most `max` of some work at once; the rest wait their turn, first come first served. The chat's message stores
// go through one: on the single embedded database a burst of stores (every client's backlog after an outage) would
// otherwise queue every other query — a reconnect's session lookup and replay — behind all of them.
export type Gate = <T>(work: () => Promise<T>) => Promise<T>;

export function concurrencyGate(max: number): Gate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active < max) active += 1;
    // a finishing task hands its place straight to the next in line (active stays counted)
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
