import type { VersusOutcome } from './game-rules.ts';

/**
 * Ratings of human versus games (docs/PRODUCT.md, 'Ratings'): Mark Glickman's Glicko-2 system,
 * as in his paper "Example of the Glicko-2 system" (the steps below are numbered as there). The
 * rating period is one day: a player's deviation grows by one period's worth of volatility for
 * every whole day since their last rated game, and each game is applied on its own, at once,
 * inside the current period.
 */

/** What every account starts with: 1500, deviation 350, volatility 0.06. */
export const INITIAL_RATING: Readonly<Rating> = { rating: 1500, deviation: 350, volatility: 0.06 };
/** The system constant τ: how much volatility may change from one period to the next. */
export const RATING_TAU = 0.5;
/** A rating is provisional while its deviation is above this. */
export const PROVISIONAL_DEVIATION = 110;
/** Glicko-2's rating period: one day. */
export const RATING_PERIOD_MS = 24 * 60 * 60 * 1000;
/** The factor between the Glicko scale (1500, 350) and Glicko-2's internal one (0, 2.01). */
export const GLICKO2_SCALE = 173.7178;
/** A versus outcome once the game is settled: what a player's rating score is derived from. */
export type SettledOutcome = Exclude<VersusOutcome, 'pending'>;

/** The score Glicko-2 counts for one player of a game: 1 a win, 0.5 a draw, 0 a loss. */
export type RatingScore = 0 | 0.5 | 1;

/**
 * My Glicko-2 score in a rated game, from my versus outcome and my opponent's
 * (docs/PRODUCT.md, 'Ratings'): 1 when I alone won, 0 when my opponent alone won, and 0.5 in
 * every other case: both won (both solved with the same score), both lost (both forfeited, or
 * both ran out of time), or a draw (both ran out of points).
 *
 * The versus outcome judges each player on their own, so it can call both players winners, or
 * both losers; a rating compares the two, and two wins or two losses say neither was the better
 * player. So the two scores of a game always add up to 1, and the two ratings never both rise
 * (nor both fall) in one game.
 */
export function ratingScore(mine: SettledOutcome, theirs: SettledOutcome): RatingScore {
  const iWon = mine === 'win';
  const theyWon = theirs === 'win';
  if (iWon && !theyWon) return 1;
  if (theyWon && !iWon) return 0;
  return 0.5;
}

/** The convergence tolerance ε of the volatility iteration, as in the paper. */
const CONVERGENCE = 0.000001;
/**
 * The Illinois iteration converges in a handful of steps; this bound only keeps a pathological
 * input (an infinity, say) from looping for ever.
 */
const MAX_ITERATIONS = 100;

/** A player's rating on the Glicko scale. */
export interface Rating {
  /** r: 1500 to start. */
  rating: number;
  /** RD: how uncertain the rating is (350 to start; lower is surer). */
  deviation: number;
  /** σ: how erratic the player's results are (0.06 to start). */
  volatility: number;
}

/** A rating as stored: with when it last changed (null before the first rated game). */
export interface StoredRating extends Rating {
  ratedAt: Date | null;
}

/** One game of a rating period: the opponent's rating and deviation, and my score (1, 0.5, 0). */
export interface RatedGame {
  opponent: Pick<Rating, 'rating' | 'deviation'>;
  score: number;
}

/** The options of `glicko2Update`. */
export interface Glicko2Options {
  /** The system constant τ (default `RATING_TAU`). */
  tau?: number;
  /**
   * How many rating periods the update inflates the deviation by, with the new volatility
   * (step 6: φ* = √(φ² + n·σ′²)). The paper's one period is 1, the default. The app applies a
   * game inside the current period, whose inflation was already applied (`currentDeviation`),
   * and passes 0, so a game alone never raises a deviation.
   */
  ratingPeriods?: number;
}

/** g(φ): how much a result against an opponent of deviation φ counts (step 3). */
function weight(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** E(μ, μⱼ, φⱼ): my expected score against that opponent (step 3). */
function expectedScore(mu: number, opponentMu: number, opponentPhi: number): number {
  return 1 / (1 + Math.exp(-weight(opponentPhi) * (mu - opponentMu)));
}

/**
 * Step 5: the new volatility σ′, the root of f by the Illinois algorithm (regula falsi that
 * halves the value kept at an end that does not move), as the paper prescribes.
 */
function newVolatility(
  phi: number,
  sigma: number,
  variance: number,
  delta: number,
  tau: number,
): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const denominator = phi * phi + variance + ex;
    return (
      (ex * (delta * delta - phi * phi - variance - ex)) / (2 * denominator * denominator) -
      (x - a) / (tau * tau)
    );
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + variance) {
    upper = Math.log(delta * delta - phi * phi - variance);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < MAX_ITERATIONS) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  for (let i = 0; Math.abs(upper - lower) > CONVERGENCE && i < MAX_ITERATIONS; i += 1) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  return Math.exp(lower / 2);
}

/**
 * One rating period of Glicko-2 for one player (steps 2 to 8 of Glickman's example): the
 * player's rating, deviation and volatility after `games`, each against an opponent's rating
 * and deviation as they were at the start of the period, with a score of 1 (win), 0.5 (draw) or
 * 0 (loss). With no games only the deviation changes (it grows by the periods passed).
 *
 * The paper's example, a 1500/200/0.06 player against 1400/30 (won), 1550/100 (lost) and
 * 1700/300 (lost), gives 1464.06, 151.52 and 0.05999.
 */
export function glicko2Update(
  player: Rating,
  games: readonly RatedGame[],
  options: Glicko2Options = {},
): Rating {
  const tau = options.tau ?? RATING_TAU;
  const periods = options.ratingPeriods ?? 1;
  // Step 2: onto the Glicko-2 scale.
  const mu = (player.rating - INITIAL_RATING.rating) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    const inflated = Math.sqrt(phi * phi + periods * sigma * sigma);
    return { ...player, deviation: inflated * GLICKO2_SCALE };
  }
  const opponents = games.map((game) => {
    const opponentMu = (game.opponent.rating - INITIAL_RATING.rating) / GLICKO2_SCALE;
    const opponentPhi = game.opponent.deviation / GLICKO2_SCALE;
    return {
      g: weight(opponentPhi),
      expected: expectedScore(mu, opponentMu, opponentPhi),
      score: game.score,
    };
  });
  // Step 3: the estimated variance of the rating from the games alone.
  const variance =
    1 / opponents.reduce((sum, o) => sum + o.g * o.g * o.expected * (1 - o.expected), 0);
  // Step 4: the estimated improvement.
  const improvement = opponents.reduce((sum, o) => sum + o.g * (o.score - o.expected), 0);
  const delta = variance * improvement;
  // Step 5: the new volatility.
  const sigmaPrime = newVolatility(phi, sigma, variance, delta, tau);
  // Step 6: the deviation at the start of the period.
  const phiStar = Math.sqrt(phi * phi + periods * sigmaPrime * sigmaPrime);
  // Step 7: the new deviation and rating.
  const phiPrime = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / variance);
  const muPrime = mu + phiPrime * phiPrime * improvement;
  // Step 8: back onto the Glicko scale.
  return {
    rating: GLICKO2_SCALE * muPrime + INITIAL_RATING.rating,
    deviation: GLICKO2_SCALE * phiPrime,
    volatility: sigmaPrime,
  };
}

/** The whole days (rating periods) from `since` to `now`; none before the first rated game. */
export function ratingPeriodsBetween(since: Date | null, now: Date): number {
  if (since === null) return 0;
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / RATING_PERIOD_MS));
}

/**
 * A stored deviation as it stands at `now`: grown by one period of volatility for each whole
 * day since the last rated game, φ* = √(φ² + n·σ²), and never above the starting 350 (a player
 * long away is as unknown as a newcomer, no more). What profiles show, what pairing reads, and
 * what a game starts from.
 */
export function currentDeviation(stored: StoredRating, now: Date): number {
  const periods = ratingPeriodsBetween(stored.ratedAt, now);
  const grown = Math.sqrt(
    stored.deviation * stored.deviation +
      periods * (stored.volatility * GLICKO2_SCALE) * (stored.volatility * GLICKO2_SCALE),
  );
  return Math.min(INITIAL_RATING.deviation, grown);
}

/** A stored rating as it stands at `now`: the same rating and volatility, the deviation grown. */
export function currentRating(stored: StoredRating, now: Date): Rating {
  return {
    rating: stored.rating,
    deviation: currentDeviation(stored, now),
    volatility: stored.volatility,
  };
}

/**
 * One rated game for one player at `now`, with the player's score in it (`ratingScore`): both
 * players' deviations are first grown by the days since their last rated game
 * (`currentDeviation`), then the game is one Glicko-2 update against the opponent's rating as it
 * stood before the game, with no further inflation. So a score of 1 never lowers a rating, 0
 * never raises it, and a game never raises a deviation.
 */
export function ratingAfterGame(
  me: StoredRating,
  opponent: StoredRating,
  score: RatingScore,
  now: Date,
): Rating {
  return glicko2Update(
    currentRating(me, now),
    [{ opponent: currentRating(opponent, now), score }],
    { ratingPeriods: 0 },
  );
}

/** True while a deviation is above 110: the rating is shown with a '?' and kept off leaderboards. */
export function isProvisional(deviation: number): boolean {
  return deviation > PROVISIONAL_DEVIATION;
}

/** A rating as players see it: a whole number, with '?' while provisional ('1500?'). */
export function ratingText(value: number, provisional: boolean): string {
  return `${Math.round(value)}${provisional ? '?' : ''}`;
}
