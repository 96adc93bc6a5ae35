// What a browser tab sends, from a loopback address of its own: REST calls with the session
// cookie and the headers our page's fetch carries, and a Socket.IO client (long-polling first,
// then the WebSocket upgrade, as in a browser) that follows `seq` and catches up after every
// (re)connect. Each client binds its own source address in 127.0.0.0/8, so the balancer's
// hash by address spreads clients over nodes as it would spread real players.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@jotto/shared/realtime-events';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';

export type Json = Record<string, unknown>;

/** One answer; `status` 0 when no HTTP answer came (connection refused, reset, timeout). */
export interface Reply<T = Json> {
  status: number;
  body: T | null;
  text: string;
  ms: number;
  error?: string;
  /** The answer's Set-Cookie headers. */
  setCookies?: string[];
}

const usedAddresses = new Set<string>();

/** A loopback address not handed out before in this process (never 127.0.0.1). */
export function freshLoopbackAddress(): string {
  for (;;) {
    const [a = 1, b = 1, c = 1] = randomBytes(3);
    const address = `127.${a}.${b}.${c === 0 || c === 255 ? 1 : c}`;
    if (address !== '127.0.0.1' && !usedAddresses.has(address)) {
      usedAddresses.add(address);
      return address;
    }
  }
}

export interface RawRequest {
  method: string;
  /** Path and query, sent as they are (not re-encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Sends one request as given, from `localAddress`, and reads the whole answer. */
export function sendRaw(
  baseUrl: string,
  localAddress: string,
  request: RawRequest,
  timeoutMs = 15_000,
): Promise<Reply<unknown>> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        localAddress,
        headers: request.headers,
        timeout: timeoutMs,
        // One connection per request: a request must not ride on a socket of another address.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          resolve({
            status: res.statusCode ?? 0,
            body,
            text,
            ms: performance.now() - started,
            setCookies: res.headers['set-cookie'] ?? [],
          });
        });
        res.on('error', (error) =>
          resolve({ status: 0, body: null, text: '', ms: 0, error: error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', (error) =>
      resolve({
        status: 0,
        body: null,
        text: '',
        ms: performance.now() - started,
        error: error.message,
      }),
    );
    req.end(request.body);
  });
}

/** No HTTP answer, or a 5xx: what a client counts as a failed request (a 4xx is an answer). */
export const isFailedReply = (reply: Reply<unknown>) => reply.status === 0 || reply.status >= 500;

/** REST calls of one browser tab: its address, its session cookie, our page's headers. */
export class BrowserHttp {
  sessionId: string | undefined;
  /** Requests sent, and those among them that failed (`isFailedReply`). */
  requests = 0;
  failures = 0;

  constructor(
    public baseUrl: string,
    readonly address: string,
    private readonly origin: string,
  ) {}

  /** The headers our client's fetch sends (same origin, with the client's header). */
  headers(method: string, hasBody: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      'sec-fetch-site': 'same-origin',
      [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
      ...(method === 'GET' ? {} : { origin: this.origin }),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(this.sessionId ? { cookie: `${SESSION_COOKIE}=${this.sessionId}` } : {}),
    };
  }

  async call<T = Json>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { timeoutMs?: number; baseUrl?: string } = {},
  ): Promise<Reply<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const reply = await sendRaw(
      options.baseUrl ?? this.baseUrl,
      this.address,
      { method, path, headers: this.headers(method, payload !== undefined), body: payload },
      options.timeoutMs,
    );
    this.requests += 1;
    if (isFailedReply(reply)) this.failures += 1;
    for (const cookie of reply.setCookies ?? []) {
      const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(cookie);
      if (match) this.sessionId = match[1] || undefined;
    }
    return reply as Reply<T>;
  }
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What a tab knows of one versus game's opponent, from events and catch-up fetches. */
export interface OpponentView {
  seq: number;
  enemyGuesses: number;
  enemyScore: number;
  enemyWon: boolean;
  enemyForfeit: boolean;
  /** Events applied in order; gaps that made the tab refetch; catch-ups after a (re)connect. */
  events: number;
  gaps: number;
  catchUps: number;
  /** `seq`s of this tab's own moves beyond `seq` (their events go to the opponent only). */
  own: Set<number>;
}

/**
 * How long the tab waits before it opens its socket again after the server closed it, as the
 * client's RealtimeHub draws it (client/src/lib/realtime/realtime-hub.ts): within a second when
 * the node said `server:draining` first, 2 to 5 s after any other close by the server.
 * (Socket.IO reconnects by itself only after a lost connection, never after such a close.)
 */
const RECONNECT_AFTER_DRAIN_MS = { min: 0, max: 1_000 };
const RECONNECT_AFTER_SERVER_CLOSE_MS = { min: 2_000, max: 5_000 };
/** A read query that failed is asked once more this much later (TanStack Query's default). */
const QUERY_RETRY_DELAY_MS = 1_000;

/**
 * A signed-in tab with its socket. Like the game screen: an event whose `seq` is the next one
 * is applied; a gap, or any (re)connect, makes it fetch the counts once.
 */
export class BrowserTab {
  readonly http: BrowserHttp;
  socket: ClientSocket | null = null;
  readonly views = new Map<number, OpponentView>();
  connects = 0;
  /** How many times the socket dropped (a node died under it, …). */
  disconnects = 0;
  /** How many times a node told this tab's socket `server:draining`. */
  drainNotices = 0;
  /** Catch-up and gap fetches whose retry failed too (`refetch` retries once, as the client). */
  failedFetches = 0;
  /** Whether the socket's node said it is going away: its close is a move, not a loss. */
  private moving = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly agent: http.Agent;

  constructor(
    readonly username: string,
    baseUrl: string,
    address: string,
    private readonly origin: string,
  ) {
    this.http = new BrowserHttp(baseUrl, address, origin);
    // Polling requests and the upgrade leave from this tab's address (the balancer's key).
    this.agent = new http.Agent({ keepAlive: true, localAddress: address });
  }

  get address(): string {
    return this.http.address;
  }

  /** Opens the socket (polling, then upgrade) and resolves on the first connect. */
  async connect(timeoutMs = 10_000): Promise<void> {
    const socket: ClientSocket = io(this.http.baseUrl, {
      path: '/api/socket.io',
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      randomizationFactor: 0,
      timeout: 5_000,
      agent: this.agent as unknown as string,
      extraHeaders: {
        origin: this.origin,
        ...(this.http.sessionId ? { cookie: `${SESSION_COOKIE}=${this.http.sessionId}` } : {}),
      },
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.connects += 1;
      this.moving = false;
      // Catch up on whatever happened while not connected.
      for (const gameId of this.views.keys()) void this.refetch(gameId, 'catchUp');
    });
    socket.on('server:draining', () => {
      this.drainNotices += 1;
      this.moving = true;
    });
    socket.on('disconnect', (reason) => {
      this.disconnects += 1;
      if (reason !== 'io server disconnect') return;
      const { min, max } = this.moving ? RECONNECT_AFTER_DRAIN_MS : RECONNECT_AFTER_SERVER_CLOSE_MS;
      this.reconnectTimer = setTimeout(
        () => {
          this.reconnectTimer = null;
          if (this.socket === socket && !socket.connected) socket.connect();
        },
        min + Math.random() * (max - min),
      );
    });
    socket.on('game:counts', (event) => {
      const view = this.views.get(event.gameId);
      if (!view) return;
      // Numbers between the last seen and this one taken by my own moves are no gap.
      let next = view.seq + 1;
      while (view.own.has(next) && next < event.seq) next += 1;
      if (event.seq === next) {
        Object.assign(view, {
          seq: event.seq,
          enemyGuesses: event.enemyGuesses,
          enemyScore: event.enemyScore,
          enemyWon: event.enemyWon,
          enemyForfeit: event.enemyForfeit,
        });
        view.events += 1;
        forgetOwnUpTo(view);
      } else if (event.seq > next) {
        void this.refetch(event.gameId, 'gap');
      }
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.username}: no connect`)), timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Starts following a game's opponent (seq 0 until a fetch or an event says more). */
  watch(gameId: number): void {
    if (!this.views.has(gameId)) {
      this.views.set(gameId, {
        seq: 0,
        enemyGuesses: 0,
        enemyScore: 100,
        enemyWon: false,
        enemyForfeit: false,
        events: 0,
        gaps: 0,
        catchUps: 0,
        own: new Set(),
      });
    }
  }

  /** One of my moves took `seq` in the game's sequence (the play answer says which). */
  ownMove(gameId: number, seq: number): void {
    const view = this.views.get(gameId);
    if (!view || seq <= view.seq) return;
    view.own.add(seq);
    // My move right after what I have seen: nothing of the opponent's is missing up to it.
    while (view.own.has(view.seq + 1)) view.seq += 1;
    forgetOwnUpTo(view);
  }

  /**
   * `GET /game/:id/counts`, as the fallback poll and the catch-up do; never goes back in seq. A
   * failed one is asked once more a second later, as the client's query is (`retry: false`
   * answers the first reply as it is, for callers that judge each reply themselves).
   */
  async refetch(
    gameId: number,
    why: 'gap' | 'catchUp' | 'poll',
    options: { retry?: boolean } = {},
  ): Promise<Reply> {
    let reply = await this.http.call('GET', `/api/game/${gameId}/counts`);
    if (options.retry !== false && isFailedReply(reply)) {
      await new Promise((resolve) => setTimeout(resolve, QUERY_RETRY_DELAY_MS));
      reply = await this.http.call('GET', `/api/game/${gameId}/counts`);
      if (isFailedReply(reply)) this.failedFetches += 1;
    }
    const view = this.views.get(gameId);
    if (view && reply.status === 200 && reply.body) {
      const counts = reply.body as unknown as Omit<OpponentView, 'events' | 'gaps' | 'catchUps'>;
      if (why === 'gap') view.gaps += 1;
      if (why === 'catchUp') view.catchUps += 1;
      if (counts.seq >= view.seq) {
        Object.assign(view, {
          seq: counts.seq,
          enemyGuesses: counts.enemyGuesses,
          enemyScore: counts.enemyScore,
          enemyWon: counts.enemyWon,
          enemyForfeit: counts.enemyForfeit,
        });
        forgetOwnUpTo(view);
      }
    }
    return reply;
  }

  close(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.socket?.disconnect();
    this.socket = null;
    this.agent.destroy();
  }
}

/** Drops the own moves the view has seen past, then steps over those right after it. */
function forgetOwnUpTo(view: OpponentView): void {
  for (const seq of view.own) if (seq <= view.seq) view.own.delete(seq);
  while (view.own.delete(view.seq + 1)) view.seq += 1;
}

/**
 * Opens one Socket.IO channel (WebSocket only) from `address` with a session cookie, as a tab
 * would: 'ok' once connected, else the handshake's refusal (the `connect_error` message). The
 * socket is handed to `keep` either way, for the caller to close.
 */
export function openChannel(
  baseUrl: string,
  address: string,
  sessionId: string,
  origin: string,
  keep: ClientSocket[],
): Promise<string> {
  const socket: ClientSocket = io(baseUrl, {
    path: '/api/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 10_000,
    agent: new http.Agent({ localAddress: address }) as unknown as string,
    extraHeaders: { origin, cookie: `${SESSION_COOKIE}=${sessionId}` },
  });
  keep.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('ok'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/**
 * Opens a bare WebSocket to the Engine.IO endpoint from `address` (no session: what anyone can
 * open before a handshake) and resolves with the HTTP status of the answer: 101 for an open
 * connection (handed to `keep`, for the caller to destroy), else the refusal's status.
 */
export function openBareWebSocket(
  baseUrl: string,
  address: string,
  keep: { destroy(): void }[],
): Promise<number> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: '/api/socket.io/?EIO=4&transport=websocket',
      localAddress: address,
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        origin: baseUrl,
      },
    });
    req.on('upgrade', (_res, socket) => {
      keep.push(socket);
      resolve(101);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}
