import { clientPath } from '@jotto/shared/client-routes';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { registrationProblem, usernameKey, usernameProblem } from '@jotto/shared/account-rules';
import type { LoginBody, RegisterBody } from '@jotto/shared/account-schemas';
import type { AppConfig } from '../config.ts';
import type { Database, Transaction } from '../db/database.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { gamePlayers, pushTokens, users } from '../db/schema.ts';
import { badRequest, conflict, notFound, unauthorized } from '../errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../lib/password-hashing.ts';
import type { SessionIdentity, SessionStore } from '../sessions/session-store.ts';
import { hashToken, newOpaqueToken } from '../lib/secret-hashing.ts';

export const ACCOUNT_ERRORS = {
  usernameTaken: 'That username is taken',
  emailTaken: 'That email is already registered',
  wrongCredentials: 'Wrong username or password',
  alreadyFinalized: 'Your username is already set',
  badVerifyLink: 'This verification link is not valid',
} as const;

/**
 * A session just started: the cookie value to set, and the username signed in (null only for
 * a social sign-in that has not picked one yet).
 */
export interface StartedSession<Username extends string | null = string> {
  sessionId: string;
  expiresAt: Date;
  username: Username;
}

interface AccountServiceDeps {
  db: Database;
  sessions: SessionStore;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret'>;
  log: { error(details: object, message: string): void };
}

/**
 * Registration, login, finalize, verification and push tokens (spec §7, decisions §7): the
 * spec's form rules enforced here too, memory-hard password hashes, a new session id at every
 * login, a guest's unfinished game carried over to the account.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * `linkBase` is where the player reached us (PUBLIC_URL, or the request's own origin when it
   * is not set): the verification link in the mail points there.
   */
  async register(
    input: RegisterBody,
    current: SessionIdentity | null,
    linkBase: string,
  ): Promise<StartedSession> {
    const problem = registrationProblem(input);
    if (problem) throw badRequest(problem);
    const { db } = this.deps;
    const email = input.email.trim();
    // Checked first for a clear message; the unique indexes still decide under a race.
    const [taken] = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${usernameKey(input.username)} OR lower(${users.email}) = ${email.toLowerCase()}`,
      )
      .limit(1);
    if (taken) {
      throw conflict(
        taken.username?.toLowerCase() === usernameKey(input.username)
          ? ACCOUNT_ERRORS.usernameTaken
          : ACCOUNT_ERRORS.emailTaken,
      );
    }
    const passwordHash = await hashPassword(input.password);
    const verifyCode = newOpaqueToken();
    let started: StartedSession;
    try {
      started = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email,
            passwordHash,
            verifyCodeHash: hashToken(this.deps.config.sessionSecret, verifyCode),
          })
          .returning({ id: users.id, username: users.username });
        if (!user) throw new Error('insert returned no user');
        return this.startSession(tx, user.id, input.username, current, input.token);
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === 'users_username_lower_key') throw conflict(ACCOUNT_ERRORS.usernameTaken);
      if (constraint === 'users_email_lower_key') throw conflict(ACCOUNT_ERRORS.emailTaken);
      throw error;
    }
    // After commit, and never fatal: the account exists whether or not the mail goes out.
    const link = `${linkBase}${clientPath('/users/:username/verify/:verifyCode', { username: input.username, verifyCode })}`;
    this.deps.mailer.sendVerification(email, input.username, link).catch((err: unknown) => {
      this.deps.log.error({ err }, 'verification mail failed');
    });
    return started;
  }

  async login(input: LoginBody, current: SessionIdentity | null): Promise<StartedSession> {
    const [user] = await this.deps.db
      .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(input.username)}`)
      .limit(1);
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid || user.username === null)
      throw unauthorized(ACCOUNT_ERRORS.wrongCredentials);
    const username = user.username;
    return this.deps.db.transaction((tx) =>
      this.startSession(tx, user.id, username, current, input.token),
    );
  }

  /** A social sign-in user claims a username, with the rules of registration. */
  async finalize(session: SessionIdentity | null, username: string): Promise<string> {
    if (!session || session.userId === null) throw unauthorized();
    if (session.username !== null) throw conflict(ACCOUNT_ERRORS.alreadyFinalized);
    const problem = usernameProblem(username);
    if (problem) throw badRequest(problem);
    try {
      const updated = await this.deps.db
        .update(users)
        .set({ username })
        .where(and(eq(users.id, session.userId), isNull(users.username)))
        .returning({ id: users.id });
      if (updated.length === 0) throw conflict(ACCOUNT_ERRORS.alreadyFinalized);
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'users_username_lower_key') {
        throw conflict(ACCOUNT_ERRORS.usernameTaken);
      }
      throw error;
    }
    return username;
  }

  /** Marks the account verified when the code matches; the same link may be opened again. */
  async verify(username: string, code: string): Promise<void> {
    const [user] = await this.deps.db
      .select({ id: users.id, verifyCodeHash: users.verifyCodeHash, verifiedAt: users.verifiedAt })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .limit(1);
    const expected = Buffer.from(user?.verifyCodeHash ?? '', 'hex');
    const actual = Buffer.from(hashToken(this.deps.config.sessionSecret, code), 'hex');
    if (!user || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw notFound(ACCOUNT_ERRORS.badVerifyLink);
    }
    if (user.verifiedAt === null) {
      await this.deps.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, user.id));
    }
  }

  /** Remembers a device's push token for a user; a token moves to whoever sent it last. */
  async savePushToken(
    userId: number,
    token: string,
    executor: Database | Transaction = this.deps.db,
  ) {
    await executor
      .insert(pushTokens)
      .values({ token, userId })
      .onConflictDoUpdate({ target: pushTokens.token, set: { userId, createdAt: new Date() } });
  }

  /** Signs in the account behind a social sign-in (see auth/social-accounts.ts). */
  async startSocialSession(
    userId: number,
    username: string | null,
    current: SessionIdentity | null,
  ): Promise<StartedSession<string | null>> {
    return this.deps.db.transaction((tx) =>
      this.startSession(tx, userId, username, current, undefined),
    );
  }

  /**
   * Signs a user in: a brand-new session id (never the old one), the old session deleted, and
   * a guest's unfinished games carried over to the account (decisions §3).
   */
  private async startSession<Username extends string | null>(
    tx: Transaction,
    userId: number,
    username: Username,
    current: SessionIdentity | null,
    pushToken: string | undefined,
  ): Promise<StartedSession<Username>> {
    if (current) {
      if (current.userId === null) {
        await tx
          .update(gamePlayers)
          .set({ userId, guestSessionHash: null })
          .where(
            and(
              eq(gamePlayers.guestSessionHash, current.sessionHash),
              eq(gamePlayers.status, 'playing'),
            ),
          );
      }
      await this.deps.sessions.destroy(current.sessionHash, tx);
    }
    const { sessionId, expiresAt } = await this.deps.sessions.create(userId, tx);
    if (pushToken) await this.savePushToken(userId, pushToken, tx);
    return { sessionId, expiresAt, username };
  }
}
