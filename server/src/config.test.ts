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
      sessionSecretIsDefault: true,
      crossSiteClient: false,
      cookieSecure: false,
    });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../data'));
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
      sessionSecretIsDefault: false,
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://jotto.example',
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
});
