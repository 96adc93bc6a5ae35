import { connect, createServer, type Server, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountsResponse, PlayResponse } from '@jotto/shared/game-schemas';
import type { GameCountsEvent } from '@jotto/shared/realtime-events';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { HttpAgent, ScratchRedis, ServerNode } from '@jotto/test-support/cluster-harness';
import { type ClientSocket, openSocket, recordEvents } from '@jotto/test-support/socket-client';
import { freePort } from '../../ops/cluster-launcher.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';

// A node told to stop (SIGTERM, as at every deploy) closed its sockets as the session's end
// does, so clients stayed on polling until a reload; it kept taking the computer's moves while
// it finished its requests, and gave back those it had not started only after the ones it was
// making. Now it drains: not ready at once, its jobs handed over at once, its sockets asked to
// reconnect elsewhere, its requests in flight answered, and it exits within the grace.

const GRACE_SECONDS = 10;
/** Far longer than the test: a move that changes hands in it did not wait for its lease. */
const LEASE_MS = 120_000;
/** How soon after SIGTERM the other node holds the moves the stopping one gave back. */
const HANDOVER_WITHIN_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and what settles it (Promise.withResolvers is Node 22). */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function until<T>(what: string, check: () => Promise<T | null>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A balancer as small as it gets, on loopback: each connection goes to the first node that
 * accepts it, as nginx sends a client on to the next node when one refuses connections. It
 * records which node each connection reached.
 */
async function startFailoverProxy(ports: () => number[]) {
  const reached: number[] = [];
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.pause();
    client.on('error', () => {});
    const tryFrom = (index: number) => {
      const port = ports()[index];
      if (port === undefined) return client.destroy();
      const upstream = connect(port, '127.0.0.1');
      upstream.once('error', () => tryFrom(index + 1));
      upstream.once('connect', () => {
        reached.push(port);
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryFrom(0);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    reached,
    /** Stops listening and cuts the connections still open (a fetch keeps its own alive). */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of open) client.destroy();
      }),
  };
}

describe('a node told to stop drains', { timeout: 150_000 }, () => {
  let drop: () => Promise<void>;
  let sql: postgres.Sql;
  let redis: ScratchRedis;
  let nodeA: ServerNode;
  let nodeB: ServerNode;
  let proxy: Awaited<ReturnType<typeof startFailoverProxy>>;
  let socket: ClientSocket | undefined;
  let env: Record<string, string>;
  /** Ends the test's lock on the games (also after a failure, so that the database can go). */
  const unlocked = deferred();

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase();
    drop = database.drop;
    sql = postgres(database.url, { max: 3, onnotice: () => {} });
    redis = new ScratchRedis(await freePort());
    await redis.start();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: 'drain-secret-drain-secret-drain-secret-01',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_ACCOUNT_GAMES: '1000',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      // The computer moves only when the test makes a move due.
      BOT_MOVE_DELAY_MS: '600000-600000',
      BOT_LEASE_MS: String(LEASE_MS),
      // The test holds game rows locked for seconds: the statements waiting on them wait.
      DATABASE_LOCK_TIMEOUT_MS: '60000',
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
    };
    nodeA = new ServerNode(await freePort(), env);
    nodeB = new ServerNode(await freePort(), env);
    await nodeA.start();
    proxy = await startFailoverProxy(() => [nodeA.port, nodeB.port]);
  }, 120_000);

  afterAll(async () => {
    unlocked.resolve();
    socket?.disconnect();
    await proxy?.close();
    await nodeA?.stop('SIGKILL');
    await nodeB?.stop();
    await redis?.stop();
    await sql?.end();
    await drop?.();
  });

  it('is unready, hands its moves and sockets over, answers what is in flight, and exits in time', async () => {
    // A player on node A (through the balancer) with four games against the computer.
    const player = new HttpAgent(proxy.url);
    const registered = await player.call('POST', '/api/register', {
      username: `drain${process.pid % 1000}`,
      email: `drain${process.pid % 1000}@example.com`,
      password: 'abcd',
    });
    expect(registered.status).toBe(200);
    const gameIds: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const made = await player.call<{ gameId: number }>('POST', '/api/games/bot', {
        level: 'easy',
      });
      expect(made.status).toBe(200);
      gameIds.push(made.body.gameId);
    }

    // The socket does what the app's client does: reconnect after the server closed it.
    socket = openSocket(proxy.url, player.sessionId, { reconnection: true });
    const live = socket;
    const events = recordEvents(live, ['game:counts', 'server:draining']);
    const disconnects: string[] = [];
    live.on('disconnect', (reason) => {
      disconnects.push(reason);
      if (reason === 'io server disconnect') live.connect();
    });
    let connects = 0;
    live.on('connect', () => (connects += 1));
    await until('the socket on node A', async () => (connects === 1 ? true : null));
    expect(proxy.reached.at(-1)).toBe(nodeA.port);

    // The four games' rows locked, then their moves due: node A claims all four, starts two
    // (which wait on the lock) and holds the other two, not started, under its lease.
    const locked = deferred();
    const holding = sql.begin(async (tx) => {
      await tx`SELECT id FROM games WHERE id IN ${tx(gameIds)} FOR UPDATE`;
      locked.resolve();
      await unlocked.promise;
    });
    await locked.promise;
    await sql`UPDATE bot_games SET next_move_at = now() WHERE game_id IN ${sql(gameIds)}`;
    const leases = () =>
      sql<{ gameId: number; leaseToken: string | null; leaseLeftMs: number | null }[]>`
        SELECT game_id AS "gameId", lease_token AS "leaseToken",
          (extract(epoch FROM lease_until - now()) * 1000)::int AS "leaseLeftMs"
        FROM bot_games WHERE game_id IN ${sql(gameIds)}`;
    const tokenOfA = await until('node A claiming the four moves', async () => {
      const rows = await leases();
      const tokens = new Set(rows.map((row) => row.leaseToken));
      return rows.every((row) => row.leaseToken) && tokens.size === 1 ? rows[0]!.leaseToken : null;
    });

    // A request in flight on node A: the player's guess, which waits on the same lock.
    const direct = new HttpAgent(nodeA.baseUrl);
    direct.sessionId = player.sessionId;
    const inFlight = direct.call<PlayResponse>(
      'GET',
      `/api/game/${gameIds[0]}/play/${SECRET_WORDS[0]}`,
    );

    // Node B comes up: the four moves are A's (its lease), so B takes none.
    await nodeB.start();
    await sleep(500);
    expect((await leases()).every((row) => row.leaseToken === tokenOfA)).toBe(true);

    const stoppedAt = Date.now();
    const exited = nodeA.stop('SIGTERM').then(() => Date.now() - stoppedAt);

    // 1. Not ready at once (once the signal is handled), while it still takes connections.
    const unready = await until(
      'node A answering /readyz with 503',
      async () => {
        const answer = await fetch(`${nodeA.baseUrl}/readyz`);
        return answer.status === 503 ? answer.json() : null;
      },
      1_000,
    );
    expect(unready).toEqual({ result: 'error', status: 'draining' });

    // 3. The two moves it had not started are B's at once, under B's own fresh lease.
    const handedOver = await until(
      'node B claiming the moves node A gave back',
      async () => {
        const moved = (await leases()).filter(
          (row) => row.leaseToken !== null && row.leaseToken !== tokenOfA,
        );
        return moved.length === 2 ? moved : null;
      },
      HANDOVER_WITHIN_MS,
    );
    expect(Date.now() - stoppedAt).toBeLessThan(HANDOVER_WITHIN_MS);
    for (const row of handedOver) expect(row.leaseLeftMs).toBeGreaterThan(LEASE_MS - 10_000);

    // 4. Its socket is asked to move, closed, and reconnects: to node B, node A refusing.
    await until('the socket back, on node B', async () => (connects === 2 ? true : null), 10_000);
    expect(events.events.map((event) => event.name)).toContain('server:draining');
    expect(disconnects).toEqual(['io server disconnect']);
    expect(proxy.reached.at(-1)).toBe(nodeB.port);

    // Caught up after the reconnect, as the client does: the counts of a game B now moves in.
    // (Not the game of the guess in flight, whose move takes a number too.)
    const moving = handedOver.find((row) => row.gameId !== gameIds[0])!.gameId;
    const caughtUp = await player.call<CountsResponse>('GET', `/api/game/${moving}/counts`);
    expect(caughtUp.status).toBe(200);
    const heardBefore = events.events.length;

    // 2. The lock goes: the guess in flight on node A is answered, node A's two moves in hand
    // are made, and B's move reaches the socket on B, the next number after the catch-up.
    unlocked.resolve();
    await holding;
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ result: 'ok' });
    const next = await until('the next event of the game B moves in', async () => {
      const found = events.events
        .slice(heardBefore)
        .find(
          (event) =>
            event.name === 'game:counts' && (event.payload as GameCountsEvent).gameId === moving,
        );
      return found ?? null;
    });
    expect(next.payload).toMatchObject({ gameId: moving, seq: caughtUp.body.seq + 1 });

    // 5. Node A exits, cleanly, within the grace.
    expect(await exited).toBeLessThan(GRACE_SECONDS * 1000);
    expect(nodeA.exitCode).toBe(0);
    expect(nodeA.output).not.toMatch(/"level":(50|60)/);
    const moves = await sql<{ guessCount: number }[]>`
      SELECT gp.guess_count AS "guessCount" FROM bot_games b
      JOIN game_players gp ON gp.id = b.player_id WHERE b.game_id IN ${sql(gameIds)}`;
    expect(moves.map((row) => row.guessCount)).toEqual([1, 1, 1, 1]);
  });
});
