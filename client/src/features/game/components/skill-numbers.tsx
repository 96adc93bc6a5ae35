import styles from './skill-numbers.module.css';

/** What the two numbers mean (docs/PRODUCT.md, 'Post-game analysis'), said once under them. */
export const SKILL_EXPLAINED =
  'Skill: how much your guesses could tell, against the best guess at each point (100 is as good as it gets). Luck: how kindly the counts fell; 50 is as expected.';

/**
 * A game's skill and luck, each 0–99, as two labelled numbers (a description list, so that a
 * screen reader says which is which). Shown in the analysis for each player, and in a daily's
 * result, where the analysis waits for midnight but these numbers need not: they come from the
 * player's own guesses and counts.
 */
export function SkillNumbers({
  skill,
  luck,
  label,
}: {
  skill: number;
  luck: number;
  /** The list's name for screen readers ('alice: skill and luck'). */
  label: string;
}) {
  return (
    <dl className={styles.numbers} aria-label={label}>
      <div className={styles.item}>
        <dt>Skill</dt>
        <dd className="numeric">{skill}</dd>
      </div>
      <div className={styles.item}>
        <dt>Luck</dt>
        <dd className="numeric">{luck}</dd>
      </div>
    </dl>
  );
}
