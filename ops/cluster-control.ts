// How `pnpm cluster:restart` reaches a running `pnpm cluster`: the cluster listens on a spare
// loopback port for one request, POST /restart, and writes where, with a token made for this
// run, to a file only its user may read (named by the balancer's port, so that two clusters on
// one machine have two files). The restart's steps are streamed back as lines of text, the
// last one `done` or `failed: …`.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Cluster } from './cluster-launcher.ts';

/** Where the cluster on balancer port `port` says how to reach it. */
export function controlFilePath(port: number): string {
  return path.join(os.tmpdir(), `jotto-cluster-${port}.json`);
}

interface ControlFile {
  url: string;
  token: string;
  pid: number;
}

/** The last line of a restart that went through. */
export const RESTART_DONE = 'done';

/**
 * Starts the control channel of `cluster` and writes its file; `close` stops it and removes the
 * file. One restart at a time: a second request meanwhile gets 409.
 */
export async function startClusterControl(
  cluster: Cluster,
  balancerPort: number,
  log: (line: string) => void,
): Promise<{ close(): Promise<void> }> {
  const token = randomBytes(24).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  let restarting = false;
  const server: Server = createServer((request, response) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const authorized = given.length === expected.length && timingSafeEqual(given, expected);
    if (!authorized) return void response.writeHead(401).end();
    if (request.method !== 'POST' || request.url !== '/restart') {
      return void response.writeHead(404).end();
    }
    if (restarting) return void response.writeHead(409).end('a restart is already running\n');
    restarting = true;
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    const step = (line: string) => {
      log(`restart: ${line}`);
      response.write(`${line}\n`);
    };
    cluster
      .restartNodes(step)
      .then(
        () => step(RESTART_DONE),
        (error: unknown) =>
          step(`failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        restarting = false;
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const file = controlFilePath(balancerPort);
  const contents: ControlFile = { url: `http://127.0.0.1:${port}`, token, pid: process.pid };
  await writeFile(file, JSON.stringify(contents), { mode: 0o600 });
  return {
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(file, { force: true });
    },
  };
}

/**
 * Asks the cluster on balancer port `port` for a rolling restart, handing each line of its
 * progress to `onLine`; resolves true when it went through. Throws when no cluster runs there.
 */
export async function requestRestart(
  port: number,
  onLine: (line: string) => void,
): Promise<boolean> {
  const file = controlFilePath(port);
  let control: ControlFile;
  try {
    control = JSON.parse(await readFile(file, 'utf8')) as ControlFile;
  } catch {
    throw new Error(`no cluster is running on port ${port} (no ${file})`);
  }
  let response: Response;
  try {
    response = await fetch(`${control.url}/restart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.token}` },
    });
  } catch {
    throw new Error(`the cluster on port ${port} (pid ${control.pid}) does not answer`);
  }
  if (!response.ok || !response.body) {
    throw new Error(`the cluster refused: ${response.status} ${await response.text()}`.trim());
  }
  let last = '';
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      last = line;
      onLine(line);
    }
  }
  return last === RESTART_DONE;
}
