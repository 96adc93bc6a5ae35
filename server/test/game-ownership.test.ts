import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.ts';
import { users } from '../src/db/account-tables.ts';
import { gamePlayers, games } from '../src/db/game-tables.ts';
import {
  ownedBy,
  ownedByInputRow,
  ownerColumnsOf,
  ownerKeyOf,
  ownsSide,
} from '../src/games/game-ownership.ts';
import type { Viewer } from '../src/sessions/viewer.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/**
 * The one rule of whose game it is, in each of its renderings: the Drizzle condition, the
 * condition on a batch's input row, and the check of a side in memory must pick exactly the
 * same rows, for every kind of viewer, on real Postgres and on PGlite; and a row made for a
 * viewer (`ownerColumnsOf`) is that viewer's by all three.
 */
describe.each(DATABASE_KINDS)('the ownership rule on %s', (kind) => {
  let t: TestApp;
  let gameId: number;
  const viewers: { name: string; viewer: Viewer }[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const accounts = await t.app.db
      .insert(users)
      .values([{ username: 'owner_one' }, { username: 'owner_two' }, { username: 'owner_none' }])
      .returning({ id: users.id, username: users.username });
    const user = (i: number): Viewer => ({
      kind: 'user',
      userId: accounts[i]!.id,
      username: accounts[i]!.username!,
      sessionHash: `account-session-${i}`,
    });
    const guest = (hash: string): Viewer => ({ kind: 'guest', sessionHash: hash });
    viewers.push(
      { name: 'an account with a row', viewer: user(0) },
      { name: 'another account with a row', viewer: user(1) },
      { name: 'an account without a row', viewer: user(2) },
      { name: 'a guest with a row', viewer: guest('guest-a') },
      { name: 'another guest with a row', viewer: guest('guest-b') },
      { name: 'a guest without a row', viewer: guest('guest-none') },
      // A guest whose session hash spells an account's id: owner kinds never mix.
      { name: 'a guest named like an account id', viewer: guest(String(accounts[0]!.id)) },
    );
    const [game] = await t.app.db
      .insert(games)
      .values({ mode: 'versus', secret: 'crane' })
      .returning({ id: games.id });
    gameId = game!.id;
    // One row per viewer that has one, each made the way the app makes them.
    await t.app.db
      .insert(gamePlayers)
      .values([0, 1, 3, 4].map((i) => ({ gameId, ...ownerColumnsOf(viewers[i]!.viewer) })));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([0, 1, 2, 3, 4, 5, 6])(
    'viewer %i: the three renderings pick the same rows',
    async (i) => {
      const { viewer } = viewers[i]!;
      const rows = await t.app.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
      const inMemory = rows.filter((row) => ownsSide(viewer, row)).map((row) => row.id);
      const byCondition = (
        await t.app.db
          .select({ id: gamePlayers.id })
          .from(gamePlayers)
          .where(and(eq(gamePlayers.gameId, gameId), ownedBy(viewer)))
      ).map((row) => row.id);
      const key = ownerKeyOf(viewer);
      const input = JSON.stringify([{ owner_kind: key.kind, owner_value: String(key.value) }]);
      const byInputRow = rowsOf<{ id: number }>(
        await t.app.db.execute(sql`
        SELECT gp.id FROM game_players gp,
          json_to_recordset(${input}::text::json) AS i(owner_kind text, owner_value text)
        WHERE gp.game_id = ${gameId} AND ${ownedByInputRow()}
        ORDER BY gp.id`),
      ).map((row) => row.id);
      expect(byCondition.sort()).toEqual(inMemory.sort());
      expect(byInputRow.sort()).toEqual(inMemory.sort());
      // Those with a row own exactly it; the others own nothing.
      expect(inMemory).toHaveLength([0, 1, 3, 4].includes(i) ? 1 : 0);
    },
  );
});
