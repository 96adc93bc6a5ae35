import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { usernameKey, usernameSkeleton } from '@jotto/shared/account-rules';
import { BOT_USERNAME, type BotLevel } from '@jotto/shared/computer-opponent';
import { botMoveRandom, chooseBotGuess } from '@jotto/shared/computer-opponent-moves';
import { COMPUTER_TIME_CONTROL } from '@jotto/shared/time-controls';
import { GAME_MESSAGES, GIVE_UP_WORD } from '@jotto/shared/game-rules';
import type { Database } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { botGames } from '../db/game-tables.ts';
import { ApiError } from '../errors.ts';
import { insertGame } from '../games/game-creation.ts';
import type { GameDomain } from '../games/game-domain.ts';
import { ownerColumnsOf } from '../games/game-ownership.ts';
import { isFinished } from '../games/game-state.ts';
import type { MoveActor } from '../games/guess-command.ts';
import type { Viewer } from '../sessions/viewer.ts';

/** A due move a node has claimed: the game, the computer's side and how it plays. */
export interface ClaimedMove {
  gameId: number;
  playerId: number;
  level: BotLevel;
  seed: number;
  /** Names this claim: only its holder gives the move back (see `release`). */
  leaseToken: string;
}

/** What one claimed move came to. */
export type MoveOutcome =
  /** Guessed (or gave up); more moves follow unless `finished`. */
  | { kind: 'moved'; moves: number; finished: boolean }
  /** The computer had already finished: nothing was played, no move is due any more. */
  | { kind: 'done' }
  /** The lease was lost (another node took the move over): this node changed nothing after. */
  | { kind: 'lost' };

export interface BotServiceOptions {
  /** Each move waits a delay drawn from this range (ms) after the previous one. */
  moveDelayMs: { min: number; max: number };
  /** How long a claimed move is this node's to make before another node may take it over. */
  leaseMs: number;
  log: FastifyBaseLogger;
  /** Draws the pace of the moves (not their words); Math.random unless a test says. */
  random?: () => number;
}

/** The most moves a player makes in a game: the 20th miss takes the score to 0. */
const MOST_MOVES = 20;

/**
 * The computer opponent (docs/PRODUCT.md, 'Computer opponent'): its account, its games, and its
 * moves, made by whichever node claims them (`BotMoveJob` on every node).
 *
 * Its moves go through the guess command like a person's guesses: recorded, scored and settled
 * the same way, and heard by the player as `game:counts`. The computer has no session: its
 * moves are written for its account's row, with no session to check.
 *
 * What a move chooses is `chooseBotGuess` (shared), from the computer's own guesses and their
 * match counts, read back from the database at each move, and a random source seeded by the
 * game and the move's number: the state lives in Postgres, so any node can make the next move,
 * and a move made again after a node stopped halfway chooses the same word (the repeat is then
 * refused as already guessed, and costs nothing).
 */
export class BotService {
  private botUserId: number | null = null;
  private readonly random: () => number;

  constructor(
    private readonly db: Database,
    private readonly games: Pick<GameDomain, 'states' | 'guesses'>,
    private readonly options: BotServiceOptions,
  ) {
    this.random = options.random ?? Math.random;
  }

  /**
   * The computer's account, made by the first node that starts (idempotent: every node runs it
   * at start, before serving). Its username is reserved (registration and finalize refuse it),
   * its skeleton keeps its look-alikes out, and it has no password, e-mail or provider, so
   * nobody can sign in as it. A person's account by that name (from before the name was
   * reserved) stops the start: it cannot be the computer's, and it would be taken for it.
   */
  async ensureAccount(): Promise<number> {
    const byName = sql`lower(${users.username}) = ${usernameKey(BOT_USERNAME)}`;
    await this.db
      .insert(users)
      .values({ username: BOT_USERNAME, usernameSkeleton: usernameSkeleton(BOT_USERNAME) })
      .onConflictDoNothing();
    let [account] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash, email: users.email })
      .from(users)
      .where(byName)
      .limit(1);
    if (!account) {
      // Its skeleton was taken by a look-alike registered before the name was reserved: the
      // account goes without one (the look-alike's skeleton still keeps others out).
      await this.db.insert(users).values({ username: BOT_USERNAME }).onConflictDoNothing();
      [account] = await this.db
        .select({ id: users.id, passwordHash: users.passwordHash, email: users.email })
        .from(users)
        .where(byName)
        .limit(1);
    }
    if (!account) throw new Error(`the computer's account ${BOT_USERNAME} could not be made`);
    if (account.passwordHash !== null || account.email !== null) {
      throw new Error(
        `the username ${BOT_USERNAME} belongs to a player's account (id ${account.id}); it is the computer opponent's: rename that account`,
      );
    }
    this.botUserId = account.id;
    return account.id;
  }

  /**
   * `POST /games/bot`: a versus game between the viewer (an account or a guest) and the
   * computer at `level`, unrated, under a day's time control (time to come back to it, never
   * for ever), its first move due after one delay. One transaction: the
   * game, both sides and the computer's row exist together or not at all.
   */
  async createGame(viewer: Viewer, level: BotLevel): Promise<number> {
    const botUserId = this.accountId();
    return this.db.transaction(async (tx) => {
      const game = { mode: 'versus', rated: false, timeControl: COMPUTER_TIME_CONTROL } as const;
      const { gameId, sideIds } = await insertGame(tx, game, [
        ownerColumnsOf(viewer),
        { userId: botUserId, guestSessionHash: null },
      ]);
      await tx.insert(botGames).values({
        gameId,
        playerId: sideIds[1]!,
        level,
        seed: randomInt(2 ** 31 - 1),
        nextMoveAt: this.after(this.moveDelay()),
      });
      return gameId;
    });
  }

  /**
   * Claims up to `limit` due moves for this node, soonest first: each gets a lease of
   * `leaseMs` under a new token. `FOR UPDATE SKIP LOCKED`: nodes claiming at the same moment
   * take different games, none waits for another; a move whose lease has expired (its node
   * stopped) is due again. One statement.
   */
  async claimDueMoves(limit: number): Promise<ClaimedMove[]> {
    const leaseToken = randomUUID();
    const due = this.db
      .select({ gameId: botGames.gameId })
      .from(botGames)
      .where(
        and(
          lte(botGames.nextMoveAt, sql`now()`),
          or(isNull(botGames.leaseUntil), lte(botGames.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(botGames.nextMoveAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(botGames)
      .set({ leaseUntil: this.after(this.options.leaseMs), leaseToken })
      .where(inArray(botGames.gameId, due))
      .returning({
        gameId: botGames.gameId,
        playerId: botGames.playerId,
        level: botGames.level,
        seed: botGames.seed,
      });
    return claimed.map((move) => ({ ...move, leaseToken }));
  }

  /**
   * The earliest moment a move falls due for any node (ms since the epoch; null when no game
   * awaits a move): a move's time, or for a claimed move the end of its lease, when another node
   * takes it over should its node have stopped. The nodes' `BotMoveJob` sleep until it. One
   * statement over the games in play (the partial index of `next_move_at`).
   */
  async nextDue(): Promise<number | null> {
    const [row] = await this.db
      .select({
        at: sql<string | null>`min(greatest(${botGames.nextMoveAt}, ${botGames.leaseUntil}))`,
      })
      .from(botGames)
      .where(isNotNull(botGames.nextMoveAt));
    return row?.at ? new Date(row.at).getTime() : null;
  }

  /**
   * Makes a claimed move and gives it back with the next one's time: after a delay drawn
   * from the pace, none once the computer has finished. When the player has given up, the
   * computer plays its remaining moves at once (at most 20), so that the game settles without
   * the player waiting for an outcome already decided (docs/PRODUCT.md, 'Computer opponent').
   */
  async playMove(claim: ClaimedMove): Promise<MoveOutcome> {
    let moves = 0;
    for (;;) {
      const state = await this.stateOf(claim);
      if (!state || isFinished(state.bot)) {
        await this.release(claim, null);
        return moves === 0 ? { kind: 'done' } : { kind: 'moved', moves, finished: true };
      }
      const finished = await this.guess(claim, state.answers, state.bot.guessCount);
      moves += 1;
      const atOnce = state.opponent?.forfeit === true && !finished && moves < MOST_MOVES;
      if (atOnce) continue;
      const given = await this.release(claim, finished ? null : this.after(this.moveDelay()));
      return given ? { kind: 'moved', moves, finished } : { kind: 'lost' };
    }
  }

  /**
   * Gives claimed moves back untouched (a node stopping before it made them): they are due at
   * once for any node, instead of after the lease. One statement for all of them: given back one
   * by one, the first one's announcement woke another node, which claimed it and then sat on it
   * (its look lasts while the move waits, on a game's lock say) with the rest given back behind
   * it, due but unclaimed (server/test/node-drain.test.ts caught it under load).
   */
  async releaseUnplayed(claims: readonly ClaimedMove[]): Promise<void> {
    if (claims.length === 0) return;
    await this.db
      .update(botGames)
      .set({ leaseUntil: null, leaseToken: null })
      .where(
        or(
          ...claims.map((claim) =>
            and(eq(botGames.gameId, claim.gameId), eq(botGames.leaseToken, claim.leaseToken)),
          ),
        ),
      );
  }

  /** The computer's side, its answers so far (oldest first) and the player's side. */
  private async stateOf(claim: ClaimedMove) {
    // Read afresh: another node may have made the last move.
    const held = await this.games.states.reload(claim.gameId);
    const bot = held?.game.sides.find((side) => side.id === claim.playerId);
    if (!held || !bot) return null;
    const answers = [...bot.guesses].reverse();
    return { bot, answers, opponent: held.game.sides.find((side) => side !== bot) ?? null };
  }

  /** One move through the game's own guess path; true when it ended the computer's game. */
  private async guess(
    claim: ClaimedMove,
    answers: { word: string; matches: number }[],
    moveNumber: number,
  ): Promise<boolean> {
    let word: string;
    try {
      word = chooseBotGuess(claim.level, answers, botMoveRandom(claim.seed, moveNumber));
    } catch (err) {
      // Its answers fit no secret of the list (changed under a game in play): it gives up
      // rather than guess blindly.
      this.options.log.warn({ err, gameId: claim.gameId }, 'computer opponent gives up');
      word = GIVE_UP_WORD;
    }
    try {
      const answer = await this.games.guesses.play(this.actor(), claim.gameId, word);
      return answer.finished;
    } catch (err) {
      // Over for the computer already (the player's side settled it, or another node's move
      // finished it): nothing more to play.
      if (err instanceof ApiError && err.message === GAME_MESSAGES.gameOver) return true;
      // The same move made by another node that took it over: the next read sees it.
      if (err instanceof ApiError && err.message === GAME_MESSAGES.alreadyGuessed) return false;
      throw err;
    }
  }

  /** Sets when the next move is due (null: none) and ends the lease, if it is still ours. */
  private async release(claim: ClaimedMove, nextMoveAt: SQL<Date> | null) {
    const given = await this.db
      .update(botGames)
      .set({ nextMoveAt, leaseUntil: null, leaseToken: null })
      .where(and(eq(botGames.gameId, claim.gameId), eq(botGames.leaseToken, claim.leaseToken)))
      .returning({ gameId: botGames.gameId });
    return given.length > 0;
  }

  /** The computer as a mover: its account, with no session to check. */
  private actor(): MoveActor {
    const viewer: Viewer = {
      kind: 'user',
      userId: this.accountId(),
      username: BOT_USERNAME,
      // No session speaks for the computer; its moves are written for its account's row.
      sessionHash: '',
    };
    return { sessionHash: null, viewer: async () => viewer };
  }

  /** The delay before the next move, drawn uniformly from the pace's range. */
  private moveDelay(): number {
    const { min, max } = this.options.moveDelayMs;
    return Math.round(min + this.random() * (max - min));
  }

  /** `ms` after the database's now: every node compares times on the same clock. */
  private after(ms: number): SQL<Date> {
    return sql<Date>`now() + ${ms} * interval '1 millisecond'`;
  }

  private accountId(): number {
    if (this.botUserId === null) throw new Error('BotService.ensureAccount has not run');
    return this.botUserId;
  }
}
