import { useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import styles from './options-menu.module.css';

/**
 * Options, while my game is in play: a toggle that shows 'Reset Board' and 'Give up'. Each is
 * busy while its request is on its way ('Give up' also while a guess is: one move at a time).
 */
export function OptionsMenu({
  onReset,
  onGiveUp,
  resetting,
  playing,
}: {
  onReset: () => void;
  onGiveUp: () => void;
  /** The board is being cleared. */
  resetting: boolean;
  /** A move (a guess, giving up) is on its way. */
  playing: boolean;
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
          <BusyButton className="button" busy={resetting} onClick={onReset}>
            Reset Board
          </BusyButton>
          <BusyButton className={`button ${styles.danger}`} busy={playing} onClick={onGiveUp}>
            Give up
          </BusyButton>
        </div>
      )}
    </div>
  );
}
