import { eq, type SQL, sql } from 'drizzle-orm';
import { gamePlayers } from '../db/game-tables.ts';
import type { Viewer } from '../sessions/viewer.ts';

/**
 * The one rule of whose game it is: a player's row (`game_players`) belongs to an account by its
 * `user_id`, or to a guest by the guest session itself (`guest_session_hash`, for 24 hours,
 * until the guest signs in and the row moves to the account). Who a session speaks for is
 * `viewerOfSession`; this says which rows that viewer owns.
 *
 * Written once, as this table of owner kinds, and rendered four ways: the owner columns of a
 * new row (`ownerColumnsOf`), a Drizzle condition on
 * `game_players` (`ownedBy`), a condition on a batch's input row whose owner is data
 * (`ownedByInputRow`), and the check of a side already in memory (`ownsSide`).
 * `server/test/game-ownership.test.ts` holds the three together on a table of viewers and rows.
 */
const OWNER_KINDS = {
  user: { column: gamePlayers.userId, field: 'userId' },
  guest: { column: gamePlayers.guestSessionHash, field: 'guestSessionHash' },
} as const;

export type OwnerKind = keyof typeof OWNER_KINDS;

/** The owner columns of a player's row. */
export interface SideOwner {
  userId: number | null;
  guestSessionHash: string | null;
}

/** What a viewer owns rows by: the kind of owner, and the value its column must hold. */
export type OwnerKey = { kind: 'user'; value: number } | { kind: 'guest'; value: string };

/** The key of the rows a viewer owns. */
export function ownerKeyOf(viewer: Viewer): OwnerKey {
  return viewer.kind === 'user'
    ? { kind: 'user', value: viewer.userId }
    : { kind: 'guest', value: viewer.sessionHash };
}

/** The owner columns of a new row that the viewer is to own. */
export function ownerColumnsOf(viewer: Viewer): SideOwner {
  const key = ownerKeyOf(viewer);
  return key.kind === 'user'
    ? { userId: key.value, guestSessionHash: null }
    : { userId: null, guestSessionHash: key.value };
}

/** The rows of `game_players` the viewer owns, as a Drizzle condition. */
export function ownedBy(viewer: Viewer): SQL {
  const key = ownerKeyOf(viewer);
  return eq(OWNER_KINDS[key.kind].column, key.value);
}

/** Whether a side read earlier (the game state in memory) is the viewer's. */
export function ownsSide(viewer: Viewer, side: SideOwner): boolean {
  return ownedSideOf(viewer, [side]) !== undefined;
}

/** The viewer's side among a game's sides (read earlier, in memory), if one is theirs. */
export function ownedSideOf<Side extends SideOwner>(
  viewer: Viewer,
  sides: readonly Side[],
): Side | undefined {
  const key = ownerKeyOf(viewer);
  const field = OWNER_KINDS[key.kind].field;
  return sides.find((side) => side[field] === key.value);
}

/**
 * The same condition for raw statements that handle many moves at once: row `gp` of
 * `game_players` is owned by the owner named in the statement's input row `i`
 * (`i.owner_kind` and `i.owner_value`, as text: the fields of `ownerKeyOf`).
 */
export function ownedByInputRow(): SQL {
  const cases = (Object.keys(OWNER_KINDS) as OwnerKind[]).map(
    (kind) =>
      // The kinds are this table's own keys, not input: written into the text as literals.
      sql`WHEN ${sql.raw(`'${kind}'`)} THEN gp.${sql.identifier(OWNER_KINDS[kind].column.name)}::text = i.owner_value`,
  );
  return sql`(CASE i.owner_kind ${sql.join(cases, sql` `)} ELSE false END)`;
}
