import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { passwordProblem } from '@jotto/shared/account-rules';
import { clientPath } from '@jotto/shared/client-routes';
import type { AppConfig } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { passwordResetTokens, sessions, users } from '../db/account-tables.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { hashPassword } from '../lib/password-hashing.ts';
import { hashToken, newOpaqueToken } from '../lib/secret-hashing.ts';
import type { SessionStore } from '../sessions/session-store.ts';

/** A reset link works for an hour (docs/PRODUCT.md, 'Password reset'). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export const PASSWORD_RESET_ERRORS = {
  badLink: 'This reset link is not valid or has expired',
} as const;

interface PasswordResetDeps {
  db: Database;
  sessions: SessionStore;
  mailer: Mailer;
  /** `linkBaseUrl`: where the reset link in the mail points. */
  config: Pick<AppConfig, 'linkBaseUrl'>;
  /** Keys the stored hash of reset tokens. */
  sessionSecret: string;
  log: {
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

/**
 * Password reset (docs/PRODUCT.md, 'Password reset'): the way back into an account whose
 * password is forgotten, or which someone locked by guessing (ten wrong passwords lock an
 * account for 15 minutes on every browser that has not signed in to it before).
 *
 * A request mails a single-use link, valid for an hour, to the account with that address; its
 * answer is the same whatever the address (and comes before any of that work is done), so it
 * tells nobody which addresses have accounts. The link carries a random token; only its keyed
 * hash is stored, as for sessions and verification codes. Using it sets the new password, ends
 * every session of the account (closing their sockets and cancelling the account's 'Play now'
 * seek) and, since the per-account login count is keyed by the password (see
 * login-throttle.ts), clears the account's login lock.
 */
export class PasswordResetService {
  /** Requests whose mail is still being worked on: the app waits for them when it closes. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordResetDeps) {}

  /**
   * `POST /password/forgot`: starts the work and returns at once. The account is looked up,
   * the link made and mailed after the answer, so that the answer's content and timing are the
   * same for an address with an account and one without. `mayMail` says whether this address
   * may receive another reset mail now (a cap per address, so that nobody can flood someone's
   * inbox); it is asked only for an address that has an account.
   */
  requestReset(email: string, mayMail: () => Promise<boolean>): void {
    const work = this.mailResetLink(email.trim(), mayMail)
      .catch((err: unknown) => this.deps.log.error({ err }, 'password reset mail failed'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Waits for the reset mails under way (at close). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  private async mailResetLink(email: string, mayMail: () => Promise<boolean>): Promise<void> {
    const { db, config, mailer, sessionSecret } = this.deps;
    const [account] = await db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNotNull(users.username)))
      .limit(1);
    if (!account?.username || !account.email) return;
    if (!(await mayMail())) {
      this.deps.log.info({ userId: account.id }, 'password reset mail not sent: too many lately');
      return;
    }
    const token = newOpaqueToken();
    await db.insert(passwordResetTokens).values({
      tokenHash: hashToken(sessionSecret, token),
      userId: account.id,
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
    const link = `${config.linkBaseUrl}${clientPath('/reset/:token', { token })}`;
    await mailer.sendPasswordReset(account.email, account.username, link);
  }

  /**
   * `POST /password/reset`: checks the new password with the rules of registration (400 with
   * their message, the link kept), then uses the link (404 when it is unknown, used or
   * expired), sets the password and ends every session of the account, in one transaction.
   * Answers the account's id.
   */
  async resetPassword(token: string, password: string): Promise<number> {
    const problem = passwordProblem(password);
    if (problem) throw badRequest(problem);
    const { db, sessionSecret } = this.deps;
    const tokenHash = hashToken(sessionSecret, token);
    const live = and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      gt(passwordResetTokens.expiresAt, sql`now()`),
    );
    // Looked up before hashing: a made-up token costs no argon2 work.
    const [link] = await db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(live)
      .limit(1);
    if (!link) throw notFound(PASSWORD_RESET_ERRORS.badLink);
    const passwordHash = await hashPassword(password);
    const reset = await db.transaction(async (tx) => {
      // Deleting the token is what uses it: of two requests with the same link, one finds it.
      const [used] = await tx
        .delete(passwordResetTokens)
        .where(live)
        .returning({ userId: passwordResetTokens.userId });
      if (!used) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
      // The account's other links go too: the password they were for is gone.
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, used.userId));
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, used.userId))
        .returning({ sessionHash: sessions.idHash });
      return { userId: used.userId, sessionHashes: ended.map((row) => row.sessionHash) };
    });
    if (!reset) throw notFound(PASSWORD_RESET_ERRORS.badLink);
    // The rows went with the transaction; the store tells every node to drop its copies, and
    // what hangs on those sessions goes with them (their sockets, the account's 'Play now' seek).
    await this.deps.sessions.ended(
      reset.sessionHashes.map((sessionHash) => ({ sessionHash, userId: reset.userId })),
    );
    return reset.userId;
  }

  /** Removes the links past their hour (see ExpiredDataPurgeJob); answers how many. */
  async purgeExpired(): Promise<number> {
    const removed = await this.deps.db
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, new Date()))
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    return removed.length;
  }
}
