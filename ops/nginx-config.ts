// Renders ops/nginx.conf, the balancer config docker-compose uses as it is, for nodes on this
// machine: the same file with its upstream's `server` lines and its `listen` line replaced.
// Everything else (headers, timeouts, locations) reaches the local balancer unchanged, so the
// cluster tested here is balanced by the file that ships.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const NGINX_CONF_PATH = path.join(import.meta.dirname, 'nginx.conf');
/** The main configuration docker-compose.yml mounts: workers and their connection limits. */
export const NGINX_MAIN_CONF_PATH = path.join(import.meta.dirname, 'nginx-main.conf');

/**
 * The worker sizing of the shipped main configuration: its `worker_rlimit_nofile` and
 * `worker_connections`. Throws when the file no longer sets them, rather than run a balancer
 * sized otherwise than the one that ships.
 */
export function shippedWorkerSizing(
  mainConfig: string = readFileSync(NGINX_MAIN_CONF_PATH, 'utf8'),
): { rlimitNofile: number; connections: number } {
  const code = mainConfig.replace(/#.*$/gm, '');
  const rlimit = /^\s*worker_rlimit_nofile\s+(\d+)\s*;/m.exec(code)?.[1];
  const connections = /^\s*worker_connections\s+(\d+)\s*;/m.exec(code)?.[1];
  if (!rlimit || !connections) {
    throw new Error(
      `${NGINX_MAIN_CONF_PATH}: expected worker_rlimit_nofile and worker_connections`,
    );
  }
  return { rlimitNofile: Number(rlimit), connections: Number(connections) };
}

/** An upstream `server host:port params;` line, with its parameters. */
const SERVER_LINE = /^(\s*)server\s+[^\s;]+:\d+(\s[^;]*)?;\s*$/;
const LISTEN_LINE = /^(\s*)listen\s+[^;]+;\s*$/;

/**
 * The shared config with `upstreams` (host:port) as the servers of its one upstream, each
 * with the parameters of the file's first server line, and `listen` as its one listen address.
 * Those also in `down` are marked `down`: nginx sends them nothing new (a rolling restart takes
 * a node out this way before stopping it). Throws when the file no longer has the shape this
 * relies on, rather than render a config that would balance something else.
 */
export function renderNginxConfig(
  template: string,
  options: { upstreams: readonly string[]; listen: string; down?: readonly string[] },
): string {
  if (options.upstreams.length === 0) throw new Error('no upstream servers to render');
  const lines = template.split('\n');
  const out: string[] = [];
  let upstreamBlocks = 0;
  let inUpstream = false;
  let serversWritten = false;
  let listens = 0;
  for (const line of lines) {
    const code = line.replace(/#.*$/, '');
    if (/^\s*upstream\s+\S+\s*\{/.test(code)) {
      upstreamBlocks += 1;
      inUpstream = true;
      serversWritten = false;
      out.push(line);
      continue;
    }
    if (inUpstream) {
      const server = SERVER_LINE.exec(code);
      if (server) {
        if (!serversWritten) {
          const [, indent = '', params = ''] = server;
          for (const upstream of options.upstreams) {
            const down = options.down?.includes(upstream) ? ' down' : '';
            out.push(`${indent}server ${upstream}${params}${down};`);
          }
          serversWritten = true;
        }
        continue;
      }
      if (/^\s*}/.test(code)) inUpstream = false;
      out.push(line);
      continue;
    }
    const listen = LISTEN_LINE.exec(code);
    if (listen) {
      listens += 1;
      out.push(`${listen[1] ?? ''}listen ${options.listen};`);
      continue;
    }
    out.push(line);
  }
  if (upstreamBlocks !== 1 || !serversWritten) {
    throw new Error(`${NGINX_CONF_PATH}: expected one upstream block with server lines`);
  }
  if (listens !== 1) throw new Error(`${NGINX_CONF_PATH}: expected one listen line`);
  return out.join('\n');
}

/** ops/nginx.conf rendered for local nodes. */
export function renderSharedNginxConfig(options: {
  upstreams: readonly string[];
  listen: string;
  down?: readonly string[];
}): string {
  return renderNginxConfig(readFileSync(NGINX_CONF_PATH, 'utf8'), options);
}

/**
 * The main config of a balancer run by an unprivileged-looking child process: everything nginx
 * writes (pid, logs, temp files) under `dir`, in the foreground, one worker sized as the shipped
 * ops/nginx-main.conf sizes each of its workers, and the rendered shared config included in
 * `http`. The access log names the node that served each request
 * (`$upstream_addr`, "a, b" when a request was retried on b), which the reliability suite reads to see requests spread over nodes.
 * With `control`, a second server on that loopback port answers `GET /generation` with
 * `generation`: after a reload, its answer says that workers with the new config are serving.
 */
export function nginxMainConfig(options: {
  dir: string;
  siteConfigPath: string;
  control?: { port: number; generation: number };
}): string {
  const { dir, control } = options;
  const at = (name: string) => path.join(dir, name);
  const sizing = shippedWorkerSizing();
  return [
    'daemon off;',
    'worker_processes 1;',
    `worker_rlimit_nofile ${sizing.rlimitNofile};`,
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    `events { worker_connections ${sizing.connections}; }`,
    'http {',
    "  log_format jotto '$remote_addr|$upstream_addr|$status|$request_method|$uri';",
    `  access_log ${at('access.log')} jotto;`,
    `  client_body_temp_path ${at('client-body')};`,
    `  proxy_temp_path ${at('proxy')};`,
    `  fastcgi_temp_path ${at('fastcgi')};`,
    `  uwsgi_temp_path ${at('uwsgi')};`,
    `  scgi_temp_path ${at('scgi')};`,
    `  include ${options.siteConfigPath};`,
    ...(control
      ? [
          `  server { listen 127.0.0.1:${control.port}; access_log off;`,
          `    location = /generation { default_type text/plain; return 200 '${control.generation}'; } }`,
        ]
      : []),
    '}',
    '',
  ].join('\n');
}
