import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { ThrottledWarning, TickingTimer } from '../lib/ticking-timer.ts';
import { isSeekAlive, pairQueue } from '@jotto/shared/pairing-rules';
import type { RealtimeServer } from '../realtime/notifier.ts';
import { sessionRoom } from '../realtime/realtime-plugin.ts';
import type { MatchMetrics } from './match-metrics.ts';
import type { MatchService } from './match-service.ts';

/** How often every node looks at the queue while someone waits in it. */
export const MATCH_QUEUE_TICK_MS = 1_000;
/**
 * The Postgres channel on which a waiting seek written (made, sought again, kept alive) is
 * announced, at commit, by a trigger on `match_seeks` (migrations/0014_idle_job_wakes.sql).
 */
export const MATCH_QUEUE_CHANNEL = 'jotto_match_queue';
/**
 * How stale `seen_at` may grow for a seek whose seeking session has a socket on this node before
 * it is refreshed: a seek kept alive by a socket expires 54 to 60 s after the socket goes (its last
 * refresh was at most this plus one tick before).
 */
export const SOCKET_REFRESH_MS = 5_000;

/**
 * The part of 'Play now' that no request drives (docs/PRODUCT.md, 'Play now'). Every node runs
 * this timer once a second while someone waits in the queue, and not at all while nobody does:
 * a look that finds the queue empty stops it, and the database's announcement of a waiting seek
 * written on any node (`MATCH_QUEUE_CHANNEL`, at commit) starts it again on every node, as does
 * the listening connection coming back (announcements may have been missed meanwhile). An
 * announcement heard during the look that found the queue empty keeps it going: that seek may
 * have committed after the read. An idle node runs no query for the queue; before, it read it
 * every second for ever. While someone waits:
 * - **Sockets keep seeks alive.** A waiting client with a connected real-time channel does not
 *   poll, so the server must see it is still there: the node refreshes `seen_at` of each
 *   waiting seek one of whose live seeking sessions (the rule: `MatchService`) has a socket in
 *   its own Socket.IO rooms (local, no round trip to other nodes), at most every
 *   `SOCKET_REFRESH_MS`. A socket of the player's other sessions does not count: a seek is its
 *   sessions'. When the last such socket closes (the tab is gone) the refreshes stop and the seek
 *   expires within 60 s. Chosen over stamping at the
 *   handshake and at disconnect: a crashed node never sends its disconnects, and every socket
 *   of every player would cost a write whether or not they seek.
 * - **Windows widen with time.** Two seeks too far apart in rating at first may pair once one
 *   has waited 10 s, though neither asks again: the node runs a pairing pass
 *   (`MatchService.pairWaiting`) when the rules would pair someone in the queue as it stands,
 *   or expired seeks (or seeks with no live session left: an expiry nobody announced) are to be
 *   deleted. The pass only tries the queue's lock, so with several nodes one runs it and the
 *   others skip.
 * Reading the queue costs one indexed query a second per node while anyone waits in it.
 */
export class MatchQueueJob {
  private readonly timer = new TickingTimer(MATCH_QUEUE_TICK_MS, () => this.run());
  /** A failing tick (database down) is logged once a minute, not once a second. */
  private readonly failures: ThrottledWarning;
  /** Announcements heard so far (see the class). */
  private wakes = 0;
  private stopped = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly matches: Pick<MatchService, 'waiting' | 'refreshSeen' | 'pairWaiting'>,
    /** Whether this node holds a connected socket of the session (by its keyed hash). */
    private readonly hasLocalSocket: (sessionHash: string) => boolean,
    private readonly listen: DatabaseHandle['listen'],
    log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
    /** Told the queue's length at each read (/metrics). */
    private readonly metrics: Pick<MatchMetrics, 'queueRead'> | null = null,
  ) {
    this.failures = new ThrottledWarning(log);
  }

  /** Listens for waiting seeks; ticks until a look finds the queue empty (one, at start). */
  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten ??= await this.listen(
      MATCH_QUEUE_CHANNEL,
      () => this.wake(),
      () => this.wake(),
    );
  }

  /** Whether the timer ticks now (it sleeps while the queue is empty). */
  get ticking(): boolean {
    return this.timer.ticking;
  }

  /** Stops the timer and its listening, and waits for a tick in progress, so the database is not closed under it. */
  async stop(): Promise<void> {
    this.stopped = true;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await this.timer.stop();
    await unlisten?.();
  }

  private wake(): void {
    if (this.stopped) return;
    this.wakes += 1;
    this.timer.start();
  }

  /** One look at the queue; a tick still running when the next is due makes that one skip. */
  tick(): Promise<void> {
    return this.timer.tick();
  }

  private async run(): Promise<void> {
    const wakes = this.wakes;
    try {
      const waiting = await this.matches.waiting();
      if (waiting.length === 0) {
        this.metrics?.queueRead(0);
        // Nobody waits, and no seek was announced since this look began: sleep.
        if (this.wakes === wakes) this.timer.pause();
        return;
      }
      const now = this.clock().getTime();
      const kept = waiting.filter((seek) => seek.liveSessions.length > 0);
      // The seeks that may still be paired: those with a live session, not expired.
      this.metrics?.queueRead(kept.filter((seek) => isSeekAlive(seek, now)).length);
      const refreshed = new Set(
        kept
          .filter(
            (seek) =>
              isSeekAlive(seek, now) &&
              now - seek.seenAt >= SOCKET_REFRESH_MS &&
              seek.liveSessions.some((sessionHash) => this.hasLocalSocket(sessionHash)),
          )
          .map((seek) => seek.userId),
      );
      await this.matches.refreshSeen([...refreshed]);
      const current = kept.map((seek) =>
        refreshed.has(seek.userId) ? { ...seek, seenAt: now } : seek,
      );
      const ended = kept.length < waiting.length || current.some((seek) => !isSeekAlive(seek, now));
      if (ended || pairQueue(current, now).length > 0) await this.matches.pairWaiting();
    } catch (err) {
      this.failures.warn(err, 'pairing queue tick failed');
    }
  }
}

/**
 * Whether this node holds a connected socket of the session: its session room in this node's
 * own adapter (the Redis adapter keeps local rooms in memory too), so no other node is asked.
 */
export function holdsSocketOf(io: RealtimeServer, sessionHash: string): boolean {
  return (io.of('/').adapter.rooms.get(sessionRoom(sessionHash))?.size ?? 0) > 0;
}
