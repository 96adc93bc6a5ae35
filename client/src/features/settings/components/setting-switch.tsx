import { useId } from 'react';
import styles from './setting-switch.module.css';

/**
 * One on/off setting of the Settings page: its name, a line saying what it does, and a switch
 * (a native checkbox in the `switch` role: Space toggles it, and screen readers say "on" or
 * "off"). `checked` undefined: not known yet, and the switch waits.
 */
export function SettingSwitch({
  label,
  description,
  note,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  /** A second, quieter line (where the setting is kept). */
  note?: string;
  checked: boolean | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.setting}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
        {note && <p className={styles.note}>{note}</p>}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        aria-describedby={`${id}-description`}
        checked={checked ?? false}
        disabled={checked === undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
