import type { Alphabet, PlayResponse } from '@jotto/shared/game-schemas';
import { type GameMovedEvent, type GameSaidEvent, watchRoom } from '@jotto/shared/realtime-events';
import { changeTopics } from '../lib/invalidation-channel.ts';
import type { Notifier } from '../realtime/notifier.ts';
import type { ClockEnded } from './game-clock.ts';
import type { GuessMetrics } from './game-metrics.ts';
import type { GameStateCache } from './game-state-cache.ts';
import { type GameWatchers, isGameBetweenPeople } from './game-watchers.ts';
import { countsFor } from './game-state.ts';
import type { RecordedMove } from './move-recorder.ts';

/**
 * The one place that tells the cluster a game changed, after the change committed: every node
 * forgets its copy (`GameStateCache.announce`, awaited before the request is answered, so that
 * a poll sent after the answer, to any node, sees the change), and the players hear of it
 * through the `Notifier` (the opponent's `game:counts`, my other tabs' `game:moved` and
 * `game:marks`). Services record what happened; this decides who hears it.
 */
export class GameAnnouncer {
  constructor(
    private readonly games: GameStateCache,
    private readonly notifier: Notifier,
    /** A player solved the daily of `day` (the day's leaders must show it at once). */
    private readonly dailySolved: (day: string) => Promise<void> = async () => {},
    /** Counts the guesses (/metrics): every recorded move comes through here. */
    private readonly metrics: GuessMetrics | null = null,
    /** A watched game's spectators hear each move and the clock's end (watching/). */
    private readonly watchers: GameWatchers | null = null,
  ) {}

  /**
   * A move was recorded. The game as the move left it is kept on this node in place of a read
   * (when the recorder says it may be); a move that ended the mover's game (and so may have
   * settled it) also changes both players' ratings, which boards show, and their notices (an
   * accepted challenge's notice goes when its game is over); a solved daily changes the day's
   * leaders.
   */
  async moved(recorded: RecordedMove, response: PlayResponse): Promise<void> {
    const { game, me, opponent } = recorded;
    // A move with a match count is a guess; giving up has none.
    if (recorded.matches !== undefined) this.metrics?.guessed(game.mode);
    const topics = recorded.finished ? settledTopics([me.userId, opponent?.userId]) : [];
    const announced = this.games.announce(
      game.id,
      recorded.keepSince ? { game, since: recorded.keepSince } : undefined,
      topics,
    );
    if (opponent?.userId != null && game.mode === 'versus') {
      const { result: _result, ...counts } = countsFor(game, opponent, me);
      this.notifier.notify(opponent.userId, 'game:counts', counts);
    }
    // Every tab of mine (this one too, which ignores what its answer already showed).
    if (me.userId !== null) {
      this.notifier.notify(me.userId, 'game:moved', movedEvent(recorded, response));
    }
    // Only an account can be a leader; a guest's solve leaves the board as it was, and so does
    // an archive game's (docs/PRODUCT.md, 'Archive').
    const solvedDaily =
      recorded.finished &&
      me.status === 'won' &&
      me.dailyDay !== null &&
      !me.archive &&
      me.userId !== null
        ? this.dailySolved(me.dailyDay)
        : undefined;
    if (isGameBetweenPeople(game)) this.tellSpectators(game.id, announced);
    await Promise.all([announced, solvedDaily]);
  }

  /** A player's marks changed (one letter, or all cleared); a guest's are not stored. */
  async marked(gameId: number, userId: number | null, alphabet: Alphabet): Promise<void> {
    const announced = this.games.announce(gameId);
    if (userId !== null) this.notifier.notify(userId, 'game:marks', { gameId, alphabet });
    await announced;
  }

  /**
   * The clock ended a game (out of time, or aborted): every node forgets it and its players'
   * ratings and notices (a settlement may have changed them), and each player hears
   * `game:ended`.
   */
  async ended({ gameId, reason, seq, userIds }: ClockEnded): Promise<void> {
    const announced = this.games.announce(gameId, undefined, settledTopics(userIds));
    for (const userId of userIds)
      this.notifier.notify(userId, 'game:ended', { gameId, seq, reason });
    // Only a game of two accounts can be watched (a daily's end, the commonest, is not one).
    if (userIds.length === 2) this.tellSpectators(gameId, announced);
    await announced;
  }

  /**
   * The spectators' view is made from the game as this node holds it: once the change is
   * announced (the move's own state kept, or the old copy dropped), never before.
   */
  private tellSpectators(gameId: number, announced: Promise<void>): void {
    const watchers = this.watchers;
    if (!watchers) return;
    const tell = () => watchers.gameChanged(gameId);
    void announced.then(tell, tell);
  }

  /**
   * A quick phrase was said (docs/PRODUCT.md, 'Quick phrases'): it took the game's next seq, so
   * every node forgets the game (its polls carry `said`); `reachesUserId` hears `game:said`
   * (the opponent, or nobody when they muted the sender or a block stands between them), and
   * so does the game's watch room, whatever the players decided about each other.
   */
  async said(event: GameSaidEvent, reachesUserId: number | null): Promise<void> {
    const announced = this.games.announce(event.gameId);
    if (reachesUserId !== null) this.notifier.notify(reachesUserId, 'game:said', event);
    this.notifier.notifyRoom(watchRoom(event.gameId), 'game:said', event);
    await announced;
  }

  /**
   * Games changed by something other than play (a guest's games moved to their account, a
   * player muting the opponent's phrases).
   */
  async changed(gameIds: readonly number[]): Promise<void> {
    await Promise.all(gameIds.map((gameId) => this.games.announce(gameId)));
  }
}

/** What a game's settlement may change for its players (guests, null, have neither). */
function settledTopics(userIds: ReadonlyArray<number | null | undefined>): string[] {
  return userIds.flatMap((id) =>
    id == null ? [] : [changeTopics.rating(id), changeTopics.notices(id)],
  );
}

/** My move as my other tabs hear it: the answer's fields, never the secret. */
function movedEvent({ game, me, matches }: RecordedMove, response: PlayResponse): GameMovedEvent {
  const word = me.guesses[0]?.word;
  return {
    gameId: game.id,
    ...(matches !== undefined && word !== undefined ? { word, matches } : {}),
    score: response.score,
    guesses: me.guessCount,
    win: response.win,
    forfeit: response.forfeit,
    finished: response.finished,
    ...(response.seq === undefined ? {} : { seq: response.seq }),
  };
}
