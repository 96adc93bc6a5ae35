import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { Balancer, BALANCER_ADDRESS, findNginx, freePort } from '../../ops/cluster-launcher.ts';
import { startTestApp, type TestApp } from './test-app.ts';

// The shipped deployment once trusted every X-Forwarded-For entry (TRUST_PROXY
// true) and nginx appended to the client's own header, so a client chose the address its rate
// limit was counted under. Here the shipped ops/nginx.conf itself, rendered for a test node by
// the cluster's own launcher (only its upstream servers and listen address change), runs in
// front of a node with the shipped TRUST_PROXY values. `pnpm cluster` later trusted a hop count
// (TRUST_PROXY=1): a client that reached a node's port directly, bypassing nginx, escaped every
// rate limit by writing its own X-Forwarded-For; it now trusts only the balancer's address.

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const LOGIN_LIMIT = 3;

const readCompose = () => readFile(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');

/** The TRUST_PROXY value docker-compose.yml gives the app nodes. */
async function composeTrustProxy(): Promise<string> {
  const match = /TRUST_PROXY:\s*'?([^'\n]+)'?/.exec(await readCompose());
  if (!match) throw new Error('docker-compose.yml sets no TRUST_PROXY');
  return match[1]!.trim();
}

/**
 * The same for the node behind this test's nginx. There nginx reaches the app from its address
 * on the compose network; here from the balancer's loopback address, which a list of
 * addresses must then name too (a hop count is taken as it is).
 */
async function shippedTrustProxy(): Promise<string> {
  const value = await composeTrustProxy();
  return /^\d+$/.test(value) ? value : `${value},${BALANCER_ADDRESS}`;
}

/** One HTTP request over a real socket, optionally from a given loopback source address. */
function send(
  port: number,
  method: 'GET' | 'POST' | 'TRACE',
  urlPath: string,
  options: { headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const wrongLogin = (port: number, headers: Record<string, string>, from?: string) =>
  send(port, 'POST', '/api/login', {
    headers,
    body: { username: 'victim', password: 'guess' },
    ...(from ? { from } : {}),
  }).then((r) => r.status);

describe.each([
  ['as docker-compose.yml sets it', shippedTrustProxy],
  ['as pnpm cluster and the reliability suite set it', async () => BALANCER_ADDRESS],
])('client addresses through the shipped nginx, TRUST_PROXY %s', (_name, trustProxy) => {
  let t: TestApp;
  let appPort: number;
  let nginx: Balancer;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      TRUST_PROXY: await trustProxy(),
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
      // The per-account limit would refuse these guesses at one account on its own.
      RATE_LIMIT_LOGIN_ACCOUNT: '1000',
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = Number(new URL(address).port);
    const nginxPath = findNginx();
    if (!nginxPath) throw new Error('nginx is not installed (apt-get install nginx)');
    dir = await mkdtemp(path.join(tmpdir(), 'jotto-proxy-hop-'));
    nginx = new Balancer(
      await freePort(),
      [`127.0.0.1:${appPort}`],
      path.join(dir, 'nginx'),
      nginxPath,
    );
    await nginx.start();
  });
  afterAll(async () => {
    await nginx?.stop();
    await t.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("counts a client under its own address, whatever X-Forwarded-For it sends (the probe's two cases)", async () => {
    const fixed = [];
    for (let i = 0; i < 10; i++) {
      fixed.push(await wrongLogin(nginx.port, { 'x-forwarded-for': '192.0.2.10' }));
    }
    expect(fixed).toEqual([...Array(LOGIN_LIMIT).fill(401), ...Array(10 - LOGIN_LIMIT).fill(429)]);
    // Before: 30x401, a fresh address each time.
    const rotated = [];
    for (let i = 1; i <= 30; i++) {
      rotated.push(await wrongLogin(nginx.port, { 'x-forwarded-for': `10.9.${i}.7, 192.0.2.10` }));
    }
    expect(rotated).toEqual(Array(30).fill(429));
  });

  it("counts a client that reaches the node's port directly under its own address, whatever X-Forwarded-For it sends", async () => {
    const direct = [];
    for (let i = 1; i <= 10; i++) {
      direct.push(await wrongLogin(appPort, { 'x-forwarded-for': `10.8.${i}.7` }, '127.0.0.3'));
    }
    // Before, in pnpm cluster: 10x401, a fresh address each time.
    expect(direct).toEqual([...Array(LOGIN_LIMIT).fill(401), ...Array(10 - LOGIN_LIMIT).fill(429)]);
  });

  it('still tells real clients apart (another source address has its own count)', async () => {
    expect(await wrongLogin(nginx.port, {}, '127.0.0.2')).toBe(401);
  });

  it('answers TRACE as every other error: the JSON envelope, with an Allow header', async () => {
    const trace = await send(nginx.port, 'TRACE', '/api/login');
    // Before: nginx's own HTML page, and no Allow.
    expect(trace.status).toBe(405);
    expect(trace.headers['content-type']).toBe('application/json');
    expect(JSON.parse(trace.body)).toEqual({
      result: 'error',
      err: 'This method is not allowed',
    });
    expect(trace.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('keeps /metrics off the balancer', async () => {
    expect((await send(nginx.port, 'GET', '/metrics')).status).toBe(404);
    expect((await send(nginx.port, 'GET', '/metric%73')).status).toBe(404);
    expect((await send(appPort, 'GET', '/metrics')).status).toBe(200);
  });
});

describe('docker-compose.yml', () => {
  it('publishes only the balancer, and the nodes trust only its fixed address', async () => {
    const compose = await readCompose();
    const services = compose.split(/\n(?= {2}[a-z0-9]+:)/);
    const service = (name: string) => services.find((part) => part.startsWith(`  ${name}:`)) ?? '';
    expect(
      services.filter((part) => /\n\s+ports:/.test(part)).map((p) => p.trim().split(':')[0]),
    ).toEqual(['lb']);
    const lbAddress = /ipv4_address:\s*([\d.]+)/.exec(service('lb'))?.[1];
    expect(lbAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    // Before: 'uniquelocal', every private address, so any container could name the client.
    expect(await composeTrustProxy()).toBe(lbAddress);
    // Docker hands out addresses from ip_range only, which must not hold the balancer's.
    const range = /ip_range:\s*([\d.]+)\/(\d+)/.exec(compose);
    expect(range).not.toBeNull();
    const toNumber = (address: string) =>
      address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const size = 2 ** (32 - Number(range![2]));
    const start = toNumber(range![1]!);
    const lb = toNumber(lbAddress!);
    expect(lb < start || lb >= start + size).toBe(true);
  });
});
