import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/cluster-launcher.ts';
import { registerUser, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';

/**
 * A TCP hop between the app and Postgres that the test can cut and restore: the database
 * "goes down" for this app only (connections reset, new ones refused), as it does when
 * Postgres restarts, without touching the Postgres other tests share.
 */
class CuttableLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.sockets.forEach((socket) => socket.destroy());
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

// The reliability suite restarted Postgres under two nodes: every request answered 500
// ("Something went wrong on our side") while it was down. A database out of reach is "a
// dependency is down": 503 with the envelope (docs/PRODUCT.md, 'Envelope and status codes'),
// and the app recovers by itself.
describe('the database out of reach', () => {
  let t: TestApp;
  let link: CuttableLink;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchPostgresDatabase();
    drop = scratch.drop;
    const direct = new URL(scratch.url);
    link = new CuttableLink(await freePort(), {
      host: direct.hostname,
      port: Number(direct.port || 5432),
    });
    await link.up();
    const viaLink = new URL(scratch.url);
    viaLink.host = `127.0.0.1:${link.port}`;
    t = await startTestApp('postgres', {}, { databaseUrl: viaLink.toString() });
  });

  afterAll(async () => {
    await t?.close();
    await link?.down();
    await drop?.();
  });

  it('answers 503 with the envelope while it is down, and recovers when it is back', async () => {
    const { agent, username, password } = await registerUser(t.app);
    const gameId = (await agent.get<{ gameId: number }>('/api/games/new')).body.gameId;

    await link.down();
    const requests = [
      () => agent.get('/api/user/info'),
      () => agent.get(`/api/game/${gameId}/play/crane`),
      () => agent.get(`/api/games/${gameId}`),
      () => new TestAgent(t.app).post('/api/login', { username, password }),
      () => new TestAgent(t.app).get('/api/games/new'),
    ];
    for (const request of requests) {
      const response = await request();
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        result: 'error',
        err: 'A service we depend on is down. Please try again.',
      });
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);

    await link.up();
    const played = await agent.get(`/api/game/${gameId}/play/crane`);
    expect(played.status).toBe(200);
    expect((await agent.get('/api/user/info')).body).toEqual({ result: 'ok', msg: username });
  });

  // The same suite saw requests wait 5 to 15 s after Postgres was back: postgres.js delays
  // each reconnection by a back-off that grows with every failed connection of the pool
  // (3^n / 100 s, up to 20 s), and a busy outage fails many.
  it('is used again at once when it comes back, however many requests failed meanwhile', async () => {
    const { agent } = await registerUser(t.app);
    await link.down();
    for (let i = 0; i < 30; i++) {
      expect((await agent.get('/api/user/info')).status).toBe(503);
    }
    await link.up();
    const started = performance.now();
    const info = await agent.get('/api/user/info');
    expect(info.status).toBe(200);
    // A liveness bound, far from both the bug (10 to 20 s) and a noisy machine's jitter.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
