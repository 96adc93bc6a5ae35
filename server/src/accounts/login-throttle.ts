import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { usernameKey } from '@jotto/shared/account-rules';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/config.ts';
import { users } from '../db/account-tables.ts';
import { ApiError } from '../errors.ts';

/**
 * Names the browser that last signed in to an account with its password. Signed with
 * the session secret (so it cannot be made up), httpOnly, sent only to the login route.
 */
export const DEVICE_COOKIE = 'jotto_device';
// Long enough to outlast any break between two visits of a real player.
const DEVICE_COOKIE_DAYS = 365;

/** A short, stable stand-in for an account name inside keys and cookies. */
const accountHash = (username: string) =>
  createHash('sha256').update(usernameKey(username)).digest('base64url').slice(0, 22);

// Function properties, not methods: they use no `this`, and check is handed to Fastify as is.
export interface LoginThrottle {
  /** preHandler of the login route: a 429 once the attempts on this account are used up. */
  check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** After a successful sign-in with a password: this browser now knows the account. */
  remember: (request: FastifyRequest, reply: FastifyReply, username: string) => void;
}

/**
 * The per-account login limit (docs/PRODUCT.md, 'Rate limits'), on top of the per-address one: at most
 * RATE_LIMIT_LOGIN_ACCOUNT attempts on one account per RATE_LIMIT_ACCOUNT_WINDOW seconds,
 * counted across nodes like every limit (and per node while Redis is away).
 *
 * Why these choices: a per-account limit stops a guesser who spreads over many addresses, but
 * the guesser can also use it to keep the owner out. So:
 * - Windows are short and fixed (the plugin's defaults: no `continueExceeding`, no
 *   `exponentialBackoff`): refused attempts are counted but never move the window's end, so
 *   a lockout lasts at most one window from its first attempt, however long the guessing goes
 *   on. Exponential back-off was ruled out because each refused attempt would lengthen it:
 *   exactly the "locked out indefinitely" an attacker wants.
 * - A browser that has signed in to the account before (a signed device cookie naming the
 *   account, set at every password sign-in and at registration) is counted on its own, not in
 *   the account's shared count, so the owner's usual browser is never locked out by someone
 *   else's guessing (OWASP's "device cookies"). It gets the same limit, so a stolen device
 *   cookie is no free pass either.
 * A guesser thus gets at most the limit per window per account (plus the per-address limit
 * per address), and the owner's own browser is never blocked by it. The owner on a browser
 * the account has never seen shares the count with the guesser: blocked for the rest of a
 * window at a time, for as long as a guesser keeps using up every window (the price of
 * limiting a guesser who has many addresses; any per-account limit has it).
 */
export function createLoginThrottle(app: FastifyInstance, config: AppConfig): LoginThrottle {
  const { loginAccount, loginAccountWindowSeconds } = config.rateLimits;
  const cookieOptions = {
    httpOnly: true,
    path: `${config.apiPrefix}/login`,
    sameSite: config.crossSiteClient ? ('none' as const) : ('lax' as const),
    secure: config.crossSiteClient || config.cookieSecure,
    signed: true,
  };

  /** The device id of this browser's cookie if it names this account, else null. */
  const knownDevice = (request: FastifyRequest, account: string): string | null => {
    const raw = request.cookies[DEVICE_COOKIE];
    if (raw === undefined || raw.length > 200) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    const [device, forAccount] = unsigned.value.split('.');
    return device && forAccount === account ? device : null;
  };

  /**
   * A short stand-in for the account's current password (empty without an account or a
   * password). It is part of the keys, so a new password (a password reset, the way out of a
   * lock) starts new counts on every node and in Redis alike: the lock ends with the old password.
   */
  const passwordEpoch = async (username: string): Promise<string> => {
    const [account] = await app.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .limit(1);
    if (!account?.passwordHash) return '';
    return `.${createHash('sha256').update(account.passwordHash).digest('base64url').slice(0, 10)}`;
  };

  const limiter = app.createRateLimit({
    max: loginAccount,
    timeWindow: loginAccountWindowSeconds * 1000,
    keyGenerator: async (request) => {
      const { username } = request.body as { username: string };
      const account = accountHash(username);
      const device = knownDevice(request, account);
      const epoch = await passwordEpoch(username);
      return device === null
        ? `login-account:${account}${epoch}`
        : `login-device:${account}:${device}${epoch}`;
    },
  });

  return {
    async check(request, reply) {
      const outcome = await limiter(request);
      if (outcome.isAllowed || !outcome.isExceeded) return;
      reply.header('retry-after', outcome.ttlInSeconds);
      throw new ApiError(
        429,
        `Too many sign-in attempts for this account. Try again in ${outcome.ttlInSeconds} seconds.`,
      );
    },

    remember(request, reply, username) {
      const account = accountHash(username);
      const device = knownDevice(request, account) ?? randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${device}.${account}`, {
        ...cookieOptions,
        maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
      });
    },
  };
}
