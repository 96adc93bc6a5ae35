import { RATED_GAMES_PER_PAIR_PER_DAY } from '@jotto/shared/game-rules';
import { describeTimeControl, isTimeControl } from '@jotto/shared/time-controls';
import styles from './challenge-terms.module.css';

/** The label of a challenge's time control, in the Issue Challenge modal and the lists. */
export const TIME_CONTROL_LABEL = 'Time control';

/** The mark of a challenge whose game would not be rated. */
export const UNRATED = 'Unrated';

/** Why a challenge's game would not be rated (the server stops rating a pair for the day). */
export const UNRATED_REASON = `You two have played ${RATED_GAMES_PER_PAIR_PER_DAY} rated games today`;

/** A time control in words ('3 days'); one the client cannot read is shown as it came. */
export function timeControlWords(timeControl: string): string {
  // describeTimeControl throws on anything else, and one odd row must not take the list down.
  return isTimeControl(timeControl) ? describeTimeControl(timeControl) : timeControl;
}

/**
 * The 'Unrated' mark. Where the reason is not written beside it (a table cell), a pointer
 * hovering it reads the reason in the tooltip and a screen reader hears it from hidden text.
 */
export function UnratedMark({ explained = false }: { explained?: boolean }) {
  return (
    <span className={styles.unrated} title={explained ? undefined : UNRATED_REASON}>
      {UNRATED}
      {!explained && <span className="visually-hidden"> ({UNRATED_REASON})</span>}
    </span>
  );
}

/** A challenge's terms in a list cell: the time control in words, and 'Unrated' when so. */
export function ChallengeTerms({ timeControl, rated }: { timeControl: string; rated: boolean }) {
  return (
    <span className={styles.terms}>
      <span className={styles.control}>{timeControlWords(timeControl)}</span>
      {!rated && <UnratedMark />}
    </span>
  );
}
