import { useId } from 'react';
import type { ContrastPreference } from '../contrast-preference.ts';
import { useContrastPreference } from '../hooks/use-contrast-preference.ts';
import styles from './contrast-setting.module.css';

/** The choices, in order, as the player reads them. */
export const CONTRAST_CHOICES: ReadonlyArray<{ value: ContrastPreference; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'more', label: 'More' },
  { value: 'standard', label: 'Standard' },
];

export const CONTRAST_HINT =
  'System follows your device. More adds shapes to the letter marks and raises the contrast.';

/**
 * 'Contrast: System / More / Standard' (docs/PRODUCT.md, 'High contrast'): a radio group, so the
 * arrow keys move between the choices and a screen reader hears which one is set. A choice is
 * kept in this browser and shown at once.
 */
export function ContrastSetting() {
  const [preference, choose] = useContrastPreference();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={styles.setting} aria-describedby={hintId}>
      <legend className={styles.legend}>Contrast</legend>
      <div className={styles.choices}>
        {CONTRAST_CHOICES.map(({ value, label }) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={preference === value}
              onChange={() => choose(value)}
            />
            {label}
          </label>
        ))}
      </div>
      <p id={hintId} className={styles.hint}>
        {CONTRAST_HINT}
      </p>
    </fieldset>
  );
}
