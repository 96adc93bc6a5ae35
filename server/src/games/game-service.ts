import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
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
import {
  botGames,
  gamePlayers,
  games,
  guesses,
  letterMarks,
  sessions,
  users,
} from '../db/schema.ts';
import { badRequest, conflict, notFound, unauthorized } from '../errors.ts';
import { readGameRatings } from '../ratings/rating-service.ts';
import {
  type CacheStats,
  ClusterCache,
  emptyCacheStats,
  type InvalidationPublisher,
  type InvalidationSource,
} from '../lib/cluster-cache.ts';
import { changeTopics } from '../realtime/invalidation-channel.ts';
import type { Notifier } from '../realtime/notifier.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { FinishedGameAnalyses } from './finished-game-analyses.ts';
import {
  countsFor,
  isFinished,
  type PlayerRow,
  playResultWith,
  type OwnedSide,
  type PlayResult,
  sideOf,
} from './game-model.ts';
import { settleIfDone } from './game-settlement.ts';
import { registerGuessBatchMetrics } from './guess-batch-metrics.ts';
import { type GuessAttemptOutcome, OngoingGuessRecorder } from './ongoing-guess-recorder.ts';

type GameRow = typeof games.$inferSelect;
type Executor = Database | Transaction;

/** The rows of `game_players` that belong to the viewer (see `viewerOfSession`). */
function ownerCondition(viewer: Viewer) {
  return viewer.kind === 'user'
    ? eq(gamePlayers.userId, viewer.userId)
    : eq(gamePlayers.guestSessionHash, viewer.sessionHash);
}

/** The most recent games a list shows (docs/PRODUCT.md, 'Limits'). */
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
  /** The app's Prometheus registry, for the guess batch's metrics; none without it. */
  metrics?: Registry;
  /**
   * Announces every change to a game after it commits, so that nodes drop the poll answers read
   * from it (see lib/poll-answers.ts); none without it.
   */
  invalidations?: InvalidationPublisher;
  /** Where the versus counts' rows are kept between moves (see `counts`); none without it. */
  cache?: { source: InvalidationSource; maxAgeMs: number };
}

/** The rows the counts are made of: the game's mode and sequence on each player's side. */
type VersusSides = {
  mode: GameRow['mode'];
  seq: number;
  userId: number | null;
  guestSessionHash: string | null;
  score: number;
  status: PlayerRow['status'];
  forfeit: boolean;
  guessCount: number;
}[];

/**
 * Whether a game's sides may be kept between moves: only a versus game of two accounts. A
 * guest's side (a guest against the computer, or a solo game) changes owner when the guest
 * signs in, unannounced.
 */
function keepsSides(sides: VersusSides): boolean {
  return (
    sides.length === 2 && sides.every((side) => side.mode === 'versus' && side.userId !== null)
  );
}

/**
 * The sides as a versus move of two accounts left them, as `sides_of_game` would read them
 * after it; null for a game with a guest, which is not kept.
 */
function sidesAfter({
  seq,
  mover,
  opponent,
}: NonNullable<PlayResult['sides']>): VersusSides | null {
  if (mover.userId === null || opponent.userId === null) return null;
  // An account's row has no guest session (signing in moves a guest's games to the account).
  const row = (side: OwnedSide) => ({
    mode: 'versus' as const,
    seq,
    guestSessionHash: null,
    ...side,
  });
  return [row(mover), row(opponent)];
}

/**
 * The game: creating games, guesses, marks and lists (docs/PRODUCT.md, 'Scoring' and 'Versus': 100
 * points, 5 per miss, only the exact word wins, one secret raced by both in versus). Every read and
 * write goes through `playerOf`, the one place that decides whose game it is; rules come from
 * `@jotto/shared/game-rules`. The secret leaves this module only for a player who has finished.
 */
export class GameService {
  private readonly ongoingGuesses: OngoingGuessRecorder;
  private readonly analyses = new FinishedGameAnalyses();
  private readonly invalidations: InvalidationPublisher | null;
  /** A game's mode, sequence and both players' sides, in one prepared statement (`counts`). */
  private readonly sidesOfGame;
  /**
   * Those rows of versus games, kept on this node until a move in the game is announced: one
   * read per move however many of its players' tabs poll, on whichever node (see `counts`).
   */
  private readonly versusSides: ClusterCache<VersusSides> | null;

  constructor(
    private readonly db: Database,
    /** The guess batch's raw statements run prepared: they are the hottest path. */
    runPrepared: PreparedRawRunner,
    /** Tells the opponent of a versus game, and my other tabs, about each move, after commit. */
    private readonly notifier: Notifier,
    options: GameServiceOptions,
  ) {
    this.invalidations = options.invalidations ?? null;
    this.sidesOfGame = db
      .select({
        mode: games.mode,
        seq: games.eventSeq,
        userId: gamePlayers.userId,
        guestSessionHash: gamePlayers.guestSessionHash,
        score: gamePlayers.score,
        status: gamePlayers.status,
        forfeit: gamePlayers.forfeit,
        guessCount: gamePlayers.guessCount,
      })
      .from(games)
      .innerJoin(gamePlayers, eq(gamePlayers.gameId, games.id))
      .where(eq(games.id, sql.placeholder('gameId')))
      .prepare('sides_of_game');
    this.versusSides = options.cache
      ? new ClusterCache(options.cache.source, {
          max: 20_000,
          maxAgeMs: options.cache.maxAgeMs,
        })
      : null;
    this.ongoingGuesses = new OngoingGuessRecorder(
      runPrepared,
      options.log,
      options.metrics && registerGuessBatchMetrics(options.metrics),
    );
  }

  /** What the cache of versus games' sides came to (see `counts`), for /metrics. */
  get sidesCacheStats(): CacheStats {
    return this.versusSides?.stats ?? emptyCacheStats();
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
   * its own transaction (so that one challenge makes exactly one game). Rated unless told
   * otherwise: a game between two people changes their ratings (docs/PRODUCT.md, 'Ratings');
   * one against the computer says `rated: false`.
   */
  async createVersusGame(
    userIds: readonly [number, number],
    executor?: Transaction,
    options: { rated?: boolean } = {},
  ): Promise<number> {
    const create = async (tx: Transaction) => {
      const [game] = await tx
        .insert(games)
        .values({ mode: 'versus', secret: pickSecretWord(), rated: options.rated ?? true })
        .returning({ id: games.id });
      await tx.insert(gamePlayers).values(userIds.map((userId) => ({ gameId: game!.id, userId })));
      return game!.id;
    };
    return executor ? create(executor) : this.db.transaction(create);
  }

  /**
   * Deletes unfinished solo games nobody has played since `idleSince` (a signed-in player's
   * abandoned games were kept for ever; a guest's go with the guest's session; a daily stays,
   * being part of the player's daily record, and there is one a day at most), and games
   * against the computer whose player has not played since then (the computer finishes its side
   * in minutes), `batchSize` at a time so that no statement runs long. Idempotent: when two
   * nodes run it at once, what one deletes the other finds gone. Answers how many.
   */
  async purgeIdleSoloGames(idleSince: Date, batchSize = 500): Promise<number> {
    let removed = 0;
    for (;;) {
      const idle = this.db
        .select({ id: games.id })
        .from(games)
        .innerJoin(gamePlayers, eq(gamePlayers.gameId, games.id))
        .where(
          and(
            or(eq(games.mode, 'solo'), inArray(games.id, this.botGameIds())),
            isNull(games.settledAt),
            eq(gamePlayers.status, 'playing'),
            lt(gamePlayers.lastPlayedAt, idleSince),
            // A daily counts in its player's record as played, finished or not.
            isNull(gamePlayers.dailyDay),
          ),
        )
        .orderBy(asc(games.id))
        .limit(batchSize);
      const batch = await this.db
        .delete(games)
        .where(inArray(games.id, idle))
        .returning({ id: games.id });
      removed += batch.length;
      if (batch.length < batchSize) return removed;
    }
  }

  /**
   * Deletes the games of guests whose session no longer exists (expired and purged, or the
   * guest signed in and the unfinished game moved to the account): nobody can open them again.
   * Solo games and games against the computer: a guest plays no other.
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
      .where(
        and(
          or(eq(games.mode, 'solo'), inArray(games.id, this.botGameIds())),
          inArray(games.id, abandoned),
        ),
      )
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

  /**
   * `GET /games/:id`: the board as the viewer may see it, and the users whose current ratings it
   * shows (a rated game: they change when another game of theirs settles).
   */
  async getGame(
    viewer: Viewer,
    gameId: number,
  ): Promise<{ detail: GameDetailResponse; ratingsOf: number[] }> {
    const { player: me, game } = await this.playerOf(this.db, viewer, gameId);
    const [myGuesses, alphabet, opponent] = await Promise.all([
      this.guessList(me.id),
      this.alphabetOf(me.id),
      this.opponentOf(this.db, me),
    ]);
    const finished = isFinished(me);
    const ratingsOf: number[] = [];
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
      ...(me.dailyDay !== null ? { daily: true as const } : {}),
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
      // Only an unrated versus game may be one against the computer: its level names it.
      if (!game.rated) {
        const [bot] = await this.db
          .select({ level: botGames.level })
          .from(botGames)
          .where(eq(botGames.gameId, gameId));
        if (bot) detail.enemyLevel = bot.level;
      }
      const opponentUserId = opponent.player.userId;
      if (game.rated && me.userId !== null && opponentUserId !== null) {
        ratingsOf.push(me.userId, opponentUserId);
        const ratings = await readGameRatings(this.db, gameId, me.userId, opponentUserId);
        if (ratings) detail.ratings = ratings;
      }
    }
    return { detail, ratingsOf };
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
    const start = this.versusSides?.beginWrite();
    const batched: GuessAttemptOutcome =
      giveUp || sessionHash === null
        ? { kind: 'locked' }
        : await this.ongoingGuesses.record({ sessionHash, gameId, word });
    if (batched.kind === 'refused') throw batched.error;
    const result =
      batched.kind === 'recorded'
        ? batched.result
        : await this.playInTransaction(await guesser.viewer(), gameId, word, giveUp);
    // Committed: every node forgets what it answered about this game (and, for a move that ends
    // my game, so may settle it, both players' ratings), before the answer goes out, so that a
    // poll sent after it, to any node, finds the announcement there first.
    const changed = [changeTopics.game(gameId)];
    if (result.response.finished) {
      for (const userId of [result.ownUpdate.userId, result.opponentUpdate?.userId]) {
        if (userId != null) changed.push(changeTopics.rating(userId));
      }
    }
    const announce = () => this.invalidations?.publish(changed);
    // The counts' rows as this move left them, kept in place of the read its opponent's next
    // poll would make (one per move in a polled game).
    const written = result.sides && sidesAfter(result.sides);
    const announced =
      this.versusSides && start && written
        ? this.versusSides.announceWrite(
            String(gameId),
            { value: written, topics: [changeTopics.game(gameId)] },
            start,
            announce,
          )
        : announce();
    if (result.opponentUpdate?.userId) {
      const { result: _result, ...event } = result.opponentUpdate.counts;
      this.notifier.notify(result.opponentUpdate.userId, 'game:counts', event);
    }
    // Every tab of mine (this one too, which ignores what its answer already showed) hears of
    // my move: one more emit, built from what the guess already read and wrote.
    if (result.ownUpdate.userId !== null) {
      this.notifier.notify(result.ownUpdate.userId, 'game:moved', result.ownUpdate.event);
    }
    await announced;
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
        { gameId, userId: player.userId, word: giveUp ? null : word, guesses: player.guessCount },
        opponent && {
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
    const sides = await this.sidesOf(gameId);
    // The rule of whose game it is (`ownerCondition`), on the rows read.
    const me = sides.find((side) =>
      viewer.kind === 'user'
        ? side.userId === viewer.userId
        : side.guestSessionHash === viewer.sessionHash,
    );
    if (!me) throw notFound(GAME_MESSAGES.notFound);
    const opponent = sides.find((side) => side !== me);
    if (me.mode !== 'versus' || !opponent) throw badRequest(GAME_MESSAGES.notVersus);
    return countsFor(gameId, me.seq, me, opponent);
  }

  /**
   * A game's sides: from this node's memory for a versus game of two accounts (whose players
   * never change, so only a move changes its rows, and every move announces `game:<id>`), else
   * read.
   */
  private async sidesOf(gameId: number): Promise<VersusSides> {
    const read = () => this.sidesOfGame.execute({ gameId });
    if (!this.versusSides) return read();
    return this.versusSides.get(String(gameId), async () => {
      const sides = await read();
      return {
        value: sides,
        topics: [changeTopics.game(gameId)],
        expiresAt: keepsSides(sides) ? null : 0,
      };
    });
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
    await this.invalidations?.publish([changeTopics.game(gameId)]);
    const alphabet = await this.alphabetOf(me.id);
    // My other tabs show the marks I set here (the alphabet read for the answer, no more).
    this.notifier.notify(viewer.userId, 'game:marks', { gameId, alphabet });
    return alphabet;
  }

  /** `GET /game/:id/clear`: removes every mark. A guest's marks were never stored. */
  async clearMarks(viewer: Viewer, gameId: number): Promise<ClearResponse> {
    const { player: me } = await this.playerOf(this.db, viewer, gameId);
    if (viewer.kind === 'user') {
      await this.db.delete(letterMarks).where(eq(letterMarks.playerId, me.id));
      this.notifier.notify(viewer.userId, 'game:marks', { gameId, alphabet: {} });
    }
    await this.invalidations?.publish([changeTopics.game(gameId)]);
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

  /** The games against the computer, as a subquery (docs/PRODUCT.md, 'Computer opponent'). */
  private botGameIds() {
    return this.db.select({ id: botGames.gameId }).from(botGames);
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
