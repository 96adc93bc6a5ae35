/**
 * Who 'Play now' pairs with whom (docs/PRODUCT.md, 'Play now'), as pure functions over the
 * queue: the server decides with them under the queue's lock, and the tests check them alone.
 * Times are milliseconds since the epoch, all read from one clock.
 */

/** At first a seek pairs only with ratings this close to its own (either way). */
export const PAIRING_RATING_WINDOW = 100;
/** From this long waiting on, a seek pairs with any rating. */
export const PAIRING_WIDENS_AFTER_MS = 10_000;
/** A waiting seek with no sign of life (a poll, a connected socket) for this long has expired. */
export const SEEK_EXPIRY_MS = 60_000;

/** One player's place in the queue. */
export interface QueuedSeek {
  userId: number;
  /** The player's rating (Glicko scale) when they sought. */
  rating: number;
  /** When the wait began. */
  since: number;
  /** The last sign of life: the player's last poll, or a refresh for a connected socket. */
  seenAt: number;
  /** Whom the player's previous 'Play now' game was against, if anyone. */
  lastOpponent?: number | null;
  /**
   * The players this one is never paired with: a block between the two, either way
   * (docs/PRODUCT.md, 'Blocks'). Only those in the queue need be listed.
   */
  keepsAwayFrom?: ReadonlySet<number>;
}

/** Whether a block keeps two seeks apart (listed on either side). */
export function isBlockedPair(a: QueuedSeek, b: QueuedSeek): boolean {
  return a.keepsAwayFrom?.has(b.userId) === true || b.keepsAwayFrom?.has(a.userId) === true;
}

/** Whether two seeks are the same two players as one's previous 'Play now' game. */
export function isRepeatPair(a: QueuedSeek, b: QueuedSeek): boolean {
  return a.lastOpponent === b.userId || b.lastOpponent === a.userId;
}

/**
 * How far apart two ratings may be for a pair whose longer wait is `waitedMs`:
 * `PAIRING_RATING_WINDOW` (100) until that wait reaches `PAIRING_WIDENS_AFTER_MS` (10 s), then
 * any distance (Infinity). A step rather than a slope: close opponents while a close one may
 * still come, then whoever is there, so nobody waits long for want of a match.
 */
export function pairingWindow(waitedMs: number): number {
  return waitedMs >= PAIRING_WIDENS_AFTER_MS ? Infinity : PAIRING_RATING_WINDOW;
}

/** Whether a waiting seek is still alive at `now`: seen less than `SEEK_EXPIRY_MS` ago. */
export function isSeekAlive(seek: Pick<QueuedSeek, 'seenAt'>, now: number): boolean {
  return now - seek.seenAt < SEEK_EXPIRY_MS;
}

/**
 * Whether two seeks may be paired at `now`: two different players, neither of whom blocked the
 * other (`isBlockedPair`), both alive, whose ratings
 * are within the window of the longer of their two waits (`pairingWindow`). Symmetric: the one
 * who has waited 10 s accepts anyone, and a newcomer takes whoever has waited that long.
 */
export function maySeeksPair(a: QueuedSeek, b: QueuedSeek, now: number): boolean {
  if (a.userId === b.userId) return false;
  if (isBlockedPair(a, b)) return false;
  if (!isSeekAlive(a, now) || !isSeekAlive(b, now)) return false;
  const waited = Math.max(now - a.since, now - b.since);
  return Math.abs(a.rating - b.rating) <= pairingWindow(waited);
}

/**
 * The best partner for `seeker` among `candidates` at `now`, or null: among those it may pair
 * with (`maySeeksPair`), and not its previous opponent while anyone else waits
 * (`isRepeatPair`), the closest rating; on a tie the one waiting longest, then the lowest user
 * id, so that every node picks the same one.
 */
export function bestPartner<S extends QueuedSeek>(
  seeker: QueuedSeek,
  candidates: readonly S[],
  now: number,
): S | null {
  // The same two players twice in a row only when nobody else is waiting: a second account
  // cannot be sure to meet its main account again while the queue has anyone else.
  // A player kept away by a block is nobody for this purpose: they could never be the partner.
  const othersWaiting = candidates.filter(
    (candidate) =>
      candidate.userId !== seeker.userId &&
      isSeekAlive(candidate, now) &&
      !isBlockedPair(seeker, candidate),
  ).length;
  let best: S | null = null;
  for (const candidate of candidates) {
    if (!maySeeksPair(seeker, candidate, now)) continue;
    if (othersWaiting > 1 && isRepeatPair(seeker, candidate)) continue;
    if (best === null || isBetterPartner(seeker, candidate, best)) best = candidate;
  }
  return best;
}

function isBetterPartner(seeker: QueuedSeek, candidate: QueuedSeek, best: QueuedSeek): boolean {
  const distance = Math.abs(candidate.rating - seeker.rating);
  const bestDistance = Math.abs(best.rating - seeker.rating);
  if (distance !== bestDistance) return distance < bestDistance;
  if (candidate.since !== best.since) return candidate.since < best.since;
  return candidate.userId < best.userId;
}

/**
 * Pairs a whole queue at `now`: the seek waiting longest first takes its best partner among
 * those not yet paired (`bestPartner`), then the next, and so on. Every player appears in at
 * most one pair, never with themselves; expired seeks and duplicate rows of one player are
 * never paired (the first row of a player stands for them).
 */
export function pairQueue<S extends QueuedSeek>(seeks: readonly S[], now: number): Array<[S, S]> {
  const seen = new Set<number>();
  const queue = [...seeks]
    .filter((seek) => {
      if (seen.has(seek.userId)) return false;
      seen.add(seek.userId);
      return isSeekAlive(seek, now);
    })
    .sort((a, b) => a.since - b.since || a.userId - b.userId);
  const taken = new Set<number>();
  const pairs: Array<[S, S]> = [];
  for (const seeker of queue) {
    if (taken.has(seeker.userId)) continue;
    const open = queue.filter((seek) => !taken.has(seek.userId));
    const partner = bestPartner(seeker, open, now);
    if (!partner) continue;
    taken.add(seeker.userId);
    taken.add(partner.userId);
    pairs.push([seeker, partner]);
  }
  return pairs;
}
