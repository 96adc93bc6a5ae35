// `pnpm cluster:restart`: a rolling restart of the running `pnpm cluster` (the one whose nginx
// listens on CLUSTER_PORT, default 8080), after `pnpm build`: each node in turn drains, exits and
// starts again on the new build, ready before the next one goes (docs/OPERATIONS.md, 'Deploys').
// The cluster does the work (ops/cluster-control.ts); this prints its progress. Exit 0 when
// every node is back, 1 when a node failed to start again, 2 when no cluster answers.
import { requestRestart } from './cluster-control.ts';

const raw = process.env.CLUSTER_PORT?.trim();
const port = raw ? Number(raw) : 8080;
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`pnpm cluster:restart: CLUSTER_PORT must be a whole number from 1 to 65535`);
  process.exit(2);
}

try {
  const done = await requestRestart(port, (line) => console.log(line));
  process.exit(done ? 0 : 1);
} catch (error) {
  console.error(`pnpm cluster:restart: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
