/**
 * Every Postgres advisory lock key the app takes, in one place. An advisory lock means only
 * what its key means to us, so two uses that happened to share a key would wait on each other
 * (a migration on a leaderboard refresh) or, worse, one would think it held a lock that
 * belongs to the other. Every node of a cluster must use the same keys: they are constants,
 * never derived from configuration. A test checks that they are distinct.
 *
 * Postgres has two kinds of key: one bigint (`pg_advisory_lock(key)`), and two int4
 * (`pg_advisory_lock(space, key)`), where we use the first as a space shared by one use and
 * the second per pair of users. Every value here fits an int4, so it serves either kind.
 */
export const ADVISORY_LOCKS = {
  /**
   * Start-up migrations, session-level on a connection of their own: several nodes may start
   * at once, one migrates and the others wait for it, then find nothing left to do.
   */
  migrations: 724_001,
  /**
   * The `@open` challenge queue, transaction-scoped: two open challenges made at the same
   * moment are paired with each other (or queued) one after the other, never both queued.
   */
  openChallengeQueue: 724_002,
  /**
   * Space of the per-pair challenge locks (two-key form, with the pair's key): "A challenges
   * B" and "B challenges A" at the same moment (both pressing Rematch) make one game.
   */
  challengePair: 724_003,
  /**
   * Space of the per-pair friend locks (two-key form): adding, accepting and denying between
   * two users are decided one after the other, so two crossing requests make one friendship.
   * Apart from the challenges' space, so a challenge never waits on a friend request.
   */
  friendPair: 724_004,
  /**
   * The 'Play now' queue, transaction-scoped: every seek, cancel and pairing pass reads and
   * changes the queue one after the other, on every node, so two seeks never both take the
   * same waiting player and two arriving at once pair with each other instead of both waiting.
   * A node's pairing pass only tries it (`pg_try_advisory_xact_lock`) and skips when it is held.
   */
  matchQueue: 724_005,
  /**
   * Space of the per-account daily locks (two-key form, with the user's id), transaction-scoped:
   * making an account's daily and a sign-in carrying a guest's daily over to that account are
   * decided one after the other, so the sign-in sees the account's daily of the day and leaves
   * the guest's with the guest (two at once made the sign-in fail on the one-daily-a-day index).
   */
  accountDaily: 724_006,
  /**
   * Space of the per-pair rated-game locks (two-key form, with `pairLockKey`), transaction-
   * scoped: two games of one pair made at once count each other against the pair's rated
   * games of the day, so the fourth is unrated whichever way it came (a challenge, 'Play now').
   */
  ratedPair: 724_007,
  /**
   * Space of the per-game clock locks (two-key form, with the game's id), transaction-scoped,
   * only ever tried (`pg_try_advisory_xact_lock`): nodes woken by the same due moment look at
   * different games. An advisory lock rather than `FOR UPDATE SKIP LOCKED` on the game's row,
   * because the clock must lock the players' rows before the game's (see `GameClock`).
   */
  gameClock: 724_008,
  /**
   * Space of the per-player quick phrase locks (two-key form, with the sender's id),
   * transaction-scoped: a player's phrases are counted against the limit of five a minute and
   * stored one after the other, on every node, so parallel sends cannot pass the limit.
   */
  phrasesOfPlayer: 724_009,
  /**
   * Space of the per-account report locks (two-key form, with the reporter's id),
   * transaction-scoped: an account's reports are filed one after the other, so two sent at
   * once cannot both be the tenth of the day (docs/PRODUCT.md, 'Reports').
   */
  reporter: 724_010,
  /**
   * A leaderboard refresh, transaction-scoped: one node of the cluster recomputes the
   * snapshots of a period; the others find the lock taken and read what it stored.
   */
  leaderboardRefresh: 724_101,
  /**
   * A refresh of the day's Daily Jotto leaders, transaction-scoped, the same way: one node
   * computes each minute's snapshot. Apart from the leaderboards' key, so neither waits on the
   * other.
   */
  dailyLeadersRefresh: 724_102,
} as const;

/** One int4 for an unordered pair of user ids (collisions only serialise unrelated pairs). */
export function pairLockKey(a: number, b: number): number {
  const [low, high] = a < b ? [a, b] : [b, a];
  return (Math.imul(low, 100_003) + high) | 0;
}
