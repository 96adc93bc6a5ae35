import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { type AppOverrides, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config/config.ts';
import { users } from '../src/db/account-tables.ts';
import { createScratchPostgresDatabase, type DatabaseKind } from './test-environment.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** The database URL when on Postgres (for a second node sharing it). */
  databaseUrl: string | null;
  close(): Promise<void>;
}

const BASE_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
  PUBLIC_URL: 'http://localhost:3000',
  // Tests register many users from one address; the rate-limit tests set their own limits.
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_REGISTER: '100000',
  RATE_LIMIT_SEARCH: '100000',
  RATE_LIMIT_PLAY: '100000',
  RATE_LIMIT_GUEST_GAMES: '100000',
  RATE_LIMIT_ACCOUNT_GAMES: '100000',
  RATE_LIMIT_PASSWORD_RESET: '100000',
  RATE_LIMIT_LOGIN_ACCOUNT: '100000',
  RATE_LIMIT_ANALYSIS: '100000',
  RATE_LIMIT_CHALLENGES: '100000',
  RATE_LIMIT_SEEKS: '100000',
  RATE_LIMIT_SEEK_CANCELS: '100000',
};

/** Boots the real app on a fresh database of the given kind. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { databaseUrl?: string; overrides?: AppOverrides } = {},
): Promise<TestApp> {
  let databaseUrl: string | null = options.databaseUrl ?? null;
  let drop: (() => Promise<void>) | null = null;
  if (kind === 'postgres' && !databaseUrl) {
    const scratch = await createScratchPostgresDatabase();
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const config = loadConfig({
    ...BASE_ENV,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, options.overrides);
  return {
    app,
    config,
    databaseUrl,
    async close() {
      await app.close();
      if (drop) await drop();
    },
  };
}

export interface AgentResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A browser-like client over `app.inject`: keeps its cookies between calls and can pose as a
 * given client address and origin. Like our web client it sends CLIENT_REQUEST_HEADER on every
 * call, unless `clientHeader: false` (a request that did not come from our script).
 */
export class TestAgent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: {
      remoteAddress?: string;
      headers?: Record<string, string>;
      clientHeader?: boolean;
    } = {},
  ) {}

  get<T = Record<string, unknown>>(url: string, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'GET', url, headers });
  }

  post<T = Record<string, unknown>>(
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.request<T>({
      method: 'POST',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  }

  async request<T>(options: InjectOptions): Promise<AgentResponse<T>> {
    const cookieHeader = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      ...options,
      ...(this.defaults.remoteAddress ? { remoteAddress: this.defaults.remoteAddress } : {}),
      headers: {
        ...(this.defaults.clientHeader === false
          ? {}
          : { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE }),
        ...this.defaults.headers,
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(options.headers as Record<string, string>),
      },
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now();
      if (expired || cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('application/json'))
      body = response.json();
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }
}

let userCounter = 0;
/** A fresh valid username (3–14 characters) unique within the run. */
export function newUsername(prefix = 'u'): string {
  userCounter += 1;
  return `${prefix}${process.pid % 1000}_${userCounter}`.slice(0, 14);
}

/** Registers a new user through the API and returns its signed-in agent. */
export async function registerUser(
  app: FastifyInstance,
  username = newUsername(),
  password = 'secret1',
) {
  const agent = new TestAgent(app);
  const response = await agent.post('/api/register', {
    username,
    email: `${username}@example.com`,
    password,
  });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { agent, username, password };
}

/** A player registered through the API: its signed-in agent, username and user id. */
export interface RegisteredPlayer {
  agent: TestAgent;
  username: string;
  id: number;
}

/** Registers a new user named after `prefix` (see `newUsername`) and reads its id. */
export async function registerPlayer(
  app: FastifyInstance,
  prefix?: string,
): Promise<RegisteredPlayer> {
  const { agent, username } = await registerUser(app, newUsername(prefix));
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`registered user ${username} not found`);
  return { agent, username, id: row.id };
}
