// npm run bench:chat — the support chat's fault-injection harness (issue 15). CLIENTS logged-in users (through the
// SMS sandbox), each on a WebSocket to its own conversation, send MESSAGES texts in all, paced under the per-user
// limit (CHAT_MESSAGES_PER_MINUTE). Meanwhile every client's socket is terminated at random several times, and once
// mid-run an instance gets SIGKILL and is started again on the same port a few seconds later. The clients behave as
// the real one (apps/web/app/features/chat/connection.ts): reconnect with its backoff, hello with the last contiguous
// seq, resend every unacked message with the same client id. At the end, from the database and from what each client
// received: no acknowledged message lost, none stored or delivered twice, each conversation numbered 1..N without a
// gap and seen in order, and the reconnect time (drop or kill to the next welcome) p99 within 2 s.
//
// Default (cluster): 2 instances on PostgreSQL (database fjt_chat, dropped and created again) and Redis, nginx in
// front with deploy/nginx.conf (instances 3111/3112, nginx 8098); clients connect through nginx. Writes
// bench/results/chat-harness.json.
// --pglite (or CHAT_HARNESS_PGLITE=1): one instance on the embedded database in a fresh temporary directory (never
// ./var/db), no Redis; clients connect to it directly and wait for it while it is down. Writes
// bench/results/chat-harness-pglite.json.
//   CHAT_CLIENTS=50 CHAT_MESSAGES=10000   the load (a short trial: CHAT_CLIENTS=5 CHAT_MESSAGES=100)
//   CHAT_PG=postgres://root@127.0.0.1:5432  CHAT_REDIS=redis://127.0.0.1:6379/7 (its own Redis database: the
//   per-user counters of users numbered from 1 in other benches' databases stay apart; pub/sub is not per database)
// Exits 1 when a target is missed.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { openDatabase, queryRows, sql } from '@fjt/db';
import {
  CHAT_CLOSE,
  CHAT_HEARTBEAT_MS,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PROTOCOL_VERSION,
  CHAT_WS_PATH,
  type ChatServerFrame,
} from '@fjt/domain';
import { backoffDelay, HEALTHY_MS } from '../apps/web/app/features/chat/connection.ts';
import { connectRedis } from '../apps/server/src/lib/redis.ts';
import { freshDatabase, startInstances, startNginx } from './cluster-kit.ts';
import { machine, root, startServer, type RunningServer } from './server.ts';

const PGLITE = process.argv.includes('--pglite') || process.env.CHAT_HARNESS_PGLITE === '1';
const PG = process.env.CHAT_PG ?? 'postgres://root@127.0.0.1:5432';
const DB = 'fjt_chat';
const REDIS_URL = process.env.CHAT_REDIS ?? 'redis://127.0.0.1:6379/7';
const PORTS = PGLITE ? [3113] : [3111, 3112];
const NGINX_PORT = 8098;
const CLIENTS = Number(process.env.CHAT_CLIENTS ?? 50);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 10_000);
const PER_CLIENT = Math.ceil(MESSAGES / CLIENTS);
/** 48 a minute: under the limit of 60 with room for the backlog a reconnect sends at once. */
const SEND_INTERVAL_MS = Math.ceil(60_000 / (CHAT_MESSAGES_PER_MINUTE * 0.8));
const RUN_MS = PER_CLIENT * SEND_INTERVAL_MS;
/**
 * Each client's socket is terminated after a random wait of this mean: several times per client a run. Only a
 * connection welcomed more than HEALTHY_MS ago is dropped, so it counts as healthy for the real client's backoff
 * (which starts again from its base); drops closer together would time the backoff's growth, not a reconnect.
 */
const DROP_MEAN_MS = Math.round(Math.max(HEALTHY_MS * 2, RUN_MS / 6));
/** CHAT_KILL=0: no kill (to tell the drops' figures from the outage's). */
const KILL = process.env.CHAT_KILL !== '0';
const KILL_AT_MS = Math.round(RUN_MS * 0.45);
const RESTART_AFTER_MS = 7_000;
/**
 * A refused send (rate_limited) stops this client's sending for this long, then everything not acked goes again:
 * the user pressing 重发 once the limit has passed. Retrying each refused send on its own timer would only hammer
 * the limit (every refusal is a frame the server handles).
 */
const PAUSE_WHEN_REFUSED_MS = 10_000;
const TARGET_RECONNECT_P99_MS = 2_000;
/** A socket closing this soon after the kill was closed by it (its reconnect is timed from the kill). */
const KILL_CLOSE_WINDOW_MS = 3_000;

const runStarted = Date.now();
const log = (line: string) => console.log(`[harness +${Math.round((Date.now() - runStarted) / 1000)}s] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const summary = (xs: number[]) => ({
  n: xs.length,
  p50Ms: percentile(xs, 50),
  p95Ms: percentile(xs, 95),
  p99Ms: percentile(xs, 99),
  maxMs: percentile(xs, 100),
});

type Cause = 'drop' | 'kill' | 'other';
/** When the instance was killed, and (PGlite) when it answered again: the kill's reconnects are timed from these. */
const fault = { killedAt: null as number | null, backAt: null as number | null };

/** One user's client: the real client's reconnect, resume and resend rules, plus the counts the checks need. */
class HarnessClient {
  private socket: WebSocket | null = null;
  private welcomedAt: number | null = null;
  private attempts = 0;
  private quickUsed = false;
  private stopped = false;
  private timers = new Set<NodeJS.Timeout>();
  /** The last seq up to which this client has every message (its resume point). */
  lastSeq = 0;
  /** Every (seq → clientId or sender role) received, for duplicates and the final comparison. */
  readonly seen = new Map<number, string>();
  /** Sends not acked yet, in the order they were made: resent after every welcome. */
  readonly outbox = new Map<string, { text: string; sent: number }>();
  readonly acked = new Map<string, number>();
  created = 0;
  private disconnected: { at: number; cause: Cause } | null = null;
  /** Sends wait (in the outbox) until then after a refusal. */
  private pausedUntil = 0;
  readonly reconnects: { ms: number; cause: Cause; afterBackMs: number | null; welcomeAt: number }[] = [];
  readonly stats = {
    connects: 0,
    drops: 0,
    closes: 0,
    /** How the sockets ended (the server's close code, or 1006 for a drop or a dead instance), by code. */
    closeCodes: {} as Record<string, number>,
    /** Why sockets failed (ECONNREFUSED while the instance is down, an HTTP status instead of the upgrade …). */
    connectErrors: {} as Record<string, number>,
    resent: 0,
    rateLimited: 0,
    errors: {} as Record<string, number>,
    replayed: 0,
    messages: 0,
    redelivered: 0,
    conflicting: 0,
    outOfOrder: 0,
    ackSeqChanged: 0,
    foreignFrames: 0,
    framesBeforeWelcome: 0,
  };
  readonly samples: string[] = [];

  constructor(
    readonly index: number,
    private readonly url: string,
    private readonly headers: Record<string, string>,
    readonly conversationId: number,
    readonly peer: string,
  ) {}

  get welcomed() {
    return this.welcomedAt !== null;
  }

  private later(ms: number, work: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) work();
    }, ms);
    this.timers.add(timer);
  }

  private note(sample: string) {
    if (this.samples.length < 5) this.samples.push(sample);
  }

  connect() {
    if (this.stopped) return;
    const socket = new WebSocket(this.url, { headers: this.headers });
    this.socket = socket;
    this.stats.connects++;
    socket.on('open', () => {
      socket.send(
        JSON.stringify({
          t: 'hello',
          v: CHAT_PROTOCOL_VERSION,
          resume: [{ conversationId: this.conversationId, afterSeq: this.lastSeq }],
        }),
      );
    });
    socket.on('message', (data) => {
      if (socket === this.socket) this.onFrame(JSON.parse(data.toString()) as ChatServerFrame);
    });
    // a refused upgrade (the instance is down, nginx has none) ends in 'close' too
    socket.on('error', (error) => {
      const key = error.message.replace(/\d+\.\d+\.\d+\.\d+:\d+/, 'host');
      this.stats.connectErrors[key] = (this.stats.connectErrors[key] ?? 0) + 1;
    });
    socket.on('close', (code) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.onClosed(code);
    });
  }

  private onClosed(code: number) {
    const now = Date.now();
    this.stats.closeCodes[code] = (this.stats.closeCodes[code] ?? 0) + 1;
    if (this.welcomedAt !== null && code !== 1006 && !this.stopped) {
      this.note(`closed with ${code} at +${Math.round((now - runStarted) / 1000)} s`);
    }
    if (this.welcomedAt !== null) {
      this.stats.closes++;
      if (now - this.welcomedAt >= HEALTHY_MS) this.attempts = 0;
      this.quickUsed = false;
    }
    this.welcomedAt = null;
    if (!this.disconnected) {
      const byKill = fault.killedAt !== null && now - fault.killedAt < KILL_CLOSE_WINDOW_MS;
      this.disconnected = byKill ? { at: fault.killedAt!, cause: 'kill' } : { at: now, cause: 'other' };
    }
    if (this.stopped) return;
    // as the real client: a server that says it restarts (4503) is reconnected to at once, once per welcome
    if (code === CHAT_CLOSE.restart && !this.quickUsed) {
      this.quickUsed = true;
      return this.connect();
    }
    this.later(backoffDelay(this.attempts++, Math.random), () => this.connect());
  }

  private onFrame(frame: ChatServerFrame) {
    if (!this.welcomed && frame.t !== 'welcome') this.stats.framesBeforeWelcome++;
    switch (frame.t) {
      case 'welcome': {
        const now = Date.now();
        this.welcomedAt = now;
        if (this.disconnected) {
          const { at, cause } = this.disconnected;
          const afterBackMs = cause === 'kill' && fault.backAt !== null ? Math.max(0, now - fault.backAt) : null;
          this.reconnects.push({ ms: now - at, cause, afterBackMs, welcomeAt: now });
          this.disconnected = null;
        }
        this.flush();
        return;
      }
      case 'ack': {
        if (frame.conversationId !== this.conversationId) return void this.stats.foreignFrames++;
        const before = this.acked.get(frame.clientId);
        if (before !== undefined && before !== frame.seq) {
          this.stats.ackSeqChanged++;
          this.note(`ack of ${frame.clientId}: seq ${before}, then ${frame.seq}`);
        }
        this.acked.set(frame.clientId, frame.seq);
        this.outbox.delete(frame.clientId);
        return;
      }
      case 'message': {
        const m = frame.message;
        if (m.conversationId !== this.conversationId) return void this.stats.foreignFrames++;
        this.stats.messages++;
        const key = m.clientId ?? `${m.senderRole}:${m.at}`;
        const known = this.seen.get(m.seq);
        if (known !== undefined) {
          this.stats.redelivered++;
          if (known !== key) this.stats.conflicting++;
          this.note(`seq ${m.seq} delivered again (had ${this.lastSeq})`);
          return;
        }
        if (m.seq !== this.lastSeq + 1) {
          this.stats.outOfOrder++;
          this.note(`seq ${m.seq} after ${this.lastSeq}`);
        }
        this.seen.set(m.seq, key);
        while (this.seen.has(this.lastSeq + 1)) this.lastSeq++;
        return;
      }
      case 'replayed':
        this.stats.replayed++;
        return;
      case 'error': {
        this.stats.errors[frame.code] = (this.stats.errors[frame.code] ?? 0) + 1;
        if (frame.code === 'rate_limited') this.stats.rateLimited++;
        // not stored: it stays in the outbox and goes again after the pause (or after the next welcome)
        if (frame.clientId && this.outbox.has(frame.clientId) && Date.now() >= this.pausedUntil) {
          this.pausedUntil = Date.now() + PAUSE_WHEN_REFUSED_MS;
          this.later(PAUSE_WHEN_REFUSED_MS, () => this.flush());
        }
        return;
      }
      default:
        return;
    }
  }

  /** Everything not acked, in the order made (the real client does this after every welcome). */
  private flush() {
    if (!this.welcomed || Date.now() < this.pausedUntil) return;
    for (const [clientId, entry] of this.outbox) this.transmit(clientId, entry);
  }

  private transmit(clientId: string, entry: { text: string; sent: number }) {
    if (entry.sent > 0) this.stats.resent++;
    entry.sent++;
    this.socket?.send(
      JSON.stringify({
        t: 'send',
        conversationId: this.conversationId,
        clientId,
        content: { kind: 'text', text: entry.text },
      }),
    );
  }

  /** Makes the next message; sent now when connected, else after the next welcome. */
  sendNext() {
    const clientId = randomUUID();
    const entry = { text: `压测 ${this.index}-${++this.created}`, sent: 0 };
    this.outbox.set(clientId, entry);
    if (this.welcomed && Date.now() >= this.pausedUntil) this.transmit(clientId, entry);
  }

  /**
   * The instance died while this client was between a drop and its welcome: its reconnect now waits for the
   * outage too, so it is timed from the kill with the others.
   */
  caughtByKill(at: number) {
    if (this.disconnected) this.disconnected = { at, cause: 'kill' };
  }

  ping() {
    if (this.welcomed) this.socket?.send(JSON.stringify({ t: 'ping' }));
  }

  /** The fault: the socket ends without a close frame, as when a phone loses its network. */
  drop() {
    if (!this.socket || this.welcomedAt === null || Date.now() - this.welcomedAt <= HEALTHY_MS) return false;
    // just after the kill this socket may already be dead without knowing it: a drop now would time the outage
    if (fault.killedAt !== null && Date.now() - fault.killedAt < KILL_CLOSE_WINDOW_MS) return false;
    this.stats.drops++;
    this.disconnected = { at: Date.now(), cause: 'drop' };
    this.socket.terminate();
    return true;
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.socket?.close(1000, 'done');
  }
}

/** A user logged in through the SMS sandbox: login/sms, the code from dev/sms-outbox, login/mobile. */
async function login(base: string, origin: string, i: number): Promise<string> {
  const mobile = `137${String(20_000_000 + i).padStart(8, '0')}`;
  const headers = { 'content-type': 'application/json', origin };
  const post = (path: string, body: unknown) =>
    fetch(`${base}/rabbit/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const sent = await post('login/sms', { mobile });
  if (sent.status !== 200) throw new Error(`login/sms ${sent.status} ${await sent.text()}`);
  const outbox = (await (await fetch(`${base}/rabbit/v1/dev/sms-outbox?phone=${mobile}`)).json()) as {
    body: { list: { code: string }[] };
  };
  const res = await post('login/mobile', { mobile, code: outbox.body.list[0]!.code });
  if (res.status !== 200) throw new Error(`login/mobile ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The user's open conversation with `peer` (agent-<id> when that agent exists, else support). */
async function openConversation(base: string, headers: Record<string, string>, peer: string) {
  const res = await fetch(`${base}/rabbit/v1/im/conversations`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ peer }),
  });
  if (res.status === 404 && peer !== 'support') return openConversation(base, headers, 'support');
  if (res.status !== 200) throw new Error(`im/conversations ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { body: { conversation: { id: number; peer: string } } };
  return body.body.conversation;
}

const measured = machine();
const dataDir = PGLITE ? mkdtempSync(join(tmpdir(), 'fjt-chat-harness-db-')) : null;
const nginxDir = PGLITE ? null : mkdtempSync(join(tmpdir(), 'fjt-chat-harness-nginx-'));
const env: Record<string, string> = {
  // the chat needs no estates: the small dataset seeds in seconds, not minutes
  SEED_SCALE: 'small',
  PAY_MODE: 'off',
  SMS_PROVIDER: 'sandbox',
  // 50 logins from one address
  SMS_IP_LIMIT_PER_HOUR: '1000',
  PRINT_PASS_SECRET: randomBytes(32).toString('hex'),
  ...(PGLITE
    ? { DATA_DIR: dataDir!, PUBLIC_ORIGIN: `http://127.0.0.1:${PORTS[0]}` }
    : {
        DATABASE_URL: `${PG}/${DB}`,
        REDIS_URL,
        PUBLIC_ORIGIN: `http://127.0.0.1:${NGINX_PORT}`,
        TRUST_PROXY: '127.0.0.1',
      }),
};
const origin = env.PUBLIC_ORIGIN!;
const instances: RunningServer[] = [];
let nginx: ChildProcess | undefined;
const clients: HarnessClient[] = [];
const faults = { killedPort: PORTS[0]!, killAtMs: null as number | null, restartReadyMs: null as number | null };
let startup: unknown;
let sendStartedAt = 0;

try {
  if (PGLITE) {
    const server = await startServer(env, { port: PORTS[0], label: `app:${PORTS[0]}`, readyTimeoutMs: 1_800_000 });
    instances.push(server);
    startup = { timeToReadyMs: server.readyMs, dataDir: 'a fresh temporary directory' };
  } else {
    log(`fresh database ${DB}`);
    await freshDatabase(PG, DB);
    // a fresh database numbers its users from 1 again: an earlier run's message counts must not count
    const redis = connectRedis(REDIS_URL);
    const stale = await redis.keys('fjt:chat:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    startup = await startInstances(env, PORTS, instances);
    nginx = await startNginx(nginxDir!, { upstream: PORTS, listen: NGINX_PORT });
  }
  const base = PGLITE ? instances[0]!.base : origin;
  const wsUrl = `${base.replace(/^http/, 'ws')}${CHAT_WS_PATH}`;
  log(`logging in ${CLIENTS} users through ${base}`);
  for (let i = 0; i < CLIENTS; i++) {
    const cookie = await login(base, origin, i);
    const headers = { cookie, origin };
    // every other one talks to an agent (no bot); the rest to support, whose FAQ bot answers each text
    const conversation = await openConversation(base, headers, i % 2 === 0 ? 'support' : `agent-${1 + (i >> 1)}`);
    clients.push(new HarnessClient(i, wsUrl, headers, conversation.id, conversation.peer));
  }
  for (const c of clients) c.connect();
  log(
    `${CLIENTS} clients, ${PER_CLIENT} messages each, one per ${SEND_INTERVAL_MS} ms or slower ` +
      `(≥ ${Math.round(RUN_MS / 1000)} s); ` +
      `drops every ~${Math.round(DROP_MEAN_MS / 1000)} s per client; kill at ${Math.round(KILL_AT_MS / 1000)} s`,
  );

  const sendStart = Date.now();
  sendStartedAt = sendStart;
  let sendingDone = false;
  const sending = clients.map(async (c) => {
    // spread over the first interval so the 50 clients do not send in step
    await sleep(Math.random() * SEND_INTERVAL_MS);
    for (let k = 0; k < PER_CLIENT; k++) {
      c.sendNext();
      await sleep(SEND_INTERVAL_MS);
    }
  });
  const dropping = clients.map(async (c) => {
    for (;;) {
      await sleep(HEALTHY_MS + 1_000 + -Math.log(1 - Math.random()) * (DROP_MEAN_MS - HEALTHY_MS));
      // until the last message is made (a busy machine's timers make that later than RUN_MS)
      if (sendingDone) return;
      // a connection made after the kill may be younger than that: its drop waits until it counts as healthy
      while (!sendingDone && !c.drop()) await sleep(500);
    }
  });
  const pinging = setInterval(() => clients.forEach((c) => c.ping()), CHAT_HEARTBEAT_MS);
  const killing = (async () => {
    if (!KILL) return;
    await sleep(KILL_AT_MS);
    const victim = instances[0]!;
    log(`SIGKILL to the instance on ${PORTS[0]}`);
    fault.killedAt = Date.now();
    for (const c of clients) c.caughtByKill(fault.killedAt);
    faults.killAtMs = fault.killedAt - sendStart;
    victim.kill('SIGKILL');
    await sleep(RESTART_AFTER_MS);
    await victim.stop();
    const spawnedAt = Date.now();
    const again = await startServer(env, { port: PORTS[0], label: `app1:${PORTS[0]} again` });
    instances[0] = again;
    fault.backAt = Date.now();
    faults.restartReadyMs = fault.backAt - spawnedAt;
    log(`the instance on ${PORTS[0]} is back (ready in ${faults.restartReadyMs} ms)`);
  })();
  await Promise.all(sending);
  sendingDone = true;
  // a dropper still asleep wakes to find the sending done and stops: no need to wait for it
  void Promise.all(dropping);
  await killing;
  clearInterval(pinging);

  // the tail: every message acked, then quiet (the bot's last answers) before the clients stop
  log('all messages made; waiting for the last acks and answers');
  const settleUntil = Date.now() + 120_000;
  while (Date.now() < settleUntil && clients.some((c) => c.outbox.size > 0)) await sleep(500);
  let heard = -1;
  while (Date.now() < settleUntil) {
    const now = clients.reduce((n, c) => n + c.stats.messages, 0);
    if (now === heard) break;
    heard = now;
    await sleep(3_000);
  }
  for (const c of clients) c.stop();
} finally {
  for (const c of clients) c.stop();
  nginx?.kill('SIGTERM');
  await Promise.all(instances.map((s) => s.stop()));
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
}

// ---------- verification: the database against the acks, and what each client saw against the database ----------
const handle = await openDatabase(PGLITE ? { dataDir: dataDir! } : { databaseUrl: `${PG}/${DB}` });
const ids = clients.map((c) => c.conversationId);
const conversations = await queryRows<{ id: number; lastSeq: number }>(
  handle.db,
  sql`SELECT id::int AS id, last_seq::int AS "lastSeq" FROM chat_conversation WHERE id IN ${sql.raw(`(${ids.join(',')})`)}`,
);
const rows = await queryRows<{ conversationId: number; seq: number; clientId: string | null; senderRole: string }>(
  handle.db,
  sql`SELECT conversation_id::int AS "conversationId", seq::int AS seq, client_id AS "clientId", sender_role AS "senderRole"
      FROM chat_message WHERE conversation_id IN ${sql.raw(`(${ids.join(',')})`)} ORDER BY conversation_id, seq`,
);
await handle.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

const checks = {
  ackedLost: 0,
  ackedStoredAtAnotherSeq: 0,
  storedTwice: 0,
  dbSeqGaps: 0,
  dbLastSeqMismatch: 0,
  neverAcked: 0,
  clientMissing: 0,
  clientRedelivered: 0,
  clientConflicting: 0,
  clientOutOfOrder: 0,
  clientAckSeqChanged: 0,
};
const samples: string[] = [];
const note = (s: string) => samples.length < 20 && samples.push(s);
const lastSeqOf = new Map(conversations.map((c) => [c.id, c.lastSeq]));
const byConversation = new Map<number, typeof rows>();
for (const r of rows) {
  let list = byConversation.get(r.conversationId);
  if (!list) byConversation.set(r.conversationId, (list = []));
  list.push(r);
}
let storedUserMessages = 0;
let storedOtherMessages = 0;
for (const c of clients) {
  const list = byConversation.get(c.conversationId) ?? [];
  list.forEach((r, k) => {
    if (r.seq !== k + 1) {
      checks.dbSeqGaps++;
      note(`conversation ${c.conversationId}: seq ${r.seq} at position ${k + 1}`);
    }
  });
  if ((lastSeqOf.get(c.conversationId) ?? -1) !== list.length) checks.dbLastSeqMismatch++;
  const stored = new Map<string, number[]>();
  for (const r of list) {
    if (r.senderRole !== 'user') {
      storedOtherMessages++;
      continue;
    }
    storedUserMessages++;
    stored.set(r.clientId!, [...(stored.get(r.clientId!) ?? []), r.seq]);
  }
  for (const [clientId, seqs] of stored) {
    if (seqs.length > 1) {
      checks.storedTwice++;
      note(`conversation ${c.conversationId}: ${clientId} stored at ${seqs.join(', ')}`);
    }
  }
  for (const [clientId, seq] of c.acked) {
    const at = stored.get(clientId);
    if (!at) {
      checks.ackedLost++;
      note(`conversation ${c.conversationId}: ${clientId} acked at ${seq}, not stored`);
    } else if (!at.includes(seq)) checks.ackedStoredAtAnotherSeq++;
  }
  checks.neverAcked += c.outbox.size;
  for (const r of list) if (!c.seen.has(r.seq)) checks.clientMissing++;
  checks.clientRedelivered += c.stats.redelivered;
  checks.clientConflicting += c.stats.conflicting;
  checks.clientOutOfOrder += c.stats.outOfOrder;
  checks.clientAckSeqChanged += c.stats.ackSeqChanged;
  for (const s of c.samples) note(`client ${c.index}: ${s}`);
}

const reconnects = clients.flatMap((c) => c.reconnects);
const ms = (cause?: Cause) => reconnects.filter((r) => !cause || r.cause === cause).map((r) => r.ms);
// On one instance the kill is an outage by design: those clients wait for the restart, so the 2 s target counts
// the drops (and the kill's wait from the moment the instance answered again is shown beside it).
const timed = PGLITE ? reconnects.filter((r) => r.cause !== 'kill').map((r) => r.ms) : ms();
const reconnectP99 = percentile(timed, 99);
const sum = (pick: (c: HarnessClient) => number) => clients.reduce((n, c) => n + pick(c), 0);
/** One count per key over every client. */
const merged = (pick: (c: HarnessClient) => Record<string, number>) => {
  const all: Record<string, number> = {};
  for (const c of clients) for (const [k, v] of Object.entries(pick(c))) all[k] = (all[k] ?? 0) + v;
  return all;
};
const errors = merged((c) => c.stats.errors);
const made = sum((c) => c.created);
const targets = {
  noAckedMessageLost: checks.ackedLost === 0 && checks.ackedStoredAtAnotherSeq === 0,
  noDuplicate: checks.storedTwice === 0 && checks.clientRedelivered === 0 && checks.clientAckSeqChanged === 0,
  orderKept:
    checks.dbSeqGaps === 0 &&
    checks.dbLastSeqMismatch === 0 &&
    checks.clientOutOfOrder === 0 &&
    checks.clientMissing === 0,
  everyMessageStored: checks.neverAcked === 0 && storedUserMessages === made,
  reconnectP99WithinTarget: reconnectP99 !== null && reconnectP99 <= TARGET_RECONNECT_P99_MS,
};
const out = {
  benchmark: PGLITE
    ? 'chat fault-injection harness: 1 instance on the embedded PGlite, clients direct, kill -9 and restart mid-run'
    : '2 instances (PostgreSQL + Redis) behind nginx (deploy/nginx.conf), clients through nginx, one instance SIGKILLed and restarted mid-run',
  measuredAt: new Date().toISOString(),
  machine: measured,
  note:
    'The instances, nginx, the databases and the clients share the 2 cores (and other work: see loadAverageAtStart). ' +
    'Sends are paced at ' +
    `${SEND_INTERVAL_MS} ms per client, under the limit of ${CHAT_MESSAGES_PER_MINUTE} a minute per user.`,
  setup: {
    mode: PGLITE ? 'pglite' : 'cluster',
    ports: PORTS,
    nginxPort: PGLITE ? null : NGINX_PORT,
    seedScale: env.SEED_SCALE,
    startup,
    clients: CLIENTS,
    peers: {
      support: clients.filter((c) => c.peer === 'support').length,
      agent: clients.filter((c) => c.peer !== 'support').length,
    },
    messagesPerClient: PER_CLIENT,
    sendIntervalMs: SEND_INTERVAL_MS,
    dropMeanMs: DROP_MEAN_MS,
    restartAfterMs: RESTART_AFTER_MS,
  },
  faults: {
    ...faults,
    drops: sum((c) => c.stats.drops),
    socketsClosed: sum((c) => c.stats.closes),
    connects: sum((c) => c.stats.connects),
  },
  traffic: {
    messagesMade: made,
    acked: sum((c) => c.acked.size),
    resent: sum((c) => c.stats.resent),
    rateLimited: sum((c) => c.stats.rateLimited),
    closeCodes: merged((c) => c.stats.closeCodes),
    connectErrors: merged((c) => c.stats.connectErrors),
    errors,
    storedUserMessages,
    storedBotAndOtherMessages: storedOtherMessages,
    messageFramesReceived: sum((c) => c.stats.messages),
    replayedFrames: sum((c) => c.stats.replayed),
    framesBeforeWelcome: sum((c) => c.stats.framesBeforeWelcome),
    foreignFrames: sum((c) => c.stats.foreignFrames),
  },
  reconnect: {
    targetP99Ms: TARGET_RECONNECT_P99_MS,
    counted: PGLITE ? 'drops and other closes (the kill is an outage on one instance: below)' : 'every reconnect',
    all: summary(ms()),
    afterDrop: summary(ms('drop')),
    afterKill: summary(ms('kill')),
    afterKillFromInstanceBack: PGLITE
      ? summary(reconnects.filter((r) => r.cause === 'kill' && r.afterBackMs !== null).map((r) => r.afterBackMs!))
      : null,
    other: summary(ms('other')),
    /** The slowest of the counted ones, with when their welcome came (seconds into the sending; the kill at killAtMs). */
    slowest: reconnects
      .filter((r) => !PGLITE || r.cause !== 'kill')
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((r) => ({ ms: r.ms, cause: r.cause, welcomeAtS: Math.round((r.welcomeAt - sendStartedAt) / 1000) })),
  },
  checks,
  samples,
  targets,
  meetsTargets: Object.values(targets).every(Boolean),
};
const file = join(root, 'bench', 'results', PGLITE ? 'chat-harness-pglite.json' : 'chat-harness.json');
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(
  JSON.stringify({ faults: out.faults, traffic: out.traffic, reconnect: out.reconnect, checks, targets }, null, 2),
);
log(`written ${file}`);
process.exit(out.meetsTargets ? 0 : 1);
