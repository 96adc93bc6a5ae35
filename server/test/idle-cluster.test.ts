import type { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchSeekResponse } from '@jotto/shared/match-schemas';
import { HttpAgent, ScratchRedis, ServerNode } from '@jotto/test-support/cluster-harness';
import { connected, openSocket, type ClientSocket } from '@jotto/test-support/socket-client';
import { freePort } from '../../ops/cluster-launcher.ts';
import { PostgresTransactionCounter } from './postgres-transaction-counter.ts';
import { createScratchPostgresDatabase, TEST_POSTGRES_URL } from './test-environment.ts';

/** The window the goal is stated over. */
const IDLE_WINDOW_MS = 60_000;
/** After both nodes answer /readyz: what start-up set going (first looks, first refreshes) ends. */
const SETTLE_MS = 5_000;
/** The goals, per node, averaged over the window. */
const MAX_TRANSACTIONS_PER_S = 0.1;
const MAX_REDIS_COMMANDS_PER_S = 1;
/** The computer's pace in this test: one move exactly this long after the last. */
const BOT_DELAY_MS = 1_500;

interface IdleNode {
  node: ServerNode;
  counter: PostgresTransactionCounter;
}

async function redisCommandsProcessed(redis: Redis): Promise<number> {
  const stats = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(stats)?.[1]);
}

async function redisCommandStats(redis: Redis): Promise<Map<string, number>> {
  const stats = await redis.info('commandstats');
  return new Map(
    [...stats.matchAll(/cmdstat_([^:]+):calls=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]),
  );
}

/**
 * An idle cluster rests: two server processes on one Postgres database and a Redis of the
 * test's own, with no player, for a minute. Each node's transactions are counted on its own
 * connections (`PostgresTransactionCounter`, a proxy in front of Postgres); Redis's commands by
 * the server's own count. Then what idling must not break: a seek is kept alive by the other
 * node and pairs at once, and the computer moves at its pace.
 */
describe('an idle cluster', () => {
  const nodes: IdleNode[] = [];
  let redisServer: ScratchRedis;
  let redis: Redis;
  let sql: postgres.Sql;
  let dropDatabase: () => Promise<void> = async () => {};
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase();
    dropDatabase = database.drop;
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    redisServer = new ScratchRedis(await freePort());
    await redisServer.start();
    redis = await redisServer.client();
    const upstream = new URL(TEST_POSTGRES_URL);
    for (let i = 0; i < 2; i += 1) {
      const counter = new PostgresTransactionCounter({
        host: upstream.hostname,
        port: Number(upstream.port || 5432),
      });
      const databaseUrl = new URL(database.url);
      databaseUrl.port = String(await counter.start());
      const node = new ServerNode(await freePort(), {
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redisServer.url,
        SESSION_SECRET: 'idle-cluster-secret-idle-cluster-secret-01',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'memory://',
        RATE_LIMIT_REGISTER: '1000',
        BOT_MOVE_DELAY_MS: `${BOT_DELAY_MS}-${BOT_DELAY_MS}`,
      });
      nodes.push({ node, counter });
      // One after the other, so that the two do not race on the first migration.
      await node.start();
    }
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    for (const { node, counter } of nodes) {
      await node.stop();
      await counter.stop();
    }
    redis?.disconnect();
    await redisServer?.stop();
    await sql?.end();
    await dropDatabase();
  });

  it(
    `makes at most ${MAX_TRANSACTIONS_PER_S} transactions and ${MAX_REDIS_COMMANDS_PER_S} Redis command a second per node`,
    async () => {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const transactionsBefore = nodes.map(({ counter }) => counter.transactions);
      const statsBefore = await redisCommandStats(redis);
      const commandsBefore = await redisCommandsProcessed(redis);
      await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
      // Redis counts a command once it has run: the INFO just above, not the one reading this.
      const redisCommands = (await redisCommandsProcessed(redis)) - commandsBefore - 1;
      const statsAfter = await redisCommandStats(redis);
      const transactions = nodes.map(
        ({ counter }, i) => counter.transactions - transactionsBefore[i]!,
      );
      const seconds = IDLE_WINDOW_MS / 1000;
      const byCommand = [...statsAfter]
        .map(([command, calls]) => [command, calls - (statsBefore.get(command) ?? 0)] as const)
        .filter(([command, calls]) => calls > 0 && command !== 'info');
      console.log(
        `idle ${seconds} s: transactions per node ${transactions.join(', ')} ` +
          `(${transactions.map((n) => (n / seconds).toFixed(3)).join(', ')} /s); ` +
          `Redis commands ${redisCommands} for both nodes (${(redisCommands / seconds / nodes.length).toFixed(3)} /s per node): ` +
          JSON.stringify(Object.fromEntries(byCommand)),
      );
      for (const count of transactions) {
        expect(count / seconds).toBeLessThanOrEqual(MAX_TRANSACTIONS_PER_S);
      }
      expect(redisCommands / seconds / nodes.length).toBeLessThanOrEqual(MAX_REDIS_COMMANDS_PER_S);
    },
    IDLE_WINDOW_MS + SETTLE_MS + 15_000,
  );

  it('after idling, a seek is kept alive by the node holding its socket and pairs at once', async () => {
    const [first, second] = [nodes[0]!.node, nodes[1]!.node];
    const tag = (process.pid % 10000).toString(36);
    const players = await Promise.all(
      ['a', 'b'].map(async (suffix, i) => {
        const agent = new HttpAgent((i === 0 ? first : second).baseUrl);
        const name = `idle${tag}${suffix}`;
        const registered = await agent.call('POST', '/api/register', {
          username: name,
          email: `${name}@example.com`,
          password: 'abcd',
        });
        expect(registered.status).toBe(200);
        return agent;
      }),
    );
    // The first player waits with their socket on the second node, which never saw the seek:
    // only the first node's write can wake its queue job.
    sockets.push(await connected(openSocket(second.baseUrl, players[0]!.sessionId)));
    const waiting = await players[0]!.call<MatchSeekResponse>('POST', '/api/match/seek');
    expect(waiting.body.status).toBe('waiting');
    const [seek] = await sql<{ seen_at: Date }[]>`
      SELECT seen_at FROM match_seeks WHERE game_id IS NULL`;
    // The second node refreshes the seek once it is 5 s stale, at its next look (1 s apart).
    await expect
      .poll(
        async () =>
          (
            await sql<{ seen_at: Date }[]>`SELECT seen_at FROM match_seeks WHERE game_id IS NULL`
          )[0]?.seen_at.getTime(),
        { timeout: 8_000, interval: 200 },
      )
      .toBeGreaterThan(seek!.seen_at.getTime());
    const started = performance.now();
    const paired = await players[1]!.call<MatchSeekResponse>('POST', '/api/match/seek');
    expect(paired.body.status).toBe('paired');
    expect(performance.now() - started).toBeLessThan(1_000);
  }, 20_000);

  it('after idling, the computer moves at its pace', async () => {
    const agent = new HttpAgent(nodes[0]!.node.baseUrl);
    const name = `idlebot${(process.pid % 10000).toString(36)}`;
    await agent.call('POST', '/api/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'abcd',
    });
    const created = await agent.call<{ gameId: number }>('POST', '/api/games/bot', {
      level: 'easy',
    });
    expect(created.status).toBe(200);
    const createdAt = performance.now();
    const movesAt: number[] = [];
    // Its first two moves: each one delay after the last, whichever node makes it.
    await expect
      .poll(
        async () => {
          const [row] = await sql<{ guess_count: number }[]>`
            SELECT gp.guess_count FROM game_players gp JOIN bot_games b ON b.player_id = gp.id
            WHERE b.game_id = ${created.body.gameId}`;
          const moves = row?.guess_count ?? 0;
          while (movesAt.length < moves) movesAt.push(performance.now());
          return moves;
        },
        { timeout: 3 * BOT_DELAY_MS + 3_000, interval: 50 },
      )
      .toBeGreaterThanOrEqual(2);
    const gaps = [movesAt[0]! - createdAt, movesAt[1]! - movesAt[0]!];
    console.log(`computer's moves after idling: ${gaps.map((ms) => Math.round(ms)).join(', ')} ms`);
    // The delay, plus the move itself and this poll's 50 ms, on a loaded machine.
    for (const gap of gaps) expect(gap).toBeLessThan(BOT_DELAY_MS + 700);
  }, 20_000);
});
