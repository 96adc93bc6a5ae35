import { Type } from 'typebox';
import { FORMATS } from './config-formats.ts';
import { rateLimit, variable, wholeNumber } from './config-declarations.ts';

// Groups of variables that each fill one field of the config object (config-variables.ts
// places them in the tree), declared once like the others.

export const RATE_LIMIT_VARIABLES = Type.Object({
  login: rateLimit(
    'RATE_LIMIT_LOGIN',
    10,
    'login attempts (and social sign-in callbacks) per address per minute.',
  ),
  loginAccount: rateLimit(
    'RATE_LIMIT_LOGIN_ACCOUNT',
    10,
    'login attempts per account per window, from any address; a browser that signed in to ' +
      'the account before has its own count.',
  ),
  loginAccountWindowSeconds: variable('RATE_LIMIT_ACCOUNT_WINDOW', wholeNumber(900, 1, 86_400), {
    section: 'rateLimits',
    description:
      'seconds of that window. Fixed: refused attempts do not extend it, so a lockout ends ' +
      'with it.',
  }),
  register: rateLimit('RATE_LIMIT_REGISTER', 5, 'registrations per address per minute.'),
  search: rateLimit('RATE_LIMIT_SEARCH', 60, 'user searches per address per minute.'),
  play: rateLimit(
    'RATE_LIMIT_PLAY',
    120,
    'guesses per minute, per account for a signed-in player (from any address) and per ' +
      'address for guests.',
  ),
  guestGames: rateLimit(
    'RATE_LIMIT_GUEST_GAMES',
    10,
    'games a guest (not signed in) may start per address per minute (each keeps a session ' +
      'and a game for 24 hours). Signed-in players are counted by the next one instead.',
  ),
  accountGames: rateLimit(
    'RATE_LIMIT_ACCOUNT_GAMES',
    30,
    'games a signed-in account may start per minute, counted per account whatever its ' +
      'address; by the same limit, counted apart, its games against the computer and the ' +
      'challenges it accepts (`POST /challenges/accept`, each of which starts a game).',
  ),
  challenges: rateLimit(
    'RATE_LIMIT_CHALLENGES',
    20,
    'challenges an account may send (`POST /challenges/new`, each of which may notify ' +
      'someone) per minute, from any address.',
  ),
  seeks: rateLimit(
    'RATE_LIMIT_SEEKS',
    20,
    "'Play now' seeks (`POST /match/seek`) per account per minute, from any address.",
  ),
  seekCancels: rateLimit(
    'RATE_LIMIT_SEEK_CANCELS',
    40,
    "'Play now' cancels (`POST /match/cancel`) per account per minute: twice the seeks, " +
      "because one wait may end in two (the page's as it is left, and the panel's) and a " +
      'refused cancel would leave the player in the queue, to be paired into a game they left.',
  ),
  analysis: rateLimit(
    'RATE_LIMIT_ANALYSIS',
    30,
    'post-game analyses (`GET /game/:id/analysis`, CPU-bound) per address per minute.',
  ),
  passwordReset: rateLimit(
    'RATE_LIMIT_PASSWORD_RESET',
    5,
    'password reset requests (`POST /password/forgot`) and resets (`POST /password/reset`) ' +
      'per address per minute. Whatever it is, one e-mail address gets at most 3 reset mails ' +
      'an hour.',
  ),
  verifyResend: rateLimit(
    'RATE_LIMIT_VERIFY_RESEND',
    3,
    'verification mails sent again (`POST /user/verify/resend`, each one mails someone) per ' +
      'address per minute.',
  ),
});

export const BOT_VARIABLES = Type.Object({
  moveDelayMs: variable(
    'BOT_MOVE_DELAY_MS',
    Type.String({
      format: 'ms-range',
      default: '3000-8000',
      expected: FORMATS['ms-range'].expected,
    }),
    {
      section: 'bot',
      description:
        'each move of the computer waits a delay drawn uniformly from this range after its ' +
        "previous move (or the game's start), like a person thinking. Tests set a short one " +
        '(`50-150`).',
    },
  ),
  leaseMs: variable('BOT_LEASE_MS', wholeNumber(15_000, 100, 600_000), {
    section: 'bot',
    description:
      'how long the node that claimed a move may take to make it. A node that stops ' +
      'meanwhile leaves its claim to expire; another node then makes the move. Longer than ' +
      'any move takes (a few database statements), short enough that a game waits little ' +
      'when a node dies.',
  }),
});

export const METRICS_VARIABLES = Type.Object({
  token: variable(
    'METRICS_TOKEN',
    Type.Optional(
      Type.String({
        pattern: '^[\\x21-\\x7E]{16,}$',
        writeOnly: true,
        expected: 'at least 16 printable ASCII characters without spaces',
      }),
    ),
    {
      section: 'logs',
      description: '`GET /metrics` then requires `Authorization: Bearer <token>` (401 otherwise).',
    },
  ),
  // After PORT: ajv has made PORT a number (or applied its default) by the time this compares.
  port: variable(
    'METRICS_PORT',
    Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 65535,
        finite: true,
        not: { const: { $data: '1/PORT' } },
        expected: 'a whole number from 1 to 65535 other than PORT',
      }),
    ),
    {
      section: 'logs',
      description:
        "serve `GET /metrics` on this port (on `HOST`, not `PORT`) instead, where the app's " +
        'port then answers 404 for it. Unset, it is on `PORT`, open unless `METRICS_TOKEN` ' +
        'is set.',
    },
  ),
});
