import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScratchRedis } from '@jotto/test-support/cluster-harness';
import { controlFilePath, requestRestart, startClusterControl } from '../../ops/cluster-control.ts';
import { type Cluster, findNginx, freePort, startCluster } from '../../ops/cluster-launcher.ts';
import { createScratchPostgresDatabase } from './test-environment.ts';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '..', 'dist', 'main.js');

/**
 * `pnpm cluster:restart` over a real `pnpm cluster` (two built nodes behind nginx): the nodes go
 * one at a time, each back and ready before the next, and the balancer answers every request
 * meanwhile.
 */
describe.skipIf(!findNginx())('a rolling restart of the cluster', { timeout: 180_000 }, () => {
  let drop: () => Promise<void>;
  let redis: ScratchRedis;
  let cluster: Cluster;
  let control: { close(): Promise<void> };

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(`${SERVER_ENTRY} is missing: pnpm --filter @jotto/server build`);
    }
    const database = await createScratchPostgresDatabase();
    drop = database.drop;
    redis = new ScratchRedis(await freePort());
    await redis.start();
    cluster = await startCluster({
      nodes: 2,
      port: 0,
      nodeEnv: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        SESSION_SECRET: 'restart-secret-restart-secret-restart-01',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'memory://',
      },
    });
    control = await startClusterControl(cluster, cluster.balancer.port, () => {});
  }, 120_000);

  afterAll(async () => {
    await control?.close();
    await cluster?.stop();
    await redis?.stop();
    await drop?.();
  });

  it('restarts each node in turn, ready before the next, with no failed request', async () => {
    const pidsBefore = cluster.nodes.map((node) => node.pid);
    const statuses = new Map<number, number>();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const status = await fetch(`${cluster.url}/api/user/info`).then(
          (response) => response.status,
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const lines: string[] = [];
    const done = await requestRestart(cluster.balancer.port, (line) => lines.push(line));
    polling = false;
    await poll;

    expect(done, lines.join('\n')).toBe(true);
    // One node at a time, each out of the balancer while it restarts: node 1 is ready and back
    // before node 2 goes.
    expect(lines.map((line) => line.replace(/ \(pid \d+\)| in \d+ ms/g, ''))).toEqual([
      'node1: out of the balancer, stopping …',
      'node1: stopped, starting …',
      'node1: ready, back in the balancer',
      'node2: out of the balancer, stopping …',
      'node2: stopped, starting …',
      'node2: ready, back in the balancer',
      'done',
    ]);
    const pidsAfter = cluster.nodes.map((node) => node.pid);
    for (const [index, pid] of pidsAfter.entries()) expect(pid).not.toBe(pidsBefore[index]);
    for (const node of cluster.nodes) {
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
      expect(node.unexpectedExits).toBe(0);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
  });

  it('says when no cluster runs on a port', async () => {
    const port = await freePort();
    await expect(requestRestart(port, () => {})).rejects.toThrow(
      `no cluster is running on port ${port} (no ${controlFilePath(port)})`,
    );
  });
});
