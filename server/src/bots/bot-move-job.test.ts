import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BOT_MOVES_PER_TICK, BotMoveJob } from './bot-move-job.ts';
import type { ClaimedMove, MoveOutcome } from './bot-service.ts';

const claimOf = (gameId: number): ClaimedMove => ({
  gameId,
  playerId: gameId * 10,
  level: 'easy',
  seed: gameId,
  leaseToken: 't',
});

/**
 * The job's own rules over a stand-in of the service (the claims and moves themselves run on a
 * real database in server/test/computer-opponent.test.ts): how much one tick takes on, that a
 * failed move does not stop the others, and what a stopping node gives back.
 */
function fakeBots(due: number, play: (claim: ClaimedMove) => Promise<MoveOutcome>) {
  const queue = Array.from({ length: due }, (_, i) => claimOf(i + 1));
  const played: number[] = [];
  const released: number[] = [];
  let claimCalls = 0;
  let atOnce = 0;
  let mostAtOnce = 0;
  return {
    played,
    released,
    get claimCalls() {
      return claimCalls;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
    service: {
      claimDueMoves: async (limit: number) => {
        claimCalls += 1;
        return queue.splice(0, limit);
      },
      playMove: async (claim: ClaimedMove) => {
        atOnce += 1;
        mostAtOnce = Math.max(mostAtOnce, atOnce);
        try {
          const outcome = await play(claim);
          played.push(claim.gameId);
          return outcome;
        } finally {
          atOnce -= 1;
        }
      },
      releaseUnplayed: async (claims: readonly ClaimedMove[]) => {
        released.push(...claims.map((c) => c.gameId));
      },
      // Nothing due later: a look is made only when a test asks for it.
      nextDue: async (): Promise<number | null> => null,
    },
  };
}

const moved: MoveOutcome = { kind: 'moved', moves: 1, finished: false };
const silent = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for the database's LISTEN: the test announces moments itself. */
function fakeListen() {
  const heard: { notify?: (payload: string) => void; listening?: () => void } = {};
  return {
    heard,
    listen: async (_channel: string, notify: (payload: string) => void, listening: () => void) => {
      heard.notify = notify;
      heard.listening = listening;
      listening();
      return async () => {};
    },
  };
}

const jobOf = (bots: ReturnType<typeof fakeBots>) =>
  new BotMoveJob(bots.service, fakeListen().listen, silent);

describe('BotMoveJob', () => {
  it('makes at most BOT_MOVES_PER_TICK moves a tick, two at a time', async () => {
    const bots = fakeBots(40, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return moved;
    });
    const job = jobOf(bots);
    await job.tick();
    expect(bots.played).toHaveLength(BOT_MOVES_PER_TICK);
    expect(bots.mostAtOnce).toBe(2);
    await job.tick();
    await job.tick();
    expect(bots.played).toHaveLength(40);
    expect(new Set(bots.played).size).toBe(40);
  });

  it('goes on with the other moves when one fails, and never throws', async () => {
    const bots = fakeBots(5, async (claim) => {
      if (claim.gameId === 2) throw new Error('statement timeout');
      return moved;
    });
    const job = jobOf(bots);
    await expect(job.tick()).resolves.toBeUndefined();
    expect(bots.played.sort()).toEqual([1, 3, 4, 5]);
    // The failed one keeps its lease: it is due again when the lease runs out.
    expect(bots.released).toEqual([]);
  });

  it('stopping finishes the moves in hand and gives back the ones not started', async () => {
    const stopping: { done?: Promise<void> } = {};
    const bots = fakeBots(10, async (claim) => {
      if (claim.gameId === 1) stopping.done = job.stop();
      await new Promise((resolve) => setTimeout(resolve, 5));
      return moved;
    });
    const job = jobOf(bots);
    await job.tick();
    await stopping.done;
    // The first move stopped the node before the second was started: only it was made.
    expect(bots.played).toEqual([1]);
    expect(bots.released.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('gives back the moves not started at once, before the moves in hand are done', async () => {
    const inHand: Array<() => void> = [];
    const bots = fakeBots(6, () => new Promise((resolve) => inHand.push(() => resolve(moved))));
    const job = jobOf(bots);
    const ticking = job.tick();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inHand).toHaveLength(2);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The two moves in hand still wait (on a lock, say): the other four are another node's now.
    expect(bots.released.sort((a, b) => a - b)).toEqual([3, 4, 5, 6]);
    expect(stopped).toBe(false);
    inHand.splice(0).forEach((finish) => finish());
    await Promise.all([ticking, stopping]);
    expect(bots.played.sort()).toEqual([1, 2]);
    // A tick after the stop claims nothing.
    await job.tick();
    expect(bots.claimCalls).toBe(1);
  });

  it('never makes two looks at once: one asked for meanwhile follows the one running', async () => {
    const pending: Array<() => void> = [];
    const bots = fakeBots(3, () => new Promise((resolve) => pending.push(() => resolve(moved))));
    const job = jobOf(bots);
    const first = job.tick();
    await sleep(10);
    const second = job.tick();
    expect(bots.claimCalls).toBe(1);
    while (bots.played.length < 3) {
      pending.splice(0).forEach((finish) => finish());
      await sleep(5);
    }
    await Promise.all([first, second]);
    expect(bots.played).toHaveLength(3);
    expect(bots.claimCalls).toBe(2);
  });

  it('sleeps while no move is due, and wakes for the moment a move falls due', async () => {
    const bots = fakeBots(1, async () => moved);
    let due: number | null = null;
    bots.service.nextDue = async () => due;
    const { heard, listen } = fakeListen();
    const job = new BotMoveJob(bots.service, listen, silent);
    await job.start();
    await sleep(100);
    // Nothing due: not one look at the database.
    expect(bots.claimCalls).toBe(0);
    // A game made on another node: its first move's moment, announced at commit.
    heard.notify!(String(Date.now() + 50));
    await sleep(20);
    expect(bots.claimCalls).toBe(0);
    await sleep(100);
    expect(bots.played).toEqual([1]);
    expect(bots.claimCalls).toBe(1);
    // Listening again (the connection came back): the earliest moment is read from the store.
    due = Date.now() + 30;
    heard.listening!();
    await sleep(120);
    expect(bots.claimCalls).toBe(2);
    await job.stop();
  });
});
