import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VERSUS_OUTCOMES, versusOutcome, type VersusSide } from './game-rules.ts';
import {
  currentDeviation,
  glicko2Update,
  INITIAL_RATING,
  isProvisional,
  PROVISIONAL_DEVIATION,
  RATING_PERIOD_MS,
  ratingAfterGame,
  ratingPeriodsBetween,
  ratingScore,
  ratingText,
  type RatingScore,
  type SettledOutcome,
  type StoredRating,
} from './glicko2.ts';

const NOW = new Date('2026-03-04T12:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * RATING_PERIOD_MS);
const fresh: StoredRating = { ...INITIAL_RATING, ratedAt: null };

describe('glicko2Update', () => {
  it("gives the paper's worked example: 1500/200 vs 1400/30 won, 1550/100 and 1700/300 lost", () => {
    const after = glicko2Update({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300 }, score: 0 },
    ]);
    // The paper prints 1464.06, 151.52 and 0.05999: it rounds μ′ to −0.2069 before converting
    // back (so its rating is within 0.01 of the exact 1464.0507) and cuts σ′ at 5 decimals.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(after.deviation.toFixed(2)).toBe('151.52');
    expect(Math.floor(after.volatility * 1e5) / 1e5).toBe(0.05999);
    // Full precision, as other implementations of the same steps give it.
    expect(after.rating).toBeCloseTo(1464.0507, 4);
    expect(after.deviation).toBeCloseTo(151.5165, 4);
    expect(after.volatility).toBeCloseTo(0.059996, 6);
  });

  it('only grows the deviation in a period without games', () => {
    const player = { rating: 1500, deviation: 200, volatility: 0.06 };
    const after = glicko2Update(player, []);
    expect(after.rating).toBe(1500);
    expect(after.volatility).toBe(0.06);
    // φ* = √(φ² + σ²) on the Glicko-2 scale: √(200² + (0.06 · 173.7178)²).
    expect(after.deviation).toBeCloseTo(Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2), 9);
  });
});

describe('inactivity', () => {
  it('counts whole days since the last rated game, none before the first', () => {
    expect(ratingPeriodsBetween(null, NOW)).toBe(0);
    expect(ratingPeriodsBetween(new Date(NOW.getTime() - 1), NOW)).toBe(0);
    expect(ratingPeriodsBetween(daysBefore(1), NOW)).toBe(1);
    expect(ratingPeriodsBetween(new Date(NOW.getTime() - RATING_PERIOD_MS + 1), NOW)).toBe(0);
    expect(ratingPeriodsBetween(daysBefore(30.9), NOW)).toBe(30);
    // A clock that went backwards inflates nothing.
    expect(ratingPeriodsBetween(new Date(NOW.getTime() + 5_000), NOW)).toBe(0);
  });

  it('grows the deviation by √(φ² + n·σ²) for n whole days away, up to the starting 350', () => {
    const stored = { rating: 1700, deviation: 60, volatility: 0.06, ratedAt: daysBefore(10.5) };
    const sigma = 0.06 * 173.7178;
    expect(currentDeviation(stored, NOW)).toBeCloseTo(Math.sqrt(60 ** 2 + 10 * sigma ** 2), 9);
    expect(currentDeviation({ ...stored, ratedAt: daysBefore(0.5) }, NOW)).toBe(60);
    // Ten years away: as unknown as a newcomer, no more.
    expect(currentDeviation({ ...stored, ratedAt: daysBefore(3650) }, NOW)).toBe(350);
    expect(currentDeviation(fresh, NOW)).toBe(350);
  });

  it('makes a game against a long-absent player count for less', () => {
    const regular = { rating: 1500, deviation: 60, volatility: 0.06, ratedAt: daysBefore(0) };
    const sameOpponentAway = { ...regular, ratedAt: daysBefore(400) };
    const gainVsRegular = ratingAfterGame(regular, regular, 1, NOW).rating - 1500;
    const gainVsAway = ratingAfterGame(regular, sameOpponentAway, 1, NOW).rating - 1500;
    expect(gainVsAway).toBeGreaterThan(0);
    expect(gainVsAway).toBeLessThan(gainVsRegular);
    // My own absence makes my rating move more.
    const back = ratingAfterGame(sameOpponentAway, regular, 1, NOW).rating - 1500;
    expect(back).toBeGreaterThan(gainVsRegular);
  });
});

describe('ratingAfterGame', () => {
  it('moves two newcomers by the same amount in opposite directions', () => {
    const winner = ratingAfterGame(fresh, fresh, 1, NOW);
    const loser = ratingAfterGame(fresh, fresh, 0, NOW);
    expect(Math.round(winner.rating)).toBe(1662);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 9);
    expect(winner.deviation).toBeCloseTo(loser.deviation, 9);
    expect(winner.deviation).toBeLessThan(350);
  });

  it('leaves equal ratings where they are after a draw, and surer', () => {
    const player = { rating: 1620, deviation: 90, volatility: 0.06, ratedAt: daysBefore(2) };
    const after = ratingAfterGame(player, player, 0.5, NOW);
    expect(after.rating).toBeCloseTo(1620, 9);
    expect(after.deviation).toBeLessThan(currentDeviation(player, NOW));
  });

  it('moves a draw towards the opponent: the lower-rated player gains', () => {
    const low = { rating: 1400, deviation: 80, volatility: 0.06, ratedAt: daysBefore(1) };
    const high = { rating: 1800, deviation: 80, volatility: 0.06, ratedAt: daysBefore(1) };
    expect(ratingAfterGame(low, high, 0.5, NOW).rating).toBeGreaterThan(1400);
    expect(ratingAfterGame(high, low, 0.5, NOW).rating).toBeLessThan(1800);
  });
});

describe('ratingScore', () => {
  it('is 1 and 0 when exactly one player won', () => {
    expect([ratingScore('win', 'lose'), ratingScore('lose', 'win')]).toEqual([1, 0]);
  });

  it('counts two winners, two losers and a draw alike: half a win each', () => {
    // Both solved with the same score: both win by the versus outcome.
    expect(ratingScore('win', 'win')).toBe(0.5);
    // Both gave up, or both ran out of time: both lose.
    expect(ratingScore('lose', 'lose')).toBe(0.5);
    // Both ran out of points.
    expect(ratingScore('draw', 'draw')).toBe(0.5);
  });

  it('moves two newcomers who both solved with the same score nowhere, and makes them surer', () => {
    const solved: VersusSide = { won: true, forfeit: false, score: 80 };
    const outcome = versusOutcome(solved, solved) as SettledOutcome;
    expect(outcome).toBe('win');
    const after = ratingAfterGame(fresh, fresh, ratingScore(outcome, outcome), NOW);
    expect(after.rating).toBeCloseTo(1500, 9);
    expect(after.deviation).toBeLessThan(350);
  });
});

describe('provisional ratings', () => {
  it('are those with a deviation above 110', () => {
    expect(PROVISIONAL_DEVIATION).toBe(110);
    expect(isProvisional(350)).toBe(true);
    expect(isProvisional(110.01)).toBe(true);
    expect(isProvisional(110)).toBe(false);
    expect(isProvisional(45)).toBe(false);
  });

  it("show a '?' after the whole number", () => {
    expect(ratingText(1500, true)).toBe('1500?');
    expect(ratingText(1612.4, false)).toBe('1612');
    expect(ratingText(1612.5, false)).toBe('1613');
  });

  it('take a newcomer a handful of games to settle, and come back after a long absence', () => {
    let me: StoredRating = fresh;
    const opponent = { rating: 1500, deviation: 80, volatility: 0.06, ratedAt: NOW };
    let games = 0;
    while (isProvisional(currentDeviation(me, NOW))) {
      me = { ...ratingAfterGame(me, opponent, games % 2 ? 1 : 0, NOW), ratedAt: NOW };
      games += 1;
    }
    expect(games).toBeGreaterThan(3);
    expect(games).toBeLessThan(20);
    const later = new Date(NOW.getTime() + 365 * RATING_PERIOD_MS);
    expect(isProvisional(currentDeviation(me, later))).toBe(true);
  });
});

describe('properties', () => {
  const stored = fc.record({
    rating: fc.double({ min: 100, max: 3000, noNaN: true }),
    deviation: fc.double({ min: 30, max: 350, noNaN: true }),
    volatility: fc.double({ min: 0.03, max: 0.12, noNaN: true }),
    ratedAt: fc.option(
      fc
        .integer({ min: 0, max: 2000 * 24 })
        .map((hours) => new Date(NOW.getTime() - hours * 3.6e6)),
    ),
  });
  const score = fc.constantFrom<RatingScore>(1, 0.5, 0);
  const outcome = fc.constantFrom<SettledOutcome>(
    ...VERSUS_OUTCOMES.filter((o): o is SettledOutcome => o !== 'pending'),
  );
  /** A finished side as a game can leave it: solved (5 to 100), gave up, or out of points. */
  const finishedSide: fc.Arbitrary<VersusSide> = fc.oneof(
    fc.integer({ min: 1, max: 20 }).map((n) => ({ won: true, forfeit: false, score: n * 5 })),
    fc.integer({ min: 1, max: 20 }).map((n) => ({ won: false, forfeit: true, score: n * 5 })),
    fc.constant({ won: false, forfeit: false, score: 0 }),
  );
  // Glicko-2 works on its own scale: a rating that should not move comes back off by a few
  // units in the last place, which is no rise or fall.
  const MOVED = 1e-9;
  /** Both ratings of a game, each against the other's as it was before. */
  function bothAfter(a: StoredRating, b: StoredRating, aScore: RatingScore, bScore: RatingScore) {
    return [
      ratingAfterGame(a, b, aScore, NOW).rating - a.rating,
      ratingAfterGame(b, a, bScore, NOW).rating - b.rating,
    ] as const;
  }
  function expectNotBothUpOrDown([gainA, gainB]: readonly [number, number]) {
    expect(gainA > MOVED && gainB > MOVED, `both rose: ${gainA}, ${gainB}`).toBe(false);
    expect(gainA < -MOVED && gainB < -MOVED, `both fell: ${gainA}, ${gainB}`).toBe(false);
  }

  it('the two scores of a game add up to 1, for any pair of outcomes', () => {
    fc.assert(
      fc.property(outcome, outcome, (mine, theirs) => {
        expect(ratingScore(mine, theirs) + ratingScore(theirs, mine)).toBe(1);
      }),
    );
  });

  it('two ratings never both rise nor both fall in one game, for any ratings and outcomes', () => {
    fc.assert(
      fc.property(stored, stored, outcome, outcome, (a, b, outcomeA, outcomeB) => {
        expectNotBothUpOrDown(
          bothAfter(a, b, ratingScore(outcomeA, outcomeB), ratingScore(outcomeB, outcomeA)),
        );
      }),
    );
  });

  it('nor for any way a versus game can end, judged by the versus outcome', () => {
    fc.assert(
      fc.property(stored, stored, finishedSide, finishedSide, (a, b, sideA, sideB) => {
        const outcomeA = versusOutcome(sideA, sideB) as SettledOutcome;
        const outcomeB = versusOutcome(sideB, sideA) as SettledOutcome;
        expectNotBothUpOrDown(
          bothAfter(a, b, ratingScore(outcomeA, outcomeB), ratingScore(outcomeB, outcomeA)),
        );
      }),
    );
  });

  it('the winner never loses rating and the loser never gains', () => {
    fc.assert(
      fc.property(stored, stored, (me, opponent) => {
        expect(ratingAfterGame(me, opponent, 1, NOW).rating).toBeGreaterThanOrEqual(me.rating);
        expect(ratingAfterGame(me, opponent, 0, NOW).rating).toBeLessThanOrEqual(me.rating);
      }),
    );
  });

  it('a win and a loss between the same two players move them in opposite directions', () => {
    fc.assert(
      fc.property(stored, stored, (a, b) => {
        const winnerGain = ratingAfterGame(a, b, 1, NOW).rating - a.rating;
        const loserGain = ratingAfterGame(b, a, 0, NOW).rating - b.rating;
        expect(winnerGain * loserGain).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('a game never raises a deviation, whatever its outcome', () => {
    fc.assert(
      fc.property(stored, stored, score, (me, opponent, result) => {
        const after = ratingAfterGame(me, opponent, result, NOW);
        expect(after.deviation).toBeLessThanOrEqual(currentDeviation(me, NOW));
        expect(after.deviation).toBeGreaterThan(0);
        expect(Number.isFinite(after.rating)).toBe(true);
        expect(after.volatility).toBeGreaterThan(0);
      }),
    );
  });
});
