// The cluster the reliability suite breaks: its own Postgres cluster and redis-server on
// loopback ports (so stopping them hurts nobody else), two app nodes and nginx started by
// `ops/cluster-launcher.ts`, exactly as `pnpm cluster` starts them.
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import {
  BALANCER_ADDRESS,
  type Cluster,
  freePort,
  startCluster,
} from '../../ops/cluster-launcher.ts';
import { ScratchRedis } from '@jotto/test-support/cluster-harness';
import { BrowserTab, freshLoopbackAddress, sendRaw } from './browser-client.ts';
import { ScratchPostgres } from './scratch-postgres.ts';

export const PASSWORD = 'reliable-1';
/** Login attempts per address per minute in the suite's cluster (the product's default). */
export const LOGIN_LIMIT = 10;

export interface SuiteCluster {
  postgres: ScratchPostgres;
  redis: ScratchRedis;
  cluster: Cluster;
  /** The suite's own connection for checks (not the app's). */
  sql: postgres.Sql;
  /** The balancer's URL, which is also the app's PUBLIC_URL (the origin tabs send). */
  url: string;
  /** Which node (0 or 1) the balancer sends this address to, asked once and remembered. */
  nodeOf(address: string): Promise<number>;
  /** A fresh address that the balancer sends to node `index`. */
  addressOn(index: number): Promise<string>;
  /** Upstream of every request in the balancer's access log, counted by node. */
  requestsByNode(uriPrefix: string): Promise<number[]>;
  /** Registers a user from a tab on node `index`; the tab holds the new session. */
  registerTab(username: string, index: number): Promise<BrowserTab>;
  close(): Promise<void>;
}

export async function startSuiteCluster(): Promise<SuiteCluster> {
  const undo: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const step of undo.reverse()) await Promise.resolve(step()).catch(() => {});
  };
  try {
    const scratchPostgres = await ScratchPostgres.create(await freePort());
    undo.push(() => scratchPostgres.stopAndRemove());
    const redis = new ScratchRedis(await freePort());
    await redis.start();
    undo.push(() => redis.stop());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const cluster = await startCluster({
      nodes: 2,
      port,
      nodeEnv: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: scratchPostgres.url,
        REDIS_URL: redis.url,
        SESSION_SECRET: 'reliability-secret-reliability-secret-01',
        DATA_DIR: 'memory://',
        PUBLIC_URL: url,
        // Only this nginx may name the client, as `pnpm cluster` sets it: a tab that reaches a
        // node's port directly (from its own loopback address) is counted under that address.
        TRUST_PROXY: BALANCER_ADDRESS,
        RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
        RATE_LIMIT_REGISTER: '1000',
        RATE_LIMIT_PLAY: '100000',
        RATE_LIMIT_SEARCH: '100000',
        // So that the fuzz reaches the analysis, sending challenges and 'Play now' themselves,
        // not their rate limits (it sends them from two accounts).
        RATE_LIMIT_ANALYSIS: '100000',
        RATE_LIMIT_CHALLENGES: '100000',
        RATE_LIMIT_SEEKS: '100000',
        RATE_LIMIT_SEEK_CANCELS: '100000',
        // Steam's endpoint on a closed loopback port: the fuzzed callback fails fast, locally.
        STEAM_OPENID_URL: `http://127.0.0.1:${await freePort()}/openid/login`,
      },
    });
    undo.push(() => cluster.stop());
    const sql = postgres(scratchPostgres.url, { max: 2, onnotice: () => {} });
    undo.push(() => sql.end({ timeout: 1 }));

    const known = new Map<string, number>();
    const nodeIndexByPort = new Map(cluster.nodes.map((node, i) => [String(node.port), i]));
    const accessLog = async () =>
      (await readFile(cluster.balancer.accessLogPath, 'utf8')).split('\n').filter(Boolean);

    const nodeOf = async (address: string): Promise<number> => {
      const cached = known.get(address);
      if (cached !== undefined) return cached;
      const probe = `/healthz?probe=${address}`;
      const reply = await sendRaw(url, address, { method: 'GET', path: probe });
      if (reply.status !== 200) throw new Error(`probe from ${address}: ${reply.status}`);
      // nginx writes the log line after it has answered: look for it a few times.
      let line: string | undefined;
      for (let tries = 0; tries < 50 && !line; tries++) {
        line = (await accessLog()).reverse().find((entry) => entry.startsWith(`${address}|`));
        if (!line) await sleep(10);
      }
      const upstream = line?.split('|')[1] ?? '';
      const index = nodeIndexByPort.get(upstream.split(':').at(-1) ?? '');
      if (index === undefined) throw new Error(`no upstream for ${address} in "${line}"`);
      known.set(address, index);
      return index;
    };

    const addressOn = async (index: number): Promise<string> => {
      for (let tries = 0; tries < 200; tries++) {
        const address = freshLoopbackAddress();
        if ((await nodeOf(address)) === index) return address;
      }
      throw new Error(`no address maps to node ${index}`);
    };

    return {
      postgres: scratchPostgres,
      redis,
      cluster,
      sql,
      url,
      nodeOf,
      addressOn,
      async requestsByNode(uriPrefix) {
        const counts = cluster.nodes.map(() => 0);
        for (const line of await accessLog()) {
          const [, upstream = '', , , uri = ''] = line.split('|');
          if (!uri.startsWith(uriPrefix)) continue;
          // A retried request names both upstreams ("a, b"): the last one answered.
          const index = nodeIndexByPort.get(upstream.split(', ').at(-1)?.split(':').at(-1) ?? '');
          if (index !== undefined) counts[index]! += 1;
        }
        return counts;
      },
      async registerTab(username, index) {
        const tab = new BrowserTab(username, url, await addressOn(index), url);
        const reply = await tab.http.call('POST', '/api/register', {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
        });
        if (reply.status !== 200) {
          throw new Error(`register ${username}: ${reply.status} ${reply.text}`);
        }
        return tab;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Polls `check` every 100 ms until it is true; throws `what` after `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string | (() => string | Promise<string>),
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out: ${typeof what === 'string' ? what : await what()}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
