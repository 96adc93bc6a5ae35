// `pnpm admin grant <username>` / `pnpm admin revoke <username>` (docs/PRODUCT.md, 'Admins'): sets
// or clears a user's admin flag in the database the configuration names (DATABASE_URL, else the
// embedded PGlite in DATA_DIR; stop the server first then, as PGlite serves one process at a time).
//
// Exit codes: 0 done (or already so), 1 no such user, 2 usage, 3 configuration or database
// problem.
//
// The flag shows at once on profiles; leaderboards show the star from their next refresh
// (within LEADERBOARD_REFRESH_SECONDS, 5 minutes by default). The CLI deliberately does not
// refresh them itself: snapshots are computed only by the periodic job, under its lock.
import { and, ne, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import { type AppConfig, ConfigError, loadConfig } from '../config/config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { users } from '../db/account-tables.ts';

const ADMIN_CLI_EXIT = { ok: 0, unknownUser: 1, usage: 2, failure: 3 } as const;

const USAGE = [
  'Usage: pnpm admin grant <username>    make a user an admin',
  '       pnpm admin revoke <username>   take the admin flag away',
  'The username is matched without regard to case.',
].join('\n');

type Action = 'grant' | 'revoke';

function parseArguments(args: string[]): { action: Action; username: string } | null {
  const [action, username, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !username || rest.length > 0) return null;
  return { action, username };
}

async function setAdmin(handle: DatabaseHandle, action: Action, username: string) {
  const admin = action === 'grant';
  const isNamed = sql`lower(${users.username}) = ${usernameKey(username)}`;
  const [changed] = await handle.db
    .update(users)
    .set({ admin })
    .where(and(isNamed, ne(users.admin, admin)))
    .returning({ username: users.username });
  if (changed?.username) return { username: changed.username, changed: true };
  const [unchanged] = await handle.db
    .select({ username: users.username })
    .from(users)
    .where(isNamed)
    .limit(1);
  return unchanged?.username ? { username: unchanged.username, changed: false } : null;
}

async function main(args: string[]): Promise<number> {
  const parsed = parseArguments(args);
  if (!parsed) {
    console.error(USAGE);
    return ADMIN_CLI_EXIT.usage;
  }
  let config: AppConfig;
  let handle: DatabaseHandle;
  try {
    config = loadConfig();
    handle = await openDatabase(config);
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Cannot open the database: ${error instanceof Error ? error.message : String(error)}`,
    );
    return ADMIN_CLI_EXIT.failure;
  }
  try {
    const result = await setAdmin(handle, parsed.action, parsed.username);
    if (!result) {
      console.error(`No user named "${parsed.username}".`);
      return ADMIN_CLI_EXIT.unknownUser;
    }
    const state = parsed.action === 'grant' ? 'an admin' : 'not an admin';
    console.log(
      result.changed
        ? `${result.username} is now ${state}. Leaderboards show the change at their next ` +
            `refresh (within ${config.leaderboardRefreshSeconds} s).`
        : `${result.username} is already ${state}; nothing changed.`,
    );
    return ADMIN_CLI_EXIT.ok;
  } catch (error) {
    console.error(`Database error: ${error instanceof Error ? error.message : String(error)}`);
    return ADMIN_CLI_EXIT.failure;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
