import { gameSkillOf } from '@jotto/shared/game-skill';
import type {
  CountsResponse,
  GameAnalysisResponse,
  GameDetailResponse,
  GameSkillResponse,
} from '@jotto/shared/game-schemas';
import { GAME_MESSAGES, versusOutcome, versusSideOf } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { changeTopics } from '../lib/invalidation-channel.ts';
import { readGameRatings } from '../ratings/rating-service.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { FinishedGameAnalyses } from './finished-game-analyses.ts';
import type { GameStateCache } from './game-state-cache.ts';
import { type GameWatchers, isGameBetweenPeople } from './game-watchers.ts';
import {
  analysisVisibleTo,
  clockFieldsOf,
  countsFor,
  type GameState,
  isFinished,
  opponentOf,
  secretVisibleTo,
  type Side,
  sideOfViewer,
} from './game-state.ts';
import { phrasePairOf, phrasesReaching } from './phrase-audience.ts';

/**
 * What a player sees of a game (docs/PRODUCT.md, 'Secrecy'): the board, the opponent's counts
 * and the post-game analysis, each made from the game as this node holds it
 * (`GameStateCache`). The secret, the opponent's words and the analysis appear only once they
 * can no longer help (`secretVisibleTo`). A game that is not the viewer's is a 404 that does not tell "not yours"
 * from "does not exist" (or a guest's expired game).
 */
export class GameViews {
  private readonly analyses = new FinishedGameAnalyses();

  constructor(
    private readonly db: Database,
    private readonly games: GameStateCache,
    /** What time it is for the rules (a daily's word is revealed when its day ends). */
    private readonly clock: () => Date,
    /** How many watch a game between people (docs/PRODUCT.md, 'Watching'). */
    private readonly watchers: GameWatchers | null = null,
  ) {}

  /**
   * `GET /games/:id`: the board as the viewer may see it, and the users whose current ratings it
   * shows (a rated game: they change when another game of theirs settles).
   */
  async board(
    viewer: Viewer,
    gameId: number,
  ): Promise<{
    detail: GameDetailResponse;
    ratingsOf: number[];
    changesAt: Date | null;
    /** Besides the game's own topic, what the answer depends on (the watcher count). */
    topics: string[];
  }> {
    const { game, me } = await this.viewersGame(viewer, gameId);
    const now = this.clock().getTime();
    const opponent = opponentOf(game, me);
    const finished = isFinished(me);
    const secretShown = secretVisibleTo(game, me, now);
    const ratingsOf: number[] = [];
    const detail: GameDetailResponse = {
      result: 'ok',
      id: gameId,
      score: me.score,
      guesses: me.guesses,
      alphabet: me.marks,
      won: me.status === 'won',
      forfeit: me.forfeit,
      finished,
      multiplayer: game.mode === 'versus',
      ...(me.dailyDay !== null ? { daily: true as const } : {}),
      ...(me.archive ? { archive: true as const } : {}),
      ...(game.hard ? { hard: true as const } : {}),
      seq: game.seq,
      ...(secretShown ? { target: game.secret } : {}),
      ...clockFieldsOf(game),
      ...(me.outOfTime ? { outOfTime: true as const } : {}),
    };
    if (opponent) {
      detail.enemyName = opponent.username ?? '';
      detail.enemyScore = opponent.score;
      detail.enemyWon = opponent.status === 'won';
      detail.enemyForfeit = opponent.forfeit;
      detail.enemyGuesses = opponent.guessCount;
      detail.outcome = versusOutcome(versusSideOf(me), versusSideOf(opponent));
      detail.rated = game.rated;
      if (opponent.outOfTime) detail.enemyOutOfTime = true;
      // The opponent's words would narrow the secret: with it, once the game is settled.
      if (secretShown) detail.enemyGuessList = opponent.guesses;
      if (game.aborted) detail.notStarted = notStarted(game);
      if (game.bot) detail.enemyLevel = game.bot.level;
      const rated =
        game.rated && me.userId !== null && opponent.userId !== null
          ? ([me.userId, opponent.userId] as const)
          : null;
      if (rated) ratingsOf.push(...rated);
      const pair = phrasePairOf(game, viewer);
      // In parallel: the phrases add no round trip to the detail's wait, but when I have some
      // and a block is to be looked up (see `phrasesReaching`).
      const [ratings, said] = await Promise.all([
        rated ? readGameRatings(this.db, gameId, ...rated) : null,
        // Every phrase that reaches me (docs/PRODUCT.md, 'Quick phrases').
        pair ? phrasesReaching(this.db, game, pair, 0) : null,
      ]);
      if (ratings) detail.ratings = ratings;
      if (said) detail.said = said;
      if (me.mutedOpponent && pair) detail.mutedOpponent = true;
    }
    const topics: string[] = [];
    if (this.watchers && isGameBetweenPeople(game)) {
      detail.watchers = await this.watchers.countOf(gameId);
      topics.push(changeTopics.watchers(gameId));
    }
    // A daily's word is revealed when its day ends, which nobody announces: the answer is
    // good until then.
    const changesAt =
      !secretShown && me.dailyDay !== null && game.deadline !== null
        ? new Date(game.deadline)
        : null;
    return { detail, ratingsOf, changesAt, topics };
  }

  /**
   * `GET /game/:id/counts`: the opponent's progress, as the `game:counts` event carries it;
   * asked with `since` (a versus game between people), also the phrases said after that seq
   * that reach me, mine included (docs/PRODUCT.md, 'Quick phrases'); in a game between people,
   * how many watch it (with the topic the answer then depends on).
   */
  async counts(
    viewer: Viewer,
    gameId: number,
    since?: number,
  ): Promise<{ counts: CountsResponse; topics: string[] }> {
    const { game, me } = await this.viewersGame(viewer, gameId);
    const opponent = opponentOf(game, me);
    if (game.mode !== 'versus' || !opponent) throw badRequest(GAME_MESSAGES.notVersus);
    const counts = countsFor(game, me, opponent);
    const pair = since === undefined ? null : phrasePairOf(game, viewer);
    if (pair) counts.said = await phrasesReaching(this.db, game, pair, since!);
    if (!this.watchers || !isGameBetweenPeople(game)) return { counts, topics: [] };
    counts.watchers = await this.watchers.countOf(gameId);
    return { counts, topics: [changeTopics.watchers(gameId)] };
  }

  /**
   * `GET /game/:id/analysis`: the post-game analysis, for a player whose own game has ended
   * (before that it would give the secret away: 409), and the opponent's once they have
   * finished too, so it never shows a player more than their finished game already does.
   */
  async analysis(viewer: Viewer, gameId: number): Promise<GameAnalysisResponse> {
    const { game, me } = await this.viewersGame(viewer, gameId);
    const now = this.clock().getTime();
    if (!isFinished(me)) throw conflict(GAME_MESSAGES.analysisBeforeEnd);
    if (!analysisVisibleTo(game, me, now)) throw conflict(GAME_MESSAGES.analysisBeforeReveal);
    const opponent = opponentOf(game, me);
    const [steps, opponentSteps] = await Promise.all([
      this.stepsOf(game, me),
      opponent && isFinished(opponent) ? this.stepsOf(game, opponent) : null,
    ]);
    const mine = gameSkillOf(steps);
    const theirs = opponentSteps && gameSkillOf(opponentSteps);
    return {
      result: 'ok',
      id: gameId,
      candidatesAtStart: SECRET_WORDS.length,
      steps,
      ...(opponentSteps ? { opponentSteps } : {}),
      skill: mine.skill,
      luck: mine.luck,
      ...(theirs ? { opponentSkill: theirs.skill, opponentLuck: theirs.luck } : {}),
    };
  }

  /**
   * `GET /game/:id/skill`: the viewer's skill and luck once their own game has ended (409
   * before: while playing, a guess's skill would tell how good it was), a daily's too before
   * its word is revealed. They come from the analysis (and its cache), but each step's skill
   * and luck depend only on the guesses and the counts the player saw (`analyseAnswers`): two
   * numbers that name no word and narrow the secret no more than the player's own counts.
   */
  async skill(viewer: Viewer, gameId: number): Promise<GameSkillResponse> {
    const { game, me } = await this.viewersGame(viewer, gameId);
    if (!isFinished(me)) throw conflict(GAME_MESSAGES.analysisBeforeEnd);
    const { skill, luck } = gameSkillOf(await this.stepsOf(game, me));
    return { result: 'ok', id: gameId, skill, luck };
  }

  /** A finished side's analysis, from the node's cache of them. */
  private stepsOf(game: GameState, side: Side) {
    return this.analyses.of(side.id, game.secret, async () =>
      side.guesses.map((guess) => guess.word).reverse(),
    );
  }

  /** The game and the viewer's side of it, or the 404 of a game that is not theirs. */
  private async viewersGame(
    viewer: Viewer,
    gameId: number,
  ): Promise<{ game: GameState; me: Side }> {
    const held = await this.games.get(gameId);
    const me = held && sideOfViewer(held.game, viewer);
    if (!held || !me) throw notFound(GAME_MESSAGES.notFound);
    return { game: held.game, me };
  }
}

/** The players of an aborted game who did not start it (neither guessed nor gave up). */
function notStarted(game: GameState): string[] {
  return game.sides.flatMap((side) =>
    side.guessCount === 0 && !side.forfeit ? [side.username ?? ''] : [],
  );
}
