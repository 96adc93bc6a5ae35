import type { FastifyBaseLogger } from 'fastify';
import { ThrottledWarning, TickingTimer } from '../lib/ticking-timer.ts';
import type { BotMoveMetrics } from './bot-metrics.ts';
import type { BotService, ClaimedMove } from './bot-service.ts';

/**
 * The most moves one node makes per tick: bounded work (each move is a few statements and at most
 * a few ms of CPU for a hard move), and what is left is due for the next tick or another node.
 * At the default tick (500 ms) a node makes at most 32 moves a second: at the default pace (a
 * move every 5.5 s on average) that drives about 175 games at once, per node.
 */
export const BOT_MOVES_PER_TICK = 16;
/**
 * Moves made at the same time within a tick: two, so that a slow statement does not hold the
 * others back, while a node's pool of connections keeps room for requests (a move reads with two
 * statements at once).
 */
const MOVES_AT_ONCE = 2;

/**
 * The computer opponent's clock (docs/PRODUCT.md, 'Computer opponent'). Every node runs this
 * timer: each tick claims up to `BOT_MOVES_PER_TICK` due moves (`BotService.claimDueMoves`, one
 * indexed statement; none due costs nothing else) and makes them, two at a time. Nothing
 * of a game lives in a node: a node that stops between its claim and its move leaves the lease
 * to expire, and the next tick of any node takes the move over. A node stopping in good order
 * (its drain) gives back at once the moves it has claimed but not started, so that another node
 * makes them at its next tick, and makes the moves in hand.
 */
export class BotMoveJob {
  private readonly timer: TickingTimer;
  /** A failing tick (database down) is logged once a minute, not every tick. */
  private readonly failures: ThrottledWarning;
  private stopping: Promise<void> | null = null;
  /** The moves of the tick in progress that no one has started yet. */
  private unstarted: ClaimedMove[] = [];

  constructor(
    private readonly bots: Pick<BotService, 'claimDueMoves' | 'playMove' | 'releaseUnplayed'>,
    tickMs: number,
    private readonly log: FastifyBaseLogger,
    /** Counts the moves found due and what became of them (/metrics). */
    private readonly metrics: BotMoveMetrics | null = null,
  ) {
    this.timer = new TickingTimer(tickMs, () => this.run());
    this.failures = new ThrottledWarning(log);
  }

  start(): void {
    this.stopping = null;
    this.timer.start();
  }

  /**
   * Stops the timer, gives back at once the claimed moves not started yet (rather than after
   * the moves in hand, which may wait on a lock for seconds), and waits for the moves in hand,
   * so the database is not closed under them. Called again, answers the same.
   */
  stop(): Promise<void> {
    this.stopping ??= Promise.all([
      this.giveBack(this.unstarted.splice(0)),
      this.timer.stop(),
    ]).then(() => {});
    return this.stopping;
  }

  /** One look for due moves; a tick still running when the next is due makes that one skip. */
  tick(): Promise<void> {
    return this.timer.tick();
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
