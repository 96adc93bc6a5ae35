import { eq } from 'drizzle-orm';
import type { NewGameQuery } from '@jotto/shared/game-schemas';
import type { PlayerSettings, UpdateSettingsBody } from '@jotto/shared/settings-schemas';
import { users } from '../db/account-tables.ts';
import type { Database } from '../db/database.ts';
import type { Viewer } from '../sessions/viewer.ts';

/**
 * Each setting's column of `users`, which has the setting's name on the wire (so that an update
 * sets the fields it is given): the one table a new setting joins, with its field in
 * `@jotto/shared/settings-schemas` and its column (a migration).
 */
const SETTING_COLUMNS: { [K in keyof PlayerSettings]: (typeof users)[K] } = {
  hardMode: users.hardMode,
  allowWatchers: users.allowWatchers,
};

/**
 * A signed-in player's settings (docs/PRODUCT.md, 'Settings'), kept on their account. A guest
 * has none on the server: their browser keeps them and sends what a request needs (the hard
 * flag of a new game, see `hardModeOfNewGame`).
 */
export class PlayerSettingsService {
  constructor(
    private readonly db: Database,
    /** After commit, when a player turned watching off: their spectators go (watching/). */
    private readonly watchingTurnedOff: (userId: number) => Promise<void> = async () => {},
  ) {}

  /** `GET /user/settings`: every setting of the account. */
  async read(userId: number): Promise<PlayerSettings> {
    const [row] = await this.db
      .select(SETTING_COLUMNS)
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    // The access check found the account in a live session: it exists.
    if (!row) throw new Error(`no account ${userId} for its settings`);
    return row;
  }

  /**
   * `POST /user/settings`: changes the settings given (the schema lets only known ones through,
   * at least one) in one statement, and answers them all as they now stand.
   */
  async update(userId: number, changes: UpdateSettingsBody): Promise<PlayerSettings> {
    const [row] = await this.db
      .update(users)
      .set(changes)
      .where(eq(users.id, userId))
      .returning(SETTING_COLUMNS);
    if (!row) throw new Error(`no account ${userId} for its settings`);
    if (changes.allowWatchers === false) await this.watchingTurnedOff(userId);
    return row;
  }
}

/**
 * Whether a new solo, daily or archive game is hard (docs/PRODUCT.md, 'Hard mode'): a signed-in
 * player's account setting, whatever the request says (one setting for every device, and no
 * way for a stale browser to override it); a guest's own setting, which their browser keeps and
 * sends as the query's `hard` (absent: not hard). Versus games never ask: they are never hard.
 */
export async function hardModeOfNewGame(
  db: Database,
  viewer: Viewer,
  query: NewGameQuery,
): Promise<boolean> {
  if (viewer.kind === 'guest') return query.hard === true;
  const [row] = await db
    .select({ hardMode: users.hardMode })
    .from(users)
    .where(eq(users.id, viewer.userId))
    .limit(1);
  return row?.hardMode ?? false;
}
