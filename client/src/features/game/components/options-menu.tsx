import { useState } from 'react';
import styles from './options-menu.module.css';

/** Options (spec §2): a toggle that shows 'Reset Board' and, while playing, 'Give up'. */
export function OptionsMenu({
  onReset,
  onGiveUp,
  canGiveUp,
}: {
  onReset: () => void;
  onGiveUp: () => void;
  canGiveUp: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.options}>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="game-options"
        onClick={() => setOpen((value) => !value)}
      >
        Options
      </button>
      {open && (
        <div id="game-options" className="button-row">
          <button type="button" className="button" onClick={onReset}>
            Reset Board
          </button>
          {canGiveUp && (
            <button type="button" className={`button ${styles.danger}`} onClick={onGiveUp}>
              Give up
            </button>
          )}
        </div>
      )}
    </div>
  );
}
