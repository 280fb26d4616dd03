// Hot lookups planned once. The embedded PGlite plans every unnamed statement again on each call, and planning a
// join costs more than running it (an estate row: ~4–10 ms planned each time, ~1.3 ms prepared, issue 13). On PGlite
// the statement is PREPAREd once per database and EXECUTEd with its parameters written as literals (only integers
// and ISO dates are accepted, so nothing else can reach the text); PostgreSQL plans natively fast and gets the same
// text with bound parameters.
import type { Database } from './client.ts';

type Param = number | string;

interface Client {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** Per client, the statements prepared or being prepared: concurrent first calls share one PREPARE. */
const prepared = new WeakMap<object, Map<string, Promise<unknown>>>();

function literal(value: Param): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`prepared: not an integer: ${value}`);
    return String(value);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`prepared: not an ISO date: ${value}`);
  return `'${value}'`;
}

/**
 * A lookup `text` ($1…$n) run as a prepared statement `name` on PGlite, plainly on PostgreSQL. `types` are the
 * parameters' SQL types ('int', 'date').
 */
export function preparedQuery<Row>(db: Database, name: string, types: readonly ('int' | 'date')[], text: string) {
  return async (params: readonly Param[]): Promise<Row[]> => {
    const client = (db as unknown as { $client: Client & { exec?: unknown; waitReady?: unknown } }).$client;
    const pglite = typeof client.exec === 'function' && 'waitReady' in client;
    if (!pglite) return (await client.query<Row>(text, params as unknown[])).rows;
    let names = prepared.get(client);
    if (!names) prepared.set(client, (names = new Map()));
    let preparing = names.get(name);
    if (!preparing) {
      preparing = client.query(`PREPARE ${name}(${types.join(', ')}) AS ${text}`);
      names.set(name, preparing);
      // a failed PREPARE is tried again by the next call
      preparing.catch(() => names.delete(name));
    }
    await preparing;
    return (await client.query<Row>(`EXECUTE ${name}(${params.map(literal).join(', ')})`)).rows;
  };
}
