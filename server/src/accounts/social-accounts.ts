import { and, eq, sql } from 'drizzle-orm';
import type { SocialProvider } from '@jotto/shared/social-sign-in';
import type { Database } from '../db/database.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { socialAccounts, users } from '../db/account-tables.ts';
import type { SocialIdentity } from './oauth-flow.ts';

/** Our account behind a social sign-in; `username` is null until the player finalizes. */
export interface SocialAccount {
  userId: number;
  username: string | null;
}

const LINK_KEY = 'social_accounts_provider_provider_user_id_pk';
const EMAIL_KEY = 'users_email_lower_key';

async function findLinked(
  db: Database,
  provider: SocialProvider,
  providerUserId: string,
): Promise<SocialAccount | null> {
  const [row] = await db
    .select({ userId: users.id, username: users.username })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(
      and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)),
    )
    .limit(1);
  return row ?? null;
}

async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/**
 * The account linked to this provider account, or a new one (without a username) linked to it.
 *
 * Linking never merges: one (provider, provider user id) belongs to exactly one account, and a
 * provider account we have not seen always gets a new account of its own, even when the
 * browser is signed in as someone else or the e-mail is one we know. Linking by e-mail would
 * let anyone who gets a provider to vouch for an address (an unverified Facebook e-mail, a
 * recycled mail domain) take over the account registered with it. So the e-mail is only kept
 * on the new account, and only when no other account has it.
 */
export async function findOrCreateSocialAccount(
  db: Database,
  provider: SocialProvider,
  identity: SocialIdentity,
): Promise<SocialAccount> {
  const { providerUserId } = identity;
  const linked = await findLinked(db, provider, providerUserId);
  if (linked) return linked;
  let email =
    identity.email !== null && !(await emailTaken(db, identity.email)) ? identity.email : null;
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ email }).returning({ id: users.id });
        if (!user) throw new Error('insert returned no user');
        await tx.insert(socialAccounts).values({ provider, providerUserId, userId: user.id });
        return { userId: user.id, username: null };
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      // Two first sign-ins of one provider account at once: the other one made the link.
      if (constraint === LINK_KEY) {
        const winner = await findLinked(db, provider, providerUserId);
        if (winner) return winner;
      }
      // Someone registered the e-mail meanwhile: it stays theirs; this account goes without.
      if (constraint === EMAIL_KEY && email !== null) {
        email = null;
        continue;
      }
      throw error;
    }
  }
}
