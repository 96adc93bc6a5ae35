// `pnpm cluster`: the production topology on one machine, without Docker. CLUSTER_NODES app
// nodes (default 2) on free loopback ports, sharing DATABASE_URL and REDIS_URL (both
// required), behind the system's nginx running ops/nginx.conf on CLUSTER_PORT (default 8080).
// Prints the URL; Ctrl-C or SIGTERM stops everything it started. `pnpm cluster:restart` asks it
// for a rolling restart of its nodes, through a control channel on loopback
// (ops/cluster-control.ts).
//
// Reads its own environment (documented in docs/CONFIGURATION.md, whose entries for these
// server/src/config/config-doc.ts writes): CLUSTER_NODES, CLUSTER_PORT, and DATABASE_URL / REDIS_URL
// to insist on them. Every other variable reaches the nodes as it is, so they are configured
// like any node (SESSION_SECRET, RATE_LIMIT_*, …; without SESSION_SECRET the nodes share the
// secret stored in their one database); PUBLIC_URL defaults to the balancer's URL
// and TRUST_PROXY to the balancer's address (127.0.0.1, from which nginx reaches the nodes,
// which listen on loopback only).
import { type AppNode, BALANCER_ADDRESS, type Cluster, startCluster } from './cluster-launcher.ts';
import { startClusterControl } from './cluster-control.ts';

function fail(message: string): never {
  console.error(`pnpm cluster: ${message}`);
  process.exit(2);
}

function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

const LOCAL_EXAMPLE =
  'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 pnpm cluster';

async function main(): Promise<void> {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]?.trim());
  if (missing.length > 0) {
    fail(
      `${missing.join(' and ')} must be set: every node shares them. For example:\n  ${LOCAL_EXAMPLE}`,
    );
  }
  const nodes = wholeNumber('CLUSTER_NODES', 2, 1, 16);
  const port = wholeNumber('CLUSTER_PORT', 8080, 1, 65535);
  const publicUrl = process.env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
  const trustProxy = process.env.TRUST_PROXY?.trim() || BALANCER_ADDRESS;
  const prefixWidth = `node${nodes}`.length;

  console.log(`starting ${nodes} nodes and nginx on port ${port} …`);
  let cluster: Cluster | null = null;
  let control: { close(): Promise<void> } | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the balancer and ${nodes} nodes …`);
    await control?.close();
    await cluster?.stop();
    console.log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // pnpm does not pass a SIGTERM on to its script: when the parent goes away, so do we.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('parent exited');
  }, 1_000).unref();

  try {
    cluster = await startCluster({
      nodes,
      port,
      nodeEnv: { ...process.env, PUBLIC_URL: publicUrl, TRUST_PROXY: trustProxy },
      onNodeLine: (node: AppNode, line: string) =>
        console.log(`${node.name.padEnd(prefixWidth)} | ${line}`),
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (stopping) return;
  control = await startClusterControl(cluster, port, (line) => console.log(line));
  for (const node of cluster.nodes) {
    console.log(`${node.name}: ${node.url} (pid ${node.pid})`);
  }
  console.log(`\nJotto cluster ready: ${publicUrl}  (nginx on 127.0.0.1:${port}; Ctrl-C stops it)`);
  console.log('`pnpm cluster:restart` restarts its nodes one at a time, after a build');
}

await main();
