import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { DueTimer } from '../lib/due-timer.ts';
import { ThrottledWarning } from '../lib/ticking-timer.ts';
import type { BotMoveMetrics } from './bot-metrics.ts';
import type { BotService, ClaimedMove } from './bot-service.ts';

/**
 * The Postgres channel on which every move that falls due for any node is announced, at commit,
 * by a trigger on `bot_games` (migrations/0014_idle_job_wakes.sql): a game made, a move made
 * (the next one's time), a claim given back. The payload is the moment, in milliseconds since
 * the epoch.
 */
export const BOT_MOVES_CHANNEL = 'jotto_bot_moves';

/**
 * The most moves one node makes per run: bounded work (each move is a few statements and at
 * most a few ms of CPU for a hard move), and what is left is due at once for the next run (a
 * tenth of a second later, see `DueTimer`) or another node.
 */
export const BOT_MOVES_PER_TICK = 16;
/**
 * Moves made at the same time within a run: two, so that a slow statement does not hold the
 * others back, while a node's pool of connections keeps room for requests (a move reads with two
 * statements at once).
 */
const MOVES_AT_ONCE = 2;

/**
 * The computer opponent's clock (docs/PRODUCT.md, 'Computer opponent'). Every node sleeps until
 * the earliest moment a move falls due (`DueTimer`: the next move's time, or the end of a lease
 * whose node may have stopped), woken earlier by each new moment the database announces at
 * commit (`BOT_MOVES_CHANNEL`), and re-reads the earliest moment whenever its listening
 * connection is (re)established. With no game against the computer in play a node runs no
 * query at all; before, it looked every 500 ms, two statements a second per node for ever. Each
 * run claims up to `BOT_MOVES_PER_TICK` due moves (`BotService.claimDueMoves`, one indexed
 * statement) and makes them, two at a time. Nothing of a game lives in a node: a node that
 * stops between its claim and its move leaves the lease to expire, and the other nodes, which
 * read the lease's end as their next moment, take the move over. A node stopping in good order
 * (its drain) gives back at once the moves it has claimed but not started (announced, so that
 * another node makes them at once), and makes the moves in hand.
 */
export class BotMoveJob {
  /** A timer of its own for each start: a stopped `DueTimer` stays stopped. */
  private timer: DueTimer;
  private unlisten: (() => Promise<void>) | null = null;
  /** A failing run (database down) is logged once a minute, not every run. */
  private readonly failures: ThrottledWarning;
  private stopping: Promise<void> | null = null;
  /** The moves of the run in progress that no one has started yet. */
  private unstarted: ClaimedMove[] = [];

  constructor(
    private readonly bots: Pick<
      BotService,
      'claimDueMoves' | 'playMove' | 'releaseUnplayed' | 'nextDue'
    >,
    private readonly listen: DatabaseHandle['listen'],
    private readonly log: FastifyBaseLogger,
    /** Counts the moves found due and what became of them (/metrics). */
    private readonly metrics: BotMoveMetrics | null = null,
  ) {
    this.timer = this.newTimer();
    this.failures = new ThrottledWarning(log);
  }

  /** Listens for due moves and sleeps until the earliest (read once listening). */
  async start(): Promise<void> {
    if (this.unlisten) return;
    if (this.stopping) {
      await this.stopping;
      this.stopping = null;
      this.timer = this.newTimer();
    }
    this.unlisten = await this.listen(
      BOT_MOVES_CHANNEL,
      (payload) => {
        const at = Number(payload);
        if (Number.isFinite(at)) this.timer.wake(at);
      },
      () => void this.timer.rearm(),
    );
  }

  /**
   * Stops the timer, gives back at once the claimed moves not started yet (rather than after
   * the moves in hand, which may wait on a lock for seconds), and waits for the moves in hand,
   * so the database is not closed under them, and stops listening. Called again, answers the
   * same.
   */
  stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.stopping ??= Promise.all([
      this.giveBack(this.unstarted.splice(0)),
      this.timer.stop().then(() => unlisten?.()),
    ]).then(() => {});
    return this.stopping;
  }

  /** One look for due moves now (tests); one already running is joined, then run again. */
  tick(): Promise<void> {
    return this.timer.runNow();
  }

  private newTimer(): DueTimer {
    return new DueTimer(
      () => this.run(),
      () => this.bots.nextDue(),
      this.log,
    );
  }

  private async run(): Promise<void> {
    if (this.stopping) return;
    let claims: ClaimedMove[];
    try {
      claims = await this.bots.claimDueMoves(BOT_MOVES_PER_TICK);
    } catch (err) {
      this.failures.warn(err, 'looking for due moves failed');
      return;
    }
    this.metrics?.due(claims.length);
    // Stopped while claiming: none of them is this node's to make.
    if (this.stopping) return this.giveBack(claims);
    this.unstarted = [...claims];
    const makeMoves = async () => {
      for (let claim = this.unstarted.shift(); claim; claim = this.unstarted.shift()) {
        await this.makeMove(claim);
      }
    };
    await Promise.all(Array.from({ length: MOVES_AT_ONCE }, makeMoves));
  }

  /** Gives claimed moves back untouched: due at once for any node, not after their lease. */
  private async giveBack(claims: ClaimedMove[]): Promise<void> {
    if (claims.length === 0) return;
    for (let i = 0; i < claims.length; i += 1) this.metrics?.ended('given back');
    await this.bots.releaseUnplayed(claims).catch((err: unknown) => {
      this.failures.warn(err, 'giving back unplayed moves failed');
    });
  }

  private async makeMove(claim: ClaimedMove): Promise<void> {
    try {
      const outcome = await this.bots.playMove(claim);
      this.metrics?.ended(outcome.kind === 'moved' ? 'made' : outcome.kind);
      if (outcome.kind === 'lost') {
        this.log.warn({ gameId: claim.gameId }, 'a move took longer than its lease');
      }
    } catch (err) {
      // The lease runs out and the move is tried again, by this node or another.
      this.metrics?.ended('failed');
      this.failures.warn(err, 'a move of the computer opponent failed', { gameId: claim.gameId });
    }
  }
}
