import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Alphabet,
  ClearResponse,
  CountsResponse,
  GameAnalysisResponse,
  GameDetailResponse,
  GameListItem,
  GuessEntry,
  PlayResponse,
} from '@jotto/shared/game-schemas';
import {
  applyGuess,
  GAME_MESSAGES,
  guessProblem,
  isGiveUp,
  type LetterMark,
  normalizeGuess,
  versusOutcome,
} from '@jotto/shared/game-rules';
import { describeTimeAgo } from '@jotto/shared/time-ago';
import { isValidGuessWord, pickSecretWord, SECRET_WORDS } from '@jotto/shared/word-lists';
import { type Database, type PreparedRawRunner, type Transaction } from '../db/database.ts';
import { gamePlayers, games, guesses, letterMarks, sessions, users } from '../db/schema.ts';
import { badRequest, conflict, notFound, unauthorized } from '../errors.ts';
import type { Notifier } from '../realtime/notifier.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { FinishedGameAnalyses } from './finished-game-analyses.ts';
import {
  countsFor,
  isFinished,
  type PlayerRow,
  playResultWith,
  type PlayResult,
  sideOf,
} from './game-model.ts';
import { settleIfDone } from './game-settlement.ts';
import {
  type GuessAttemptOutcome,
  type GuessBatchMetrics,
  OngoingGuessRecorder,
} from './ongoing-guess-recorder.ts';

type GameRow = typeof games.$inferSelect;
type Executor = Database | Transaction;

/** The rows of `game_players` that belong to the viewer (see `viewerOfSession`). */
function ownerCondition(viewer: Viewer) {
  return viewer.kind === 'user'
    ? eq(gamePlayers.userId, viewer.userId)
    : eq(gamePlayers.guestSessionHash, viewer.sessionHash);
}

/** The most recent games a list shows; the spec leaves page sizes open. */
const LIST_LIMIT = 100;

/**
 * Who sent a guess. The batch checks the session in its own SQL, so the guess route does not
 * look the session up first; only a guess the batch does not record asks for the viewer.
 */
export interface Guesser {
  /** Keyed hash of the session the cookie names, not checked yet; null without a cookie. */
  sessionHash: string | null;
  /** The viewer this session speaks for (`viewerOfSession`), or the route's refusal. */
  viewer(): Promise<Viewer>;
}

export interface GameServiceOptions {
  log: FastifyBaseLogger;
  guessBatchMetrics?: GuessBatchMetrics;
}

/**
 * The game: creating games, guesses, marks and lists (spec §7; the rules of decisions §3:
 * 100 points, 5 per miss, only the exact word wins, one secret raced by both in versus). Every read and
 * write goes through `playerOf`, the one place that decides whose game it is; rules come from
 * `@jotto/shared/game-rules`. The secret leaves this module only for a player who has finished.
 */
export class GameService {
  private readonly ongoingGuesses: OngoingGuessRecorder;
  private readonly analyses = new FinishedGameAnalyses();

  constructor(
    private readonly db: Database,
    /** The guess batch's raw statements run prepared: they are the hottest path. */
    runPrepared: PreparedRawRunner,
    /** Tells the opponent of a versus game about each move, after commit. */
    private readonly notifier: Notifier,
    options: GameServiceOptions,
  ) {
    this.ongoingGuesses = new OngoingGuessRecorder(
      runPrepared,
      options.log,
      options.guessBatchMetrics,
    );
  }

  /** A new solo game for a user or a guest session. */
  async createSoloGame(viewer: Viewer): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [game] = await tx
        .insert(games)
        .values({ mode: 'solo', secret: pickSecretWord() })
        .returning({ id: games.id });
      await tx.insert(gamePlayers).values({
        gameId: game!.id,
        ...(viewer.kind === 'user'
          ? { userId: viewer.userId }
          : { guestSessionHash: viewer.sessionHash }),
      });
      return game!.id;
    });
  }

  /**
   * A versus game for two users racing on one secret. Called by the challenge service inside
   * its own transaction (so that one challenge makes exactly one game).
   */
  async createVersusGame(
    userIds: readonly [number, number],
    executor?: Transaction,
  ): Promise<number> {
    const create = async (tx: Transaction) => {
      const [game] = await tx
        .insert(games)
        .values({ mode: 'versus', secret: pickSecretWord() })
        .returning({ id: games.id });
      await tx.insert(gamePlayers).values(userIds.map((userId) => ({ gameId: game!.id, userId })));
      return game!.id;
    };
    return executor ? create(executor) : this.db.transaction(create);
  }

  /**
   * Deletes the games of guests whose session no longer exists (expired and purged, or the
   * guest signed in and the unfinished game moved to the account): nobody can open them again.
   */
  async purgeAbandonedGuestGames(): Promise<number> {
    const abandoned = this.db
      .select({ gameId: gamePlayers.gameId })
      .from(gamePlayers)
      .where(
        and(
          isNull(gamePlayers.userId),
          sql`not exists (select 1 from ${sessions} where ${sessions.idHash} = ${gamePlayers.guestSessionHash})`,
        ),
      );
    const removed = await this.db
      .delete(games)
      .where(and(eq(games.mode, 'solo'), inArray(games.id, abandoned)))
      .returning({ id: games.id });
    return removed.length;
  }

  /** `POST /games`: my games of one mode, unsettled (new) or settled (old), latest first. */
  async listGames(
    userId: number,
    mode: 'solo' | 'versus',
    age: 'new' | 'old',
  ): Promise<GameListItem[]> {
    const opponent = alias(gamePlayers, 'opponent');
    const opponentUser = alias(users, 'opponent_user');
    const rows = await this.db
      .select({
        me: gamePlayers,
        secret: games.secret,
        opponent,
        opponentName: opponentUser.username,
      })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .leftJoin(opponent, and(eq(opponent.gameId, games.id), ne(opponent.id, gamePlayers.id)))
      .leftJoin(opponentUser, eq(opponentUser.id, opponent.userId))
      .where(
        and(
          eq(gamePlayers.userId, userId),
          eq(games.mode, mode),
          age === 'new' ? isNull(games.settledAt) : isNotNull(games.settledAt),
        ),
      )
      .orderBy(desc(gamePlayers.lastPlayedAt), desc(gamePlayers.id))
      .limit(LIST_LIMIT);
    const now = new Date();
    return rows.map(({ me, secret, opponent: other, opponentName }) => ({
      id: me.gameId,
      score: me.score,
      timeAgo: describeTimeAgo(me.lastPlayedAt, now),
      lastPlayedAt: me.lastPlayedAt.toISOString(),
      guess: me.lastGuess,
      won: me.status === 'won',
      forfeit: me.forfeit,
      ...(age === 'old' && isFinished(me) ? { target: secret } : {}),
      ...(other
        ? {
            opponent: opponentName ?? '',
            enemyScore: other.score,
            enemyWon: other.status === 'won',
            enemyForfeit: other.forfeit,
            outcome: versusOutcome(sideOf(me), sideOf(other)),
          }
        : {}),
    }));
  }

  /** `GET /games/:id`: the board as the viewer may see it. */
  async getGame(viewer: Viewer, gameId: number): Promise<GameDetailResponse> {
    const { player: me, game } = await this.playerOf(this.db, viewer, gameId);
    const [myGuesses, alphabet, opponent] = await Promise.all([
      this.guessList(me.id),
      this.alphabetOf(me.id),
      this.opponentOf(this.db, me),
    ]);
    const finished = isFinished(me);
    const detail: GameDetailResponse = {
      result: 'ok',
      id: gameId,
      score: me.score,
      guesses: myGuesses,
      alphabet,
      won: me.status === 'won',
      forfeit: me.forfeit,
      finished,
      multiplayer: game.mode === 'versus',
      seq: game.eventSeq,
      ...(finished ? { target: game.secret } : {}),
    };
    if (opponent) {
      detail.enemyName = opponent.username ?? '';
      detail.enemyScore = opponent.player.score;
      detail.enemyWon = opponent.player.status === 'won';
      detail.enemyForfeit = opponent.player.forfeit;
      detail.enemyGuesses = opponent.player.guessCount;
      detail.outcome = versusOutcome(sideOf(me), sideOf(opponent.player));
      // The opponent's words would narrow the secret: only for a player who has finished.
      if (finished) detail.enemyGuessList = await this.guessList(opponent.player.id);
    }
    return detail;
  }

  /**
   * `GET /game/:id/play/:word`: one guess (or `giveup`): validate, then the batch of ongoing
   * guesses (most guesses neither win nor end the game; see `OngoingGuessRecorder`), else the
   * locked transaction (a win, the last points, giveup, or whatever the batch hands over), so
   * that settling a game is atomic with the move that finished it. Each guess's writes are in
   * exactly one transaction. The opponent hears of it after commit.
   */
  async play(guesser: Guesser, gameId: number, rawWord: string): Promise<PlayResponse> {
    const word = normalizeGuess(rawWord);
    const problem = guessProblem(word);
    if (problem) throw badRequest(problem);
    const giveUp = isGiveUp(word);
    if (!giveUp && !isValidGuessWord(word)) throw badRequest(GAME_MESSAGES.notInDictionary);

    const { sessionHash } = guesser;
    const batched: GuessAttemptOutcome =
      giveUp || sessionHash === null
        ? { kind: 'locked' }
        : await this.ongoingGuesses.record({ sessionHash, gameId, word });
    if (batched.kind === 'refused') throw batched.error;
    const result =
      batched.kind === 'recorded'
        ? batched.result
        : await this.playInTransaction(await guesser.viewer(), gameId, word, giveUp);
    if (result.opponentUpdate?.userId) {
      const { result: _result, ...event } = result.opponentUpdate.counts;
      this.notifier.notify(result.opponentUpdate.userId, 'game:counts', event);
    }
    return result.response;
  }

  /** A guess (or giveup) under the player's row lock, settling the game when it finishes it. */
  private async playInTransaction(
    viewer: Viewer,
    gameId: number,
    word: string,
    giveUp: boolean,
  ): Promise<PlayResult> {
    return this.db.transaction(async (tx) => {
      const { player: before, game } = await this.playerOf(tx, viewer, gameId, { lock: true });
      if (isFinished(before)) throw conflict(GAME_MESSAGES.gameOver);
      const now = new Date();
      let matches: number | undefined;
      let changes: Partial<PlayerRow>;
      if (giveUp) {
        changes = { status: 'lost', forfeit: true, finishedAt: now, lastPlayedAt: now };
      } else {
        const outcome = applyGuess(before, word, game.secret);
        const inserted = await tx
          .insert(guesses)
          .values({ playerId: before.id, word, matches: outcome.matches })
          .onConflictDoNothing()
          .returning({ id: guesses.id });
        if (inserted.length === 0) throw badRequest(GAME_MESSAGES.alreadyGuessed);
        matches = outcome.matches;
        changes = {
          score: outcome.score,
          guessCount: before.guessCount + 1,
          lastGuess: word,
          lastPlayedAt: now,
          ...(outcome.won ? { status: 'won' as const, finishedAt: now } : {}),
          ...(outcome.lost ? { status: 'lost' as const, finishedAt: now } : {}),
        };
      }
      const [me] = await tx
        .update(gamePlayers)
        .set(changes)
        .where(eq(gamePlayers.id, before.id))
        .returning();
      const player = me!;
      const finished = isFinished(player);

      let seq = game.eventSeq;
      if (game.mode === 'versus') {
        const [bumped] = await tx
          .update(games)
          .set({ eventSeq: sql`${games.eventSeq} + 1` })
          .where(eq(games.id, gameId))
          .returning({ eventSeq: games.eventSeq });
        seq = bumped!.eventSeq;
      }
      if (finished) await settleIfDone(tx, gameId);

      const response: PlayResponse = {
        result: 'ok',
        ...(matches === undefined ? {} : { matches }),
        score: player.score,
        win: player.status === 'won',
        forfeit: player.forfeit,
        finished,
        ...(finished ? { target: game.secret } : {}),
      };
      const opponent = game.mode === 'versus' ? await this.opponentOf(tx, player) : null;
      return playResultWith(
        response,
        opponent && {
          gameId,
          seq,
          me: player,
          opponent: opponent.player,
          opponentUserId: opponent.player.userId,
        },
      );
    });
  }

  /** `GET /game/:id/counts`: the opponent's progress, as the `game:counts` event carries it. */
  async counts(viewer: Viewer, gameId: number): Promise<CountsResponse> {
    const { player: me, game } = await this.playerOf(this.db, viewer, gameId);
    const opponent = game.mode === 'versus' ? await this.opponentOf(this.db, me) : null;
    if (!opponent) throw badRequest(GAME_MESSAGES.notVersus);
    return countsFor(gameId, game.eventSeq, me, opponent.player);
  }

  /**
   * `GET /game/:id/analysis`: the post-game analysis, for a player whose own game has ended
   * (before that it would give the secret away: 409), and the opponent's once they have
   * finished too, so it never shows a player more than their finished game already does.
   */
  async analysis(viewer: Viewer, gameId: number): Promise<GameAnalysisResponse> {
    const { player: me, game } = await this.playerOf(this.db, viewer, gameId);
    if (!isFinished(me)) throw conflict(GAME_MESSAGES.analysisBeforeEnd);
    const opponent = game.mode === 'versus' ? await this.opponentOf(this.db, me) : null;
    const stepsOf = (player: PlayerRow) =>
      this.analyses.of(player.id, game.secret, async () =>
        (await this.guessList(player.id)).reverse().map((guess) => guess.word),
      );
    const [steps, opponentSteps] = await Promise.all([
      stepsOf(me),
      opponent && isFinished(opponent.player) ? stepsOf(opponent.player) : null,
    ]);
    return {
      result: 'ok',
      id: gameId,
      candidatesAtStart: SECRET_WORDS.length,
      steps,
      ...(opponentSteps ? { opponentSteps } : {}),
    };
  }

  /** `POST /game/:id/update`: sets or removes one letter's mark (signed-in players only). */
  async updateMark(
    viewer: Viewer,
    gameId: number,
    letter: string,
    color: LetterMark,
  ): Promise<Alphabet> {
    // Whose game it is first, so that a game not the viewer's gets the same 404 as elsewhere.
    const { player: me } = await this.playerOf(this.db, viewer, gameId);
    if (viewer.kind === 'guest') throw unauthorized(GAME_MESSAGES.guestsCannotMark);
    if (color === 'none') {
      await this.db
        .delete(letterMarks)
        .where(and(eq(letterMarks.playerId, me.id), eq(letterMarks.letter, letter)));
    } else {
      await this.db
        .insert(letterMarks)
        .values({ playerId: me.id, letter, color })
        .onConflictDoUpdate({ target: [letterMarks.playerId, letterMarks.letter], set: { color } });
    }
    return this.alphabetOf(me.id);
  }

  /** `GET /game/:id/clear`: removes every mark. A guest's marks were never stored. */
  async clearMarks(viewer: Viewer, gameId: number): Promise<ClearResponse> {
    const { player: me } = await this.playerOf(this.db, viewer, gameId);
    if (viewer.kind === 'user')
      await this.db.delete(letterMarks).where(eq(letterMarks.playerId, me.id));
    return { result: 'ok', alphabet: {} };
  }

  /**
   * The one authorisation check for games: the viewer's own side of the game, or a 404 that
   * does not tell "not yours" from "does not exist" (or a guest's expired game).
   */
  private async playerOf(
    executor: Executor,
    viewer: Viewer,
    gameId: number,
    options: { lock?: boolean } = {},
  ): Promise<{ player: PlayerRow; game: GameRow }> {
    const owner = ownerCondition(viewer);
    // One round trip for the player's row and its game; only the player's row is locked.
    const query = executor
      .select({ player: gamePlayers, game: games })
      .from(gamePlayers)
      .innerJoin(games, eq(games.id, gamePlayers.gameId))
      .where(and(eq(gamePlayers.gameId, gameId), owner))
      .limit(1);
    const [row] = options.lock ? await query.for('update', { of: gamePlayers }) : await query;
    if (!row) throw notFound(GAME_MESSAGES.notFound);
    return row;
  }

  private async opponentOf(executor: Executor, me: PlayerRow) {
    const [row] = await executor
      .select({ player: gamePlayers, username: users.username })
      .from(gamePlayers)
      .leftJoin(users, eq(users.id, gamePlayers.userId))
      .where(and(eq(gamePlayers.gameId, me.gameId), ne(gamePlayers.id, me.id)))
      .limit(1);
    return row ?? null;
  }

  private async guessList(playerId: number): Promise<GuessEntry[]> {
    return this.db
      .select({ word: guesses.word, matches: guesses.matches })
      .from(guesses)
      .where(eq(guesses.playerId, playerId))
      .orderBy(desc(guesses.id));
  }

  private async alphabetOf(playerId: number): Promise<Alphabet> {
    const rows = await this.db
      .select({ letter: letterMarks.letter, color: letterMarks.color })
      .from(letterMarks)
      .where(eq(letterMarks.playerId, playerId));
    return Object.fromEntries(rows.map((row) => [row.letter, row.color]));
  }
}
