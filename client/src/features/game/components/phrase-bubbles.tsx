import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useState } from 'react';
import { PHRASE_TEXT } from '@/lib/phrase-text.ts';
import { BUBBLE_MS, saidByMe } from '../game-phrases.ts';
import styles from './phrase-bubbles.module.css';

type Side = 'mine' | 'theirs';

/** What screen readers hear of a phrase: 'alice says: Good luck!'. */
export const saysText = (entry: SaidEntry) => `${entry.from} says: ${PHRASE_TEXT[entry.phrase]}`;

/**
 * The phrases heard since the screen opened as short bubbles, mine on my side of the scores box
 * and the opponent's on theirs, each for BUBBLE_MS (a newer one on a side replaces it), fading in
 * and out unless the player asks for less motion; each is read out once in a polite live region.
 * Phrases numbered `after` or earlier were said before the screen opened: they show no bubble.
 * A muted opponent's phrases show nothing (the server stops sending them; one on its way when
 * the mute was set is left out here).
 */
export function PhraseBubbles({
  heard,
  after,
  myName,
  muted,
  children,
}: {
  heard: readonly SaidEntry[];
  after: number;
  myName: string;
  muted: boolean;
  /** What sits between the two sides' bubbles (the phrase menu). */
  children?: ReactNode;
}) {
  // Said after the screen opened, and not by an opponent I muted (one on its way when I did).
  const fresh = heard.filter((entry) => entry.seq > after && (!muted || saidByMe(entry, myName)));
  const latest = (side: Side) =>
    fresh.findLast((entry) => (side === 'mine') === saidByMe(entry, myName));
  const [expired, setExpired] = useState<ReadonlySet<number>>(() => new Set());
  const mine = latest('mine');
  const theirs = latest('theirs');
  useExpiry(mine?.seq, setExpired);
  useExpiry(theirs?.seq, setExpired);
  const shown = (entry: SaidEntry | undefined) =>
    entry && !expired.has(entry.seq) ? entry : undefined;
  const bubbles = { mine: shown(mine), theirs: shown(theirs) };
  const last = fresh.at(-1);
  const announcement = last ? { seq: last.seq, text: saysText(last) } : null;

  return (
    <div className={styles.row}>
      <div className={`${styles.slot} ${styles.mine}`} data-testid="my-phrase">
        {bubbles.mine && (
          <p key={bubbles.mine.seq} className={`${styles.bubble} ${styles.bubbleMine}`}>
            {PHRASE_TEXT[bubbles.mine.phrase]}
          </p>
        )}
      </div>
      {children}
      <div className={`${styles.slot} ${styles.theirs}`} data-testid="their-phrase">
        {bubbles.theirs && (
          <p key={bubbles.theirs.seq} className={`${styles.bubble} ${styles.bubbleTheirs}`}>
            {PHRASE_TEXT[bubbles.theirs.phrase]}
          </p>
        )}
      </div>
      {/* The bubbles are seen; this says them. A new element per phrase, so that the same
          phrase twice is read twice. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement && <p key={announcement.seq}>{announcement.text}</p>}
      </div>
    </div>
  );
}

/** Marks a side's bubble expired BUBBLE_MS after it showed (a newer one has its own time). */
function useExpiry(
  seq: number | undefined,
  setExpired: Dispatch<SetStateAction<ReadonlySet<number>>>,
) {
  useEffect(() => {
    if (seq === undefined) return;
    const timer = setTimeout(() => setExpired((current) => new Set(current).add(seq)), BUBBLE_MS);
    return () => clearTimeout(timer);
  }, [seq, setExpired]);
}
