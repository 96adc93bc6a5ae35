import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchSeekResponse, MatchStatusResponse } from '@jotto/shared/match-schemas';
import { HttpAgent } from '@jotto/test-support/cluster-harness';
import {
  connected,
  openSocket,
  recordEvents,
  type ClientSocket,
} from '@jotto/test-support/socket-client';
import { startTwoNodes, type TwoNodes } from './two-node-cluster.ts';

const PLAYERS = 40;

/**
 * 'Play now' across two server processes sharing Postgres and Redis: 40 players seek at the
 * same moment, half through each node. The queue's advisory lock holds across nodes: 20 games,
 * every player in exactly one; each hears `match:found` on a socket held by the other node.
 */
describe("'Play now' on two nodes", () => {
  let cluster: TwoNodes;
  const sockets: ClientSocket[] = [];
  const players: Array<{
    name: string;
    agent: HttpAgent;
    events: ReturnType<typeof recordEvents<'match:found'>>;
  }> = [];

  beforeAll(async () => {
    cluster = await startTwoNodes();
    const { nodes } = cluster;
    const tag = (process.pid % 10000).toString(36);
    for (let i = 0; i < PLAYERS; i += 1) {
      const seekNode = nodes[i % 2]!;
      const agent = new HttpAgent(seekNode.baseUrl);
      const name = `p${tag}x${i}`;
      const registered = await agent.call('POST', '/api/register', {
        username: name,
        email: `${name}@example.com`,
        password: 'abcd',
      });
      expect(registered.status).toBe(200);
      // The player's socket is on the other node: every event crosses through Redis.
      const socket = await connected(openSocket(nodes[(i + 1) % 2]!.baseUrl, agent.sessionId));
      sockets.push(socket);
      players.push({ name, agent, events: recordEvents(socket, ['match:found']) });
    }
  }, 180_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await cluster?.close();
  });

  it('40 players seeking at once make 20 games, nobody in two', async () => {
    const answers = await Promise.all(
      players.map(({ agent }) => agent.call<MatchSeekResponse>('POST', '/api/match/seek')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // Each seek either found a partner waiting or waited for the next one: half and half.
    expect(answers.filter((answer) => answer.body.status === 'paired')).toHaveLength(20);

    const rows = await cluster.sql<{ username: string; game_id: number; rated: boolean }[]>`
      SELECT u.username, gp.game_id, g.rated
      FROM game_players gp JOIN users u ON u.id = gp.user_id JOIN games g ON g.id = gp.game_id
      WHERE g.mode = 'versus'`;
    const gameOf = new Map<string, number[]>();
    for (const row of rows)
      gameOf.set(row.username, [...(gameOf.get(row.username) ?? []), row.game_id]);
    expect(players.map(({ name }) => gameOf.get(name)?.length ?? 0)).toEqual(players.map(() => 1));
    const gameIds = new Set(rows.map((row) => row.game_id));
    expect(gameIds.size).toBe(20);
    expect(rows.every((row) => row.rated)).toBe(true);
    const playersOfGame = new Map<number, string[]>();
    for (const row of rows)
      playersOfGame.set(row.game_id, [...(playersOfGame.get(row.game_id) ?? []), row.username]);
    expect([...playersOfGame.values()].every((names) => names.length === 2)).toBe(true);

    // Every player knows their game: from the answer, the status route and the event.
    for (const [i, { name, agent, events }] of players.entries()) {
      const gameId = gameOf.get(name)![0]!;
      if (answers[i]!.body.status === 'paired') expect(answers[i]!.body.gameId).toBe(gameId);
      const status = await agent.call<MatchStatusResponse>('GET', '/api/match/status');
      expect(status.body).toEqual({ result: 'ok', status: 'paired', gameId, rated: true });
      const [found] = await events.waitFor(1, 'match:found');
      const opponent = playersOfGame.get(gameId)!.find((other) => other !== name);
      expect(found!.payload).toEqual({ gameId, opponent, rated: true });
    }
    for (const node of cluster.nodes) expect(node.output).not.toMatch(/"level":(50|60)/);
  });
});
