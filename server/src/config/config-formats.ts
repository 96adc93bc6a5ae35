import { isIP } from 'node:net';
import type { KeywordDefinition } from 'ajv';

// The values JSON Schema cannot describe, each as a format of its own (config-variables.ts
// declares which variable has which): what a value must be, in the words of the manual, and
// every problem of a value, in the words a person setting the variable needs. At the end, the
// one keyword of our own, `finite`.

/** Every problem of a value (none: valid), each naming the variable. */
type FormatProblems = (name: string, value: string) => string[];

/** One format: the values it accepts, as the manual lists them, and how a value is refused. */
interface Format {
  /** Completes "(…)" after the variable's default in docs/CONFIGURATION.md. */
  expected: string;
  problems: FormatProblems;
}

export const TRUE_WORDS = ['1', 'true', 'yes'];
const FALSE_WORDS = ['0', 'false', 'no'];

/** A comma-separated list, its entries trimmed, empty ones dropped. */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The sources of a CSP_*_SRC variable, separated by spaces or commas. */
export const cspSourcesOf = (value: string) => value.split(/[\s,]+/).filter(Boolean);

const urlWith =
  (protocols: string[]): FormatProblems =>
  (name, value) => {
    if (!URL.canParse(value)) return [`${name} must be a URL (got "${value}")`];
    const { protocol } = new URL(value);
    return protocols.includes(protocol)
      ? []
      : [`${name} must use ${protocols.join(' or ')} (got "${protocol}")`];
  };

const isOrigin = (value: string) =>
  URL.canParse(value) &&
  new URL(value).origin !== 'null' &&
  value.replace(/\/$/, '') === new URL(value).origin;

// A CSP host source with its scheme (https://cdn.example, wss://push.example:443,
// https://*.example/path/); keywords such as 'unsafe-inline' and bare schemes are refused,
// so configuration can add a third party but cannot switch the policy off.
const CSP_SOURCE =
  /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?(\/[^\s;,'"]*)?$/;

// proxy-addr, under Fastify, also knows these names of address ranges.
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  const validPrefix =
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
  return family !== 0 && validPrefix && extra === undefined;
};

// TRUST_PROXY: a hop count, or a list of proxy addresses/CIDRs. `true` is refused: it trusts
// every X-Forwarded-For entry, the left-most of which the client writes itself, so a client
// could pick the address its rate limits count under.
const trustProxyProblems: FormatProblems = (name, value) => {
  if (FALSE_WORDS.includes(value.toLowerCase())) return [];
  if (/^\d+$/.test(value)) {
    return Number(value) > 16 ? [`${name} as a hop count must be 0 to 16 (got "${value}")`] : [];
  }
  if (TRUE_WORDS.includes(value.toLowerCase())) {
    return [
      `${name}=true would trust addresses the client writes itself; set the number of proxies in front of the app (e.g. 1) or their addresses`,
    ];
  }
  return listOf(value)
    .filter((entry) => !isProxyAddress(entry))
    .map(
      (entry) =>
        `${name} must be a hop count or a list of addresses or CIDRs like 10.0.0.0/8 (got "${entry}")`,
    );
};

/** Which proxies may name the client, as Fastify's `trustProxy` takes it (never `true`). */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY once valid: false, a hop count, or the proxies' addresses and ranges. */
export const parseTrustProxy = (value: string): TrustProxy =>
  FALSE_WORDS.includes(value.toLowerCase())
    ? false
    : /^\d+$/.test(value)
      ? Number(value)
      : listOf(value);

/** BOT_MOVE_DELAY_MS: `min-max` in milliseconds, the first no more than the second. */
const MS_RANGE = /^(\d{1,7})-(\d{1,7})$/;
const msRangeProblems: FormatProblems = (name, value) => {
  const range = MS_RANGE.exec(value);
  if (!range) return [`${name} must be a range of milliseconds like 3000-8000 (got "${value}")`];
  return Number(range[1]) <= Number(range[2])
    ? []
    : [`${name} must not start above its end (got "${value}")`];
};

/** An ms-range value once valid, as its two bounds. */
export const parseMsRange = (value: string) => {
  const [, min = '0', max = '0'] = MS_RANGE.exec(value) ?? [];
  return { min: Number(min), max: Number(max) };
};

export const FORMATS = {
  flag: {
    expected: 'true or false; also 1 or 0, yes or no',
    problems: (name, value) =>
      [...TRUE_WORDS, ...FALSE_WORDS].includes(value.toLowerCase())
        ? []
        : [`${name} must be true or false (got "${value}")`],
  },
  'http-url': { expected: 'an http:// or https:// URL', problems: urlWith(['http:', 'https:']) },
  'postgres-url': {
    expected: 'a postgres:// or postgresql:// URL',
    problems: urlWith(['postgres:', 'postgresql:']),
  },
  'redis-url': {
    expected: 'a redis:// or rediss:// URL',
    problems: urlWith(['redis:', 'rediss:']),
  },
  'smtp-url': { expected: 'an smtp:// or smtps:// URL', problems: urlWith(['smtp:', 'smtps:']) },
  'origin-list': {
    expected: 'comma-separated origins like https://play.example.com',
    problems: (name, value) =>
      listOf(value)
        .filter((entry) => !isOrigin(entry))
        .map((entry) => `${name} must list origins like https://play.example.com (got "${entry}")`),
  },
  'csp-sources': {
    expected: 'host sources with their scheme, separated by spaces or commas',
    problems: (name, value) =>
      cspSourcesOf(value)
        .filter((source) => !CSP_SOURCE.test(source))
        .map(
          (source) =>
            `${name} must list sources like https://cdn.example.com or wss://push.example.com (got "${source}")`,
        ),
  },
  'trust-proxy': {
    expected: 'false, a hop count from 0 to 16, or comma-separated addresses and CIDRs',
    problems: trustProxyProblems,
  },
  'ms-range': {
    expected: 'a range of milliseconds like 3000-8000, its start no more than its end',
    problems: msRangeProblems,
  },
  // The JSON itself, or a path to the file (read when push starts).
  'service-account': {
    expected: 'a service account JSON, or the path to its file',
    problems: (name, value) => {
      if (!value.startsWith('{')) return [];
      try {
        const parsed = JSON.parse(value) as Record<string, unknown>;
        if (typeof parsed.private_key === 'string' && typeof parsed.client_email === 'string') {
          return [];
        }
      } catch {
        // Reported below, without the value: it holds a private key.
      }
      return [
        `${name} must be a service account JSON (with private_key and client_email) or a path to one`,
      ];
    },
  },
} satisfies Record<string, Format>;

export type FormatName = keyof typeof FORMATS;

/** Whether a format named in a schema (or in an ajv error) is one of ours. */
export const isFormatName = (name: string): name is FormatName => Object.hasOwn(FORMATS, name);

// ajv's type coercion makes "Infinity" or "1e999" the number Infinity, for which it then skips
// minimum and maximum (they apply to finite numbers); `finite: true` refuses such a value.
export const FINITE_KEYWORD: KeywordDefinition = {
  keyword: 'finite',
  schemaType: 'boolean',
  errors: false,
  validate: (finite: boolean, value: unknown) =>
    !finite || typeof value !== 'number' || Number.isFinite(value),
};
