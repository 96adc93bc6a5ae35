import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { DueTimer } from '../lib/due-timer.ts';
import type { GameAnnouncer } from './game-announcer.ts';
import type { GameClock } from './game-clock.ts';

/**
 * The Postgres channel on which every new due moment of a game is announced, at commit, by a
 * trigger on `games.clock_due_at` (migrations/0011_time_controls.sql): the payload is the moment
 * in milliseconds since the epoch.
 */
export const GAME_CLOCK_CHANNEL = 'jotto_game_clock';

/**
 * Every node's game clock: asleep until the earliest due moment of any game (`DueTimer`), woken
 * earlier by each new due moment the database announces at commit (a game made on any node),
 * and re-armed from the database whenever its listening connection is (re)established, as it
 * may have missed announcements meanwhile. An idle cluster runs no query at all. Nodes woken at
 * the same moment share the due games (see `GameClock`); each ended game is announced once.
 */
export class GameClockJob {
  private readonly timer: DueTimer;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly clock: GameClock,
    private readonly announcer: GameAnnouncer,
    private readonly listen: DatabaseHandle['listen'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = new DueTimer(
      () => this.run(),
      () => clock.nextDue(),
      log,
    );
  }

  async start(): Promise<void> {
    this.unlisten = await this.listen(
      GAME_CLOCK_CHANNEL,
      (payload) => {
        const at = Number(payload);
        if (Number.isFinite(at)) this.timer.wake(at);
      },
      () => void this.timer.rearm(),
    );
  }

  /** Looks at the due games now (tests; the timer does it by itself). */
  runNow(): Promise<void> {
    return this.timer.runNow();
  }

  /** Stops the timer and its listening (a second call, at close after the drain, does nothing). */
  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    await this.timer.stop();
    await unlisten?.();
  }

  private async run(): Promise<void> {
    for (const ended of await this.clock.runDue()) {
      this.log.info({ gameId: ended.gameId, reason: ended.reason }, 'game clock ended a game');
      await this.announcer.ended(ended);
    }
  }
}
