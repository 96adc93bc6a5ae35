import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded set-up', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      apiPrefix: '/api',
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      clientOrigins: [],
      publicUrl: null,
      linkBaseUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      // Unset: the app makes and stores random ones at start-up (db/app-secrets.ts).
      sessionSecret: null,
      dailySecret: null,
      crossSiteClient: false,
      cookieSecure: false,
    });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      API_PREFIX: '/v1/api',
      DATABASE_URL: 'postgres://u@db:5432/jotto',
      DATA_DIR: 'memory://',
      REDIS_URL: 'redis://cache:6379',
      CLIENT_ORIGIN: 'https://a.example, https://b.example',
      SESSION_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://jotto.example/',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.5, ::1, uniquelocal',
      RATE_LIMIT_LOGIN: '7',
      RATE_LIMIT_GUEST_GAMES: '3',
      RATE_LIMIT_LOGIN_ACCOUNT: '4',
      RATE_LIMIT_ACCOUNT_WINDOW: '60',
      CSP_CONNECT_SRC: 'https://fcm.googleapis.com, wss://push.example:8443',
      CSP_SCRIPT_SRC: 'https://*.gstatic.com/firebasejs/',
      METRICS_TOKEN: 'a-long-metrics-token-1234',
      METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      apiPrefix: '/v1/api',
      databaseUrl: 'postgres://u@db:5432/jotto',
      dataDir: 'memory://',
      redisUrl: 'redis://cache:6379',
      clientOrigins: ['https://a.example', 'https://b.example'],
      sessionSecret: 'x'.repeat(32),
      dailySecret: null,
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://jotto.example',
      linkBaseUrl: 'https://jotto.example',
      logLevel: 'debug',
      trustProxy: ['10.0.0.0/8', '192.168.1.5', '::1', 'uniquelocal'],
      crossSiteClient: true,
      cookieSecure: true,
    });
    expect(config.rateLimits.login).toBe(7);
    expect(config.rateLimits).toMatchObject({
      guestGames: 3,
      loginAccount: 4,
      loginAccountWindowSeconds: 60,
    });
    expect(config.contentSecurityPolicy).toEqual({
      connectSrc: ['https://fcm.googleapis.com', 'wss://push.example:8443'],
      scriptSrc: ['https://*.gstatic.com/firebasejs/'],
      imgSrc: [],
    });
    expect(config.metrics).toEqual({ token: 'a-long-metrics-token-1234', port: 9464 });
  });

  it('bounds sockets, game creation, password resets, idle games and database waits', () => {
    expect(loadConfig({})).toMatchObject({
      realtime: { socketsPerSession: 8, socketsPerAccount: 20 },
      rateLimits: {
        accountGames: 30,
        passwordReset: 5,
        challenges: 20,
        seeks: 20,
        seekCancels: 40,
      },
      idleSoloGameDays: 30,
      databaseTimeouts: { statementTimeoutMs: 5_000, lockTimeoutMs: 2_000 },
    });
    const config = loadConfig({
      SOCKETS_PER_SESSION: '2',
      SOCKETS_PER_ACCOUNT: '5',
      RATE_LIMIT_ACCOUNT_GAMES: '12',
      RATE_LIMIT_PASSWORD_RESET: '3',
      IDLE_SOLO_GAME_DAYS: '7',
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      DATABASE_LOCK_TIMEOUT_MS: '500',
    });
    expect(config).toMatchObject({
      realtime: { socketsPerSession: 2, socketsPerAccount: 5 },
      rateLimits: { accountGames: 12, passwordReset: 3 },
      idleSoloGameDays: 7,
      databaseTimeouts: { statementTimeoutMs: 3_000, lockTimeoutMs: 500 },
    });
    expect(() => loadConfig({ SOCKETS_PER_SESSION: '0' })).toThrow(
      'SOCKETS_PER_SESSION must be a whole number from 1 to 1000 (got "0")',
    );
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '10' })).toThrow(
      'DATABASE_LOCK_TIMEOUT_MS must be a whole number from 100 to 3600000 (got "10")',
    );
  });

  it('builds links on PUBLIC_URL, else on localhost and PORT, never on a request', () => {
    expect(loadConfig({ PORT: '8080' }).linkBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://jotto.example/play/' }).linkBaseUrl).toBe(
      'https://jotto.example/play',
    );
  });

  it('refuses to start in production without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'PUBLIC_URL must be set when NODE_ENV=production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(
      'PUBLIC_URL must be set when NODE_ENV=production',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://jotto.example' }),
    ).toMatchObject({ nodeEnv: 'production', publicUrl: 'https://jotto.example' });
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(loadConfig({ NODE_ENV: nodeEnv })).toMatchObject({ nodeEnv, publicUrl: null });
    }
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(
      'NODE_ENV must be one of development, production, test (got "staging")',
    );
  });

  it('logs pretty to a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: ' ' }, false).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(
      'LOG_FORMAT must be one of pretty, json (got "text")',
    );
  });

  it('takes TRUST_PROXY as a hop count or addresses, and never as true', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const [value, message] of [
      ['true', 'TRUST_PROXY=true would trust addresses the client writes itself'],
      ['yes', 'TRUST_PROXY=true would trust addresses the client writes itself'],
      ['10.0.0.0/40', 'TRUST_PROXY must be a hop count or a list of addresses'],
      ['10.0.0.1, proxy.example', 'TRUST_PROXY must be a hop count or a list of addresses'],
      ['17', 'TRUST_PROXY as a hop count must be 0 to 16'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value! }), value).toThrow(message);
    }
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'not a url',
        SESSION_SECRET: 'short',
        CLIENT_ORIGIN: 'https://ok.example/path',
        LOG_LEVEL: 'loud',
        LOG_FORMAT: 'fancy',
        API_PREFIX: 'api',
        TRUST_PROXY: 'maybe',
        CSP_SCRIPT_SRC: "https://ok.example 'unsafe-inline'",
        CSP_IMG_SRC: 'https:',
        METRICS_TOKEN: 'short',
        METRICS_PORT: '70000',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'SESSION_SECRET',
      'CLIENT_ORIGIN',
      'LOG_LEVEL',
      'LOG_FORMAT',
      'API_PREFIX',
      'TRUST_PROXY',
      'CSP_SCRIPT_SRC',
      'CSP_IMG_SRC',
      'METRICS_TOKEN',
      'METRICS_PORT',
    ]) {
      expect(problems).toContain(name);
    }
    expect(problems).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
  });

  it('refuses a number too large to be finite, which JSON Schema coercion lets through', () => {
    for (const value of ['Infinity', '-Infinity', '1e999']) {
      expect(() => loadConfig({ PORT: value }), value).toThrow(
        `PORT must be a whole number from 0 to 65535 (got "${value}")`,
      );
    }
    expect(loadConfig({ PORT: '8e3' }).port).toBe(8000);
  });

  it('keeps METRICS_PORT off PORT, its default included, among the other problems', () => {
    expect(loadConfig({ PORT: '8080', METRICS_PORT: '3000' }).metrics.port).toBe(3000);
    let error: unknown;
    try {
      loadConfig({ METRICS_PORT: '3000', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'METRICS_PORT must be a whole number from 1 to 65535 other than PORT (got "3000")',
    ]);
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(
      'METRICS_PORT must be a whole number from 1 to 65535 other than PORT (got "9464")',
    );
  });

  it('never repeats the value of a secret in a problem', () => {
    const secrets = {
      SESSION_SECRET: 'secret-too-short',
      METRICS_TOKEN: 'token with spaces 123',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret with spaces',
      FIREBASE_SERVICE_ACCOUNT: '{"private_key": "-----BEGIN PRIVATE KEY-----"}',
    };
    let error: unknown;
    try {
      loadConfig(secrets);
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    for (const value of Object.values(secrets).filter((value) => value !== 'id')) {
      expect(problems.join('\n')).not.toContain(value);
    }
  });
});

describe('RATE_LIMIT_VERIFY_RESEND', () => {
  it('limits verification mails sent again to 3 per address per minute unless set', () => {
    expect(loadConfig({}).rateLimits.verifyResend).toBe(3);
    expect(loadConfig({ RATE_LIMIT_VERIFY_RESEND: '1' }).rateLimits.verifyResend).toBe(1);
    expect(() => loadConfig({ RATE_LIMIT_VERIFY_RESEND: '0' })).toThrow(
      'RATE_LIMIT_VERIFY_RESEND must be a whole number from 1 to 1000000 (got "0")',
    );
  });
});

describe('the computer opponent’s pace', () => {
  it('waits 3 to 8 s a move and leases a move 15 s, unless set', () => {
    expect(loadConfig({}).bot).toEqual({
      moveDelayMs: { min: 3000, max: 8000 },
      leaseMs: 15_000,
    });
    expect(loadConfig({ BOT_MOVE_DELAY_MS: '50-150', BOT_LEASE_MS: '1500' }).bot).toEqual({
      moveDelayMs: { min: 50, max: 150 },
      leaseMs: 1500,
    });
    expect(loadConfig({ BOT_MOVE_DELAY_MS: '0-0' }).bot.moveDelayMs).toEqual({ min: 0, max: 0 });
  });

  it('refuses a range that is not one, or runs backwards', () => {
    expect(() => loadConfig({ BOT_MOVE_DELAY_MS: '3000' })).toThrow(
      'BOT_MOVE_DELAY_MS must be a range of milliseconds like 3000-8000 (got "3000")',
    );
    expect(() => loadConfig({ BOT_MOVE_DELAY_MS: '8000-3000' })).toThrow(
      'BOT_MOVE_DELAY_MS must not start above its end (got "8000-3000")',
    );
    expect(() => loadConfig({ BOT_LEASE_MS: '0' })).toThrow(
      'BOT_LEASE_MS must be a whole number from 100 to 600000 (got "0")',
    );
  });
});
