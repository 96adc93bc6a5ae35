import { clientPath } from '@jotto/shared/client-routes';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  registrationProblem,
  usernameKey,
  usernameProblem,
  usernameSkeleton,
} from '@jotto/shared/account-rules';
import type { LoginBody, RegisterBody, VerificationResponse } from '@jotto/shared/account-schemas';
import { isReservedUsername } from '@jotto/shared/computer-opponent';
import type { AppConfig } from '../config/config.ts';
import { type Database, rowsOf, type Transaction } from '../db/database.ts';
import { lockAccountDaily } from '../db/account-daily-lock.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { pushTokens, users } from '../db/account-tables.ts';
import { adoptGuestGames } from '../games/guest-games.ts';
import {
  ApiError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  unavailable,
} from '../errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../lib/password-hashing.ts';
import type { SignedInAccount } from '../sessions/route-access.ts';
import type { SessionIdentity, SessionStore } from '../sessions/session-store.ts';
import { hashToken, newOpaqueToken } from '../lib/secret-hashing.ts';
import { SocialSignInError } from './sign-in-error.ts';

export const ACCOUNT_ERRORS = {
  usernameTaken: 'That username is taken',
  emailTaken: 'That email is already registered',
  wrongCredentials: 'Wrong username or password',
  alreadyFinalized: 'Your username is already set',
  badVerifyLink: 'This verification link is not valid',
  alreadyVerified: 'Your e-mail address is already verified',
  nothingToVerify: 'This account has no e-mail address to verify',
  mailFailed: 'The e-mail could not be sent. Please try again later.',
  banned: 'This account is banned',
} as const;

/**
 * The unique indexes a taken username breaks: the same name in another case, or one that looks
 * the same (its skeleton).
 */
const USERNAME_CONSTRAINTS = ['users_username_lower_key', 'users_username_skeleton_key'];

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
  /** Announces games changed by a sign-in (a guest's games moved to the account). */
  gamesChanged: (gameIds: readonly number[]) => Promise<void>;
  mailer: Mailer;
  /** `linkBaseUrl`: where the verification link in the mail points. */
  config: Pick<AppConfig, 'linkBaseUrl'>;
  /** Keys the stored hash of verification codes. */
  sessionSecret: string;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

/**
 * Registration, login, finalize, verification and push tokens (docs/PRODUCT.md, 'Registration'
 * to 'Finalize'): the client's form rules enforced here too, memory-hard password hashes, a new
 * session id at every login, a guest's unfinished game carried over to the account.
 */
/** Accounts whose username skeleton one start-up statement fills (see fillUsernameSkeletons). */
const SKELETON_BATCH = 500;

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Makes the account, signs it in and mails its verification link. */
  async register(input: RegisterBody, current: SessionIdentity | null): Promise<StartedSession> {
    const problem = registrationProblem(input);
    if (problem) throw badRequest(problem);
    // The computer opponent's name, in any case, even before its account exists.
    if (isReservedUsername(input.username)) throw conflict(ACCOUNT_ERRORS.usernameTaken);
    const { db } = this.deps;
    const email = input.email.trim();
    // Checked first for a clear message; the unique indexes still decide under a race. A name
    // that looks like one taken ('AIice' beside 'Alice': the same skeleton) is taken too.
    const skeleton = usernameSkeleton(input.username);
    const [taken] = await db
      .select({ username: users.username, skeleton: users.usernameSkeleton })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${usernameKey(input.username)} OR ${users.usernameSkeleton} = ${skeleton} OR lower(${users.email}) = ${email.toLowerCase()}`,
      )
      .limit(1);
    if (taken) {
      throw conflict(
        taken.username?.toLowerCase() === usernameKey(input.username) || taken.skeleton === skeleton
          ? ACCOUNT_ERRORS.usernameTaken
          : ACCOUNT_ERRORS.emailTaken,
      );
    }
    const passwordHash = await hashPassword(input.password);
    const verifyCode = newOpaqueToken();
    let started: StartedSession & { movedGames: number[] };
    try {
      started = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            usernameSkeleton: skeleton,
            email,
            passwordHash,
            verifyCodeHash: hashToken(this.deps.sessionSecret, verifyCode),
          })
          .returning({ id: users.id, username: users.username });
        if (!user) throw new Error('insert returned no user');
        return this.startSession(tx, user.id, input.username, current, input.token);
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (USERNAME_CONSTRAINTS.includes(constraint ?? '')) {
        throw conflict(ACCOUNT_ERRORS.usernameTaken);
      }
      if (constraint === 'users_email_lower_key') throw conflict(ACCOUNT_ERRORS.emailTaken);
      throw error;
    }
    const signedIn = await this.announceSignIn(current, started);
    // After commit, and never fatal: the account exists whether or not the mail goes out.
    this.mailVerification(email, input.username, verifyCode).catch((err: unknown) => {
      this.deps.log.error({ err }, 'verification mail failed');
    });
    return signedIn;
  }

  /** Mails the link of the client's verify route, on the configured link base, for this code. */
  private mailVerification(email: string, username: string, verifyCode: string) {
    const link = `${this.deps.config.linkBaseUrl}${clientPath('/users/:username/verify/:verifyCode', { username, verifyCode })}`;
    return this.deps.mailer.sendVerification(email, username, link);
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
    const started = await this.deps.db.transaction((tx) =>
      this.startSession(tx, user.id, username, current, input.token),
    );
    return this.announceSignIn(current, started);
  }

  /** A social sign-in user claims a username, with the rules of registration. */
  async finalize(account: SignedInAccount, username: string): Promise<string> {
    if (account.username !== null) throw conflict(ACCOUNT_ERRORS.alreadyFinalized);
    const problem = usernameProblem(username);
    if (problem) throw badRequest(problem);
    if (isReservedUsername(username)) throw conflict(ACCOUNT_ERRORS.usernameTaken);
    try {
      const updated = await this.deps.db
        .update(users)
        .set({ username, usernameSkeleton: usernameSkeleton(username) })
        .where(and(eq(users.id, account.userId), isNull(users.username)))
        .returning({ id: users.id });
      if (updated.length === 0) throw conflict(ACCOUNT_ERRORS.alreadyFinalized);
      // Its sessions now speak for a user with a username: every node reads them again.
      await this.deps.sessions.changed({ userId: account.userId });
    } catch (error) {
      if (USERNAME_CONSTRAINTS.includes(violatedUniqueConstraint(error) ?? '')) {
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
    const actual = Buffer.from(hashToken(this.deps.sessionSecret, code), 'hex');
    if (!user || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw notFound(ACCOUNT_ERRORS.badVerifyLink);
    }
    if (user.verifiedAt === null) {
      await this.deps.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, user.id));
    }
  }

  /**
   * `GET /user/verification`: `pending` (with the address) while a mailed link waits to be
   * opened, `verified` once it was, `none` when no mail was ever sent (a social sign-in).
   */
  async verificationOf(userId: number): Promise<VerificationResponse> {
    const [user] = await this.deps.db
      .select({
        email: users.email,
        verifiedAt: users.verifiedAt,
        verifyCodeHash: users.verifyCodeHash,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (user?.verifiedAt) return { result: 'ok', verification: 'verified' };
    if (!user?.email || user.verifyCodeHash === null) return { result: 'ok', verification: 'none' };
    return { result: 'ok', verification: 'pending', email: user.email };
  }

  /**
   * `POST /user/verify/resend`: mails a new verification link. Only the keyed hash of a code is
   * kept, so the code of the first mail cannot be sent again: the new one replaces it, and the
   * links mailed before stop working. Refused once verified, or with nothing to verify. Unlike
   * at registration the player is waiting for this mail, so a failure is their answer (503).
   */
  async resendVerification(userId: number): Promise<void> {
    const verifyCode = newOpaqueToken();
    const [user] = await this.deps.db
      .update(users)
      .set({ verifyCodeHash: hashToken(this.deps.sessionSecret, verifyCode) })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.verifiedAt),
          isNotNull(users.verifyCodeHash),
          isNotNull(users.email),
          isNotNull(users.username),
        ),
      )
      .returning({ email: users.email, username: users.username });
    if (!user?.email || !user.username) {
      const state = await this.verificationOf(userId);
      throw conflict(
        state.verification === 'verified'
          ? ACCOUNT_ERRORS.alreadyVerified
          : ACCOUNT_ERRORS.nothingToVerify,
      );
    }
    try {
      await this.mailVerification(user.email, user.username, verifyCode);
    } catch (err) {
      this.deps.log.error({ err }, 'verification mail failed');
      throw unavailable(ACCOUNT_ERRORS.mailFailed);
    }
  }

  /**
   * Fills `username_skeleton` for accounts that have a username but no skeleton yet: every
   * account the first time a node starts after the column was added (none after that). Run at
   * start-up by every node, idempotently (a row is filled only while still empty). A name whose
   * skeleton an older account already has (both registered before the rule) keeps none and is
   * logged: nobody is renamed, and the older account's skeleton still keeps new look-alikes out.
   * Answers how many rows were filled.
   */
  async fillUsernameSkeletons(): Promise<number> {
    const { db } = this.deps;
    const missing = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.usernameSkeleton), sql`${users.username} IS NOT NULL`))
      .orderBy(users.id);
    let filled = 0;
    // One statement per batch: a row at a time kept a node of 100,000 accounts from starting
    // within a minute. A batch that meets a look-alike is done again a row at a time, oldest
    // first, so that the older account keeps the skeleton as before.
    for (let start = 0; start < missing.length; start += SKELETON_BATCH) {
      const batch = missing
        .slice(start, start + SKELETON_BATCH)
        .flatMap(({ id, username }) => (username === null ? [] : [{ id, username }]));
      if (batch.length === 0) continue;
      try {
        filled += await this.fillSkeletonBatch(batch);
      } catch (error) {
        if (violatedUniqueConstraint(error) !== 'users_username_skeleton_key') throw error;
        for (const row of batch) filled += await this.fillSkeletonOf(row);
      }
    }
    return filled;
  }

  /** One statement for the skeletons of `rows`, each set only while still empty. */
  private async fillSkeletonBatch(rows: { id: number; username: string }[]): Promise<number> {
    const values = sql.join(
      rows.map(({ id, username }) => sql`(${id}::int, ${usernameSkeleton(username)}::text)`),
      sql`, `,
    );
    const result = await this.deps.db.execute(sql`
      UPDATE ${users} SET username_skeleton = v.skeleton
      FROM (VALUES ${values}) AS v(id, skeleton)
      WHERE ${users.id} = v.id AND ${users.usernameSkeleton} IS NULL
      RETURNING ${users.id}`);
    return rowsOf(result).length;
  }

  /** One account's skeleton; none, with a warning, when an older look-alike has it. */
  private async fillSkeletonOf({ id, username }: { id: number; username: string }) {
    try {
      const updated = await this.deps.db
        .update(users)
        .set({ usernameSkeleton: usernameSkeleton(username) })
        .where(and(eq(users.id, id), isNull(users.usernameSkeleton)))
        .returning({ id: users.id });
      return updated.length;
    } catch (error) {
      if (violatedUniqueConstraint(error) !== 'users_username_skeleton_key') throw error;
      this.deps.log.warn(
        { userId: id },
        'username looks like an older one: kept, without a skeleton of its own',
      );
      return 0;
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

  /** Signs in the account behind a social sign-in (see social-accounts.ts). */
  async startSocialSession(
    userId: number,
    username: string | null,
    current: SessionIdentity | null,
  ): Promise<StartedSession<string | null>> {
    let started;
    try {
      started = await this.deps.db.transaction((tx) =>
        this.startSession(tx, userId, username, current, undefined),
      );
    } catch (error) {
      // A browser navigation: the login screen says it, with the code of its sentence.
      if (error instanceof ApiError && error.message === ACCOUNT_ERRORS.banned) {
        throw new SocialSignInError('banned', `account ${userId} is banned`);
      }
      throw error;
    }
    return this.announceSignIn(current, started);
  }

  /**
   * After a sign-in committed: the session it replaced has ended, everywhere (every node forgets
   * it; were it an account's, its sockets close and the account's seek follows the rule of
   * `MatchService.sessionsEnded`), and every node forgets the games that moved from the guest to
   * the account (see startSession). Answers the session started.
   */
  private async announceSignIn<Username extends string | null>(
    current: SessionIdentity | null,
    { movedGames, ...started }: StartedSession<Username> & { movedGames: number[] },
  ): Promise<StartedSession<Username>> {
    if (current) {
      await this.deps.sessions.ended([
        { sessionHash: current.sessionHash, userId: current.userId },
      ]);
    }
    await this.deps.gamesChanged(movedGames);
    return started;
  }

  /**
   * Signs a user in: a brand-new session id (never the old one), the old session deleted, and
   * a guest's unfinished games carried over to the account (docs/PRODUCT.md, 'Guests').
   */
  private async startSession<Username extends string | null>(
    tx: Transaction,
    userId: number,
    username: Username,
    current: SessionIdentity | null,
    pushToken: string | undefined,
  ): Promise<StartedSession<Username> & { movedGames: number[] }> {
    // A banned account signs in no more, by any way (docs/PRODUCT.md, 'Reports'). Read with a
    // share lock: a ban that is being written waits for this sign-in's commit and then ends its
    // session too, or this one waits for the ban and sees it.
    const [account] = await tx
      .select({ bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (account?.bannedAt) throw forbidden(ACCOUNT_ERRORS.banned);
    let movedGames: number[] = [];
    if (current) {
      if (current.userId === null) {
        await lockAccountDaily(tx, userId);
        movedGames = await adoptGuestGames(tx, current.sessionHash, userId);
      }
      await this.deps.sessions.destroy(current.sessionHash, tx);
    }
    const { sessionId, expiresAt } = await this.deps.sessions.create(userId, tx);
    if (pushToken) await this.savePushToken(userId, pushToken, tx);
    return { sessionId, expiresAt, username, movedGames };
  }
}
