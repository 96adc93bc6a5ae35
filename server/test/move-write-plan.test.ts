import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { type MoveWriteRow, writeMovesPrepared } from '../src/games/move-write.ts';
import { startTestApp, type TestApp } from './test-app.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

const LIVE_GAMES = 3_000;
const BATCH = 40;

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/**
 * The batch's write (`move-write.ts`) costs Postgres one primary-key probe per move, however
 * many games are open: its plan reads no table whole. A plan that scanned every open game or
 * every live session against the batch made a batch of a live node cost tens of milliseconds
 * (docs/SCALING.md, 'What a node pays, and why'). Postgres only: PGlite is one process's own database.
 */
describe('the plan of the move write (Postgres)', () => {
  let testApp: TestApp;
  let sql: postgres.Sql;
  let rows: MoveWriteRow[];

  beforeAll(async () => {
    testApp = await startTestApp('postgres');
    sql = postgres(testApp.databaseUrl!, { max: 1, onnotice: () => {} });
    // A node's worth of live games: two players each, each player with a live session.
    await sql`
      INSERT INTO users (username, email, username_skeleton)
      SELECT 'plan' || n, 'plan' || n || '@example.com', 'plan' || n
      FROM generate_series(1, ${2 * LIVE_GAMES}) AS n`;
    await sql`
      INSERT INTO sessions (id_hash, user_id, expires_at)
      SELECT 'hash' || u.id, u.id, now() + interval '1 day' FROM users u`;
    await sql`
      INSERT INTO games (mode, secret, time_control, deadline)
      SELECT 'versus', 'crane', 'live', now() + interval '1 hour'
      FROM generate_series(1, ${LIVE_GAMES})`;
    await sql`
      INSERT INTO game_players (game_id, user_id)
      SELECT g.id, u.id FROM games g
      JOIN users u ON u.username IN ('plan' || (2 * g.id - 1), 'plan' || (2 * g.id))`;
    await sql`ANALYZE`;
    // One side of each of BATCH games (a game's moves never share a batch), in id order.
    const sides = await sql<{ id: number; game_id: number; user_id: number }[]>`
      SELECT DISTINCT ON (game_id) id, game_id, user_id FROM game_players
      ORDER BY game_id, id LIMIT ${BATCH}`;
    rows = sides.map((side, idx) => ({
      idx,
      player_id: side.id,
      game_id: side.game_id,
      versus: true,
      expected: 0,
      owner_kind: 'user',
      owner_value: String(side.user_id),
      session_hash: `hash${side.user_id}`,
      score: 99,
      status: 'playing',
      forfeit: false,
      word: 'bigot',
      matches: 0,
    }));
  }, 60_000);
  afterAll(async () => {
    await sql?.end();
    await testApp?.close();
  });

  it('probes each move by key: no table read whole, no hash of every live session', async () => {
    const { text, params } = writeMovesPrepared(rows);
    const [explained] = await sql.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (FORMAT JSON) ${text}`,
      params as postgres.ParameterOrJSON<never>[],
    );
    const plan = explained!['QUERY PLAN'][0].Plan;
    const scans = [...nodesOf(plan)]
      .filter((node) => node['Node Type'] === 'Seq Scan' || node['Node Type'].startsWith('Bitmap'))
      .map((node) => `${node['Node Type']} on ${node['Relation Name'] ?? '?'}`);
    expect(scans).toEqual([]);
    const hashed = [...nodesOf(plan)].filter((node) => node['Subplan Name']?.startsWith('hashed'));
    expect(hashed).toEqual([]);
  });

  it('writes the batch it is given: every move recorded, in one statement', async () => {
    const { text, params } = writeMovesPrepared(rows);
    const written = await sql.unsafe<{ idx: number; seq: number }[]>(
      text,
      params as postgres.ParameterOrJSON<never>[],
    );
    expect(written.map((row) => row.idx).sort((a, b) => a - b)).toEqual(rows.map((r) => r.idx));
    expect(written.every((row) => row.seq === 1)).toBe(true);
  });
});
