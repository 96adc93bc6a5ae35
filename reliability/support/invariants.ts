// What must hold in the database whatever failed, checked over every row: each is a way a
// partial write (half a transaction, a lost or doubled guess, a game settled twice) would show.
import type postgres from 'postgres';

const CHECKS: { name: string; query: string }[] = [
  {
    name: 'guess count differs from the stored guesses',
    query: `SELECT p.id FROM game_players p LEFT JOIN guesses g ON g.player_id = p.id
            GROUP BY p.id HAVING p.guess_count <> count(g.id)`,
  },
  {
    name: 'score differs from 100 − 5 per miss',
    query: `SELECT p.id FROM game_players p JOIN games gm ON gm.id = p.game_id
            LEFT JOIN guesses g ON g.player_id = p.id
            GROUP BY p.id, gm.secret
            HAVING p.score <> greatest(0, 100 - 5 * count(g.id) FILTER (WHERE g.word <> gm.secret))`,
  },
  {
    name: 'won without the secret among its guesses, or the reverse',
    query: `SELECT p.id FROM game_players p JOIN games gm ON gm.id = p.game_id
            LEFT JOIN guesses g ON g.player_id = p.id
            GROUP BY p.id, gm.secret
            HAVING (p.status = 'won') <> coalesce(bool_or(g.word = gm.secret), false)`,
  },
  {
    name: 'a guess after the secret was found',
    query: `SELECT p.id FROM game_players p JOIN games gm ON gm.id = p.game_id
            JOIN guesses hit ON hit.player_id = p.id AND hit.word = gm.secret
            JOIN guesses later ON later.player_id = p.id AND later.id > hit.id`,
  },
  {
    // One number per move (a guess, giving up), one for the game clock's end of the game
    // (aborted, or out of time for every side still playing: those sides forfeit with it), and
    // one per quick phrase said in it.
    name: "versus event_seq differs from the players' moves",
    query: `SELECT gm.id FROM games gm JOIN game_players p ON p.game_id = gm.id
            WHERE gm.mode = 'versus'
            GROUP BY gm.id
            HAVING gm.event_seq <> sum(p.guess_count + (p.forfeit AND NOT p.out_of_time)::int)
                                   + (gm.aborted OR bool_or(p.out_of_time))::int
                                   + (SELECT count(*) FROM game_phrases ph WHERE ph.game_id = gm.id)`,
  },
  {
    name: 'settled while a player plays, or finished and not settled',
    query: `SELECT gm.id FROM games gm JOIN game_players p ON p.game_id = gm.id
            GROUP BY gm.id
            HAVING (gm.settled_at IS NOT NULL) <> bool_and(p.status <> 'playing')`,
  },
  {
    // The computer opponent's account keeps no stats: its side of a game is not counted; nor
    // does an aborted game count for anyone.
    name: "a user's games, wins or points differ from the settled games",
    query: `SELECT u.id FROM users u
            WHERE u.game_ct <> (SELECT count(*) FROM game_players p JOIN games gm ON gm.id = p.game_id
                                WHERE p.user_id = u.id AND gm.settled_at IS NOT NULL AND NOT gm.aborted
                                  AND NOT EXISTS (SELECT 1 FROM bot_games b WHERE b.player_id = p.id))
               OR u.win_ct <> (SELECT count(*) FROM game_players p JOIN games gm ON gm.id = p.game_id
                               WHERE p.user_id = u.id AND gm.settled_at IS NOT NULL AND p.outcome = 'win'
                                 AND NOT gm.aborted
                                 AND NOT EXISTS (SELECT 1 FROM bot_games b WHERE b.player_id = p.id))
               OR u.points <> (SELECT coalesce(sum(a.points), 0) FROM point_awards a WHERE a.user_id = u.id)`,
  },
  {
    name: 'an accepted challenge without its game, or a game of two challenges',
    query: `SELECT id FROM challenges WHERE status = 'accepted' AND game_id IS NULL
            UNION ALL
            SELECT game_id FROM challenges WHERE game_id IS NOT NULL GROUP BY game_id HAVING count(*) > 1`,
  },
  {
    // Three things make a versus game: an accepted challenge, 'Play now' pairing two seekers
    // (a rated game of two accounts, whose seek rows go once they move; unrated once aborted),
    // and the computer opponent (a `bot_games` row). A game that none of them explains is a
    // half-made one.
    name: 'a versus game nothing made (no challenge, no pairing, no computer)',
    query: `SELECT gm.id FROM games gm WHERE gm.mode = 'versus'
            AND NOT EXISTS (SELECT 1 FROM challenges c WHERE c.game_id = gm.id)
            AND NOT EXISTS (SELECT 1 FROM bot_games b WHERE b.game_id = gm.id)
            AND NOT ((gm.rated OR gm.aborted) AND 2 = (SELECT count(p.user_id) FROM game_players p
                                                       WHERE p.game_id = gm.id))`,
  },
  {
    name: 'a friendship one way only',
    query: `SELECT f.user_id FROM friendships f
            LEFT JOIN friendships r ON r.user_id = f.friend_id AND r.friend_id = f.user_id
            WHERE r.user_id IS NULL`,
  },
];

/** Every violated invariant, with up to five offending ids each; empty when all hold. */
export async function invariantViolations(sql: postgres.Sql): Promise<string[]> {
  const violations: string[] = [];
  for (const check of CHECKS) {
    const rows = await sql.unsafe<Record<string, unknown>[]>(check.query);
    if (rows.length > 0) {
      const ids = rows.slice(0, 5).map((row) => Object.values(row)[0]);
      violations.push(`${check.name}: ${rows.length} (e.g. ${ids.join(', ')})`);
    }
  }
  return violations;
}
