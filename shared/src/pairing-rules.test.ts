import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestPartner,
  isRepeatPair,
  isSeekAlive,
  maySeeksPair,
  PAIRING_RATING_WINDOW,
  PAIRING_WIDENS_AFTER_MS,
  pairingWindow,
  pairQueue,
  type QueuedSeek,
  SEEK_EXPIRY_MS,
} from './pairing-rules.ts';

const NOW = 1_800_000_000_000;
/** A seek of `userId` at `rating` that began `waitedMs` ago and was seen just now. */
const seek = (userId: number, rating: number, waitedMs = 0, seenAgoMs = 0): QueuedSeek => ({
  userId,
  rating,
  since: NOW - waitedMs,
  seenAt: NOW - seenAgoMs,
});

describe('the rating window', () => {
  it('is ±100 at first and any rating from 10 s of waiting on', () => {
    expect(PAIRING_RATING_WINDOW).toBe(100);
    expect(PAIRING_WIDENS_AFTER_MS).toBe(10_000);
    expect(pairingWindow(0)).toBe(100);
    expect(pairingWindow(9_999)).toBe(100);
    expect(pairingWindow(10_000)).toBe(Infinity);
    expect(pairingWindow(3_600_000)).toBe(Infinity);
  });

  it('pairs ratings 100 apart at once, and 101 apart only once one of the two has waited 10 s', () => {
    expect(maySeeksPair(seek(1, 1500), seek(2, 1600), NOW)).toBe(true);
    expect(maySeeksPair(seek(1, 1500), seek(2, 1400), NOW)).toBe(true);
    expect(maySeeksPair(seek(1, 1500), seek(2, 1601), NOW)).toBe(false);
    expect(maySeeksPair(seek(1, 1500, 9_999), seek(2, 1601), NOW)).toBe(false);
    // The longer wait decides, whichever side it is on.
    expect(maySeeksPair(seek(1, 1500, 10_000), seek(2, 2400), NOW)).toBe(true);
    expect(maySeeksPair(seek(1, 1500), seek(2, 900, 10_000), NOW)).toBe(true);
  });

  it('widens as time passes, for the same two seeks', () => {
    const a = seek(1, 1500, 0);
    const b = seek(2, 1850, 0);
    expect(maySeeksPair(a, b, NOW)).toBe(false);
    expect(maySeeksPair(a, b, NOW + 9_999)).toBe(false);
    expect(maySeeksPair(a, b, NOW + 10_000)).toBe(true);
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 3000 }),
        fc.integer({ min: 100, max: 3000 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (ra, rb, wa, wb) => {
          const a = seek(1, ra, wa);
          const b = seek(2, rb, wb);
          expect(maySeeksPair(a, b, NOW)).toBe(maySeeksPair(b, a, NOW));
        },
      ),
    );
  });
});

describe('expiry', () => {
  it('keeps a seek seen less than 60 s ago, and not one seen 60 s ago', () => {
    expect(SEEK_EXPIRY_MS).toBe(60_000);
    expect(isSeekAlive(seek(1, 1500, 0, 0), NOW)).toBe(true);
    expect(isSeekAlive(seek(1, 1500, 0, 59_999), NOW)).toBe(true);
    expect(isSeekAlive(seek(1, 1500, 0, 60_000), NOW)).toBe(false);
  });

  it('never pairs an expired seek, however long it waited and however close the rating', () => {
    const expired = seek(1, 1500, 120_000, 60_000);
    expect(maySeeksPair(expired, seek(2, 1500), NOW)).toBe(false);
    expect(maySeeksPair(seek(2, 1500), expired, NOW)).toBe(false);
    expect(bestPartner(seek(2, 1500), [expired], NOW)).toBeNull();
    expect(pairQueue([expired, seek(2, 1500)], NOW)).toEqual([]);
  });

  it('counts the wait from when it began, not from the last sign of life', () => {
    // Seen a moment ago, waiting for 30 s: the window is open.
    expect(maySeeksPair(seek(1, 1500, 30_000, 1_000), seek(2, 2500), NOW)).toBe(true);
  });
});

describe('choosing a partner', () => {
  it('never pairs a player with themselves', () => {
    expect(maySeeksPair(seek(7, 1500, 20_000), seek(7, 1500, 20_000), NOW)).toBe(false);
    expect(bestPartner(seek(7, 1500), [seek(7, 1500, 5_000)], NOW)).toBeNull();
    expect(pairQueue([seek(7, 1500, 20_000), seek(7, 1500, 15_000)], NOW)).toEqual([]);
  });

  it('prefers the closest rating, then the longest wait, then the lowest id', () => {
    const me = seek(1, 1500);
    expect(
      bestPartner(me, [seek(2, 1580, 5_000), seek(3, 1470, 1_000), seek(4, 1560)], NOW)?.userId,
    ).toBe(3);
    expect(bestPartner(me, [seek(2, 1530, 1_000), seek(3, 1470, 4_000)], NOW)?.userId).toBe(3);
    expect(bestPartner(me, [seek(9, 1520, 1_000), seek(5, 1480, 1_000)], NOW)?.userId).toBe(5);
  });

  it('takes a far rating only when nobody close may pair', () => {
    const me = seek(1, 1500);
    // 2 is far and has waited 12 s (window open); 3 is close.
    expect(bestPartner(me, [seek(2, 2100, 12_000), seek(3, 1450)], NOW)?.userId).toBe(3);
    expect(bestPartner(me, [seek(2, 2100, 12_000), seek(3, 1650)], NOW)?.userId).toBe(2);
    expect(bestPartner(me, [seek(2, 2100, 8_000), seek(3, 1650)], NOW)).toBeNull();
  });

  it('does not pair the same two players twice in a row while anyone else is waiting', () => {
    const me = { ...seek(1, 1500), lastOpponent: 2 };
    const them = seek(2, 1500, 3_000);
    expect(isRepeatPair(me, them)).toBe(true);
    expect(isRepeatPair(them, me)).toBe(true);
    // Nobody else: the two may meet again.
    expect(bestPartner(me, [them], NOW)?.userId).toBe(2);
    // Someone else is waiting, even one the window does not allow yet: not each other.
    expect(bestPartner(me, [them, seek(3, 1900, 1_000)], NOW)).toBeNull();
    expect(bestPartner(me, [them, seek(3, 1520, 1_000)], NOW)?.userId).toBe(3);
    // The other side remembers too.
    const fresh = seek(1, 1500);
    expect(bestPartner(fresh, [{ ...them, lastOpponent: 1 }, seek(3, 1700)], NOW)).toBeNull();
    // A whole queue: 1 and 2 met last time, so each takes someone else.
    const pairs = pairQueue(
      [me, them, seek(3, 1510, 12_000), seek(4, 1490, 12_000)].map((s, i) => ({
        ...s,
        since: NOW - 20_000 + i,
      })),
      NOW,
    );
    expect(pairs.map(([a, b]) => [a.userId, b.userId].sort())).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it('pairs the queue oldest first, each with its closest partner', () => {
    const pairs = pairQueue(
      [seek(1, 1500, 3_000), seek(2, 1560, 2_000), seek(3, 1510, 1_000), seek(4, 1900, 500)],
      NOW,
    );
    expect(pairs.map(([a, b]) => [a.userId, b.userId])).toEqual([[1, 3]]);
    const later = pairQueue(
      [seek(2, 1560, 12_000), seek(4, 1900, 10_500), seek(5, 2500, 100)],
      NOW,
    );
    // 2 has waited 12 s: it takes the closest of all (4, 340 away), and 5 waits on.
    expect(later.map(([a, b]) => [a.userId, b.userId])).toEqual([[2, 4]]);
  });

  it('never puts a player in two pairs, nor with themselves, nor an expired seek', () => {
    const queued = fc.record({
      userId: fc.integer({ min: 1, max: 40 }),
      rating: fc.integer({ min: 800, max: 2400 }),
      waited: fc.integer({ min: 0, max: 90_000 }),
      seenAgo: fc.integer({ min: 0, max: 90_000 }),
    });
    fc.assert(
      fc.property(fc.array(queued, { maxLength: 80 }), (rows) => {
        const seeks = rows.map((row) => seek(row.userId, row.rating, row.waited, row.seenAgo));
        const pairs = pairQueue(seeks, NOW);
        const players = pairs.flatMap(([a, b]) => [a.userId, b.userId]);
        expect(new Set(players).size).toBe(players.length);
        for (const [a, b] of pairs) {
          expect(a.userId).not.toBe(b.userId);
          expect(maySeeksPair(a, b, NOW)).toBe(true);
        }
        // Nothing left that could still pair: the pass is complete.
        // (A player's first row stands for them, as in the queue's table, where it is the only one.)
        const left = seeks
          .filter((s, i) => seeks.findIndex((other) => other.userId === s.userId) === i)
          .filter((s) => !players.includes(s.userId) && isSeekAlive(s, NOW));
        for (const a of left) {
          for (const b of left) expect(maySeeksPair(a, b, NOW)).toBe(false);
        }
      }),
    );
  });
});

describe('blocks in the queue', () => {
  const now = 1_000_000;
  const seek = (userId: number, keepsAwayFrom: number[] = []): QueuedSeek => ({
    userId,
    rating: 1500,
    since: now - 20_000,
    seenAt: now,
    keepsAwayFrom: new Set(keepsAwayFrom),
  });

  it('never pairs two players a block keeps apart, whichever side lists it', () => {
    expect(maySeeksPair(seek(1, [2]), seek(2), now)).toBe(false);
    expect(maySeeksPair(seek(1), seek(2, [1]), now)).toBe(false);
    expect(bestPartner(seek(1, [2]), [seek(2)], now)).toBeNull();
    expect(pairQueue([seek(1, [2]), seek(2, [1])], now)).toEqual([]);
  });

  it('pairs each with someone else, and a blocked player is nobody for the repeat rule', () => {
    const pairs = pairQueue([seek(1, [2]), seek(2, [1]), seek(3), seek(4)], now);
    expect(pairs.map(([a, b]) => [a.userId, b.userId])).toEqual([
      [1, 3],
      [2, 4],
    ]);
    // 1's last opponent was 3; the only other waiting is 2, whom 1 blocked: 3 it is.
    const again = { ...seek(1, [2]), lastOpponent: 3 };
    expect(bestPartner(again, [seek(2), seek(3)], now)?.userId).toBe(3);
  });
});
