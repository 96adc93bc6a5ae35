import type { FastifyBaseLogger } from 'fastify';
import { ThrottledWarning, TickingTimer } from '../lib/ticking-timer.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { RealtimeServer } from './notifier.ts';

/**
 * How often a node checks, in the database, that the sessions of the sockets it holds are still
 * live. Logout, a password reset and a sign-in close their session's sockets at once on every
 * node, but by a broadcast over Redis that can be lost (Redis away, or the node that ended the
 * session crashing after its commit); without a check, a socket whose session ended would hear
 * the account's events until the session's original expiry, weeks later. We promise a minute at
 * most (docs/SECURITY.md, 'The real-time channel'): half of it, so that a check that fails (the
 * database away for a moment) is made again in time, for one indexed statement per node per
 * period.
 */
export const SESSION_RECHECK_MS = 30_000;

/**
 * Closes the sockets this node holds whose session has ended (gone, or expired) without this
 * node hearing of it: every `periodMs`, one statement for the sessions of all of them
 * (`SessionStore.liveAmong`, from the database, never from the node's cache of sessions). The
 * timer runs only while the node holds sockets (`socketsChanged`): a node with none asks nothing.
 * A socket closes as logout closes it (`disconnect(true)`), so its client sees the same reason.
 */
export class SessionRecheck {
  private readonly timer: TickingTimer;
  /** A failing check (database down) is logged once a minute, not once a period. */
  private readonly failures: ThrottledWarning;

  constructor(
    private readonly io: RealtimeServer,
    private readonly sessions: Pick<SessionStore, 'liveAmong'>,
    private readonly log: FastifyBaseLogger,
    periodMs: number = SESSION_RECHECK_MS,
  ) {
    this.timer = new TickingTimer(periodMs, () => this.run());
    this.failures = new ThrottledWarning(log);
  }

  /** Call after a socket was admitted or has gone: starts the timer, or stops it at none. */
  socketsChanged(): void {
    if (this.io.of('/').sockets.size > 0) this.timer.start();
    else void this.timer.stop();
  }

  /** Stops the timer and waits for a check in progress, so the database is not closed under it. */
  stop(): Promise<void> {
    return this.timer.stop();
  }

  private async run(): Promise<void> {
    const sockets = [...this.io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    // Only the sessions asked about: a socket admitted while the statement ran is not judged by it.
    const checked = new Set(sockets.map((socket) => socket.data.sessionHash));
    try {
      const live = await this.sessions.liveAmong([...checked]);
      const ended = new Set([...checked].filter((sessionHash) => !live.has(sessionHash)));
      if (ended.size === 0) return;
      let closed = 0;
      for (const socket of this.io.of('/').sockets.values()) {
        if (!ended.has(socket.data.sessionHash)) continue;
        socket.disconnect(true);
        closed += 1;
      }
      // Logout closes these at once; a socket found here means an end this node did not hear.
      this.log.info({ sessions: ended.size, sockets: closed }, 'sockets of ended sessions closed');
    } catch (err) {
      this.failures.warn(err, 'session re-check of sockets failed');
    }
  }
}
