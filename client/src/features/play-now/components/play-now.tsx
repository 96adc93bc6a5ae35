import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { PAIRING_WIDENS_AFTER_MS } from '@jotto/shared/pairing-rules';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { VERSUS_NEEDS_LOGIN } from '@/components/main-menu.tsx';
import { type PlayNow as PlayNowState, usePlayNow } from '../hooks/use-play-now.ts';
import styles from './play-now.module.css';

/** After this long waiting with nobody, the panel offers another way to play. */
export const OFFER_OTHER_GAME_AFTER_MS = 20_000;

/** The waiting panel's words (docs/PRODUCT.md, 'Play now'). */
export const PLAY_NOW_TEXTS = {
  button: 'Play now',
  title: 'Finding an opponent',
  lookingNear: 'Looking for a player near your rating...',
  lookingAny: 'Looking for any player...',
  waited: 'Waiting',
  nobodyYet: 'Nobody yet. You can keep waiting, or:',
  computer: 'Play the computer',
  startingComputer: 'Starting...',
  solo: 'Play solo instead',
  cancel: 'Cancel',
  cancelling: 'Cancelling...',
} as const;

/** Elapsed time as the panel shows it: minutes and seconds, two digits each ('01:05'). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/**
 * 'Play now' (docs/PRODUCT.md, 'Play now'): the button, for Home and the Versus list, and the
 * waiting panel it opens: how long it has been (mm:ss), what the queue is looking for, Cancel,
 * and after 20 s another way to play. A guest sees the button greyed out, and pressing it says
 * why, as the menu's Versus does.
 */
export function PlayNow({
  guest,
  className = '',
  primary = true,
}: {
  guest: boolean;
  className?: string;
  /** Drawn as the screen's main action (Home makes it a secondary one for a guest). */
  primary?: boolean;
}) {
  const showAlert = useAlert();
  const playNow = usePlayNow();
  const look = `button ${primary ? 'button-primary' : ''} ${className}`;
  if (guest) {
    return (
      <button
        type="button"
        className={look}
        aria-disabled="true"
        onClick={() => showAlert(VERSUS_NEEDS_LOGIN)}
      >
        {PLAY_NOW_TEXTS.button}
      </button>
    );
  }
  return (
    <>
      <BusyButton className={look} busy={playNow.seeking.busy} onClick={playNow.start}>
        {PLAY_NOW_TEXTS.button}
      </BusyButton>
      <WaitingPanel playNow={playNow} />
    </>
  );
}

function WaitingPanel({ playNow }: { playNow: PlayNowState }) {
  const { waitingSince, cancel, cancelling, playComputer, startingComputer } = playNow;
  const elapsed = useElapsed(waitingSince);
  return (
    <Dialog
      open={waitingSince !== null}
      onClose={cancel}
      title={PLAY_NOW_TEXTS.title}
      className={styles.dialog}
    >
      <div className={styles.panel}>
        <p className={styles.clock}>
          <span>{PLAY_NOW_TEXTS.waited}</span>{' '}
          <span role="timer" className={`numeric ${styles.time}`}>
            {formatElapsed(elapsed)}
          </span>
        </p>
        <p role="status" className={styles.looking}>
          {elapsed < PAIRING_WIDENS_AFTER_MS
            ? PLAY_NOW_TEXTS.lookingNear
            : PLAY_NOW_TEXTS.lookingAny}
        </p>
        {elapsed >= OFFER_OTHER_GAME_AFTER_MS && (
          <div className={styles.offer}>
            <p className={styles.offerText}>{PLAY_NOW_TEXTS.nobodyYet}</p>
            {playComputer ? (
              <BusyButton className="button" busy={startingComputer.busy} onClick={playComputer}>
                {startingComputer.busy ? PLAY_NOW_TEXTS.startingComputer : PLAY_NOW_TEXTS.computer}
              </BusyButton>
            ) : (
              <Link className="button" to={clientPath('/game')}>
                {PLAY_NOW_TEXTS.solo}
              </Link>
            )}
          </div>
        )}
        <div className="button-row">
          <BusyButton className="button" busy={cancelling.busy} onClick={cancel} data-autofocus>
            {cancelling.busy ? PLAY_NOW_TEXTS.cancelling : PLAY_NOW_TEXTS.cancel}
          </BusyButton>
        </div>
      </div>
    </Dialog>
  );
}

/** Milliseconds since `since`, kept current while there is a `since`. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    // Twice a second, so the seconds never lag by a whole second behind the clock.
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [since]);
  // Before the first tick `now` may predate this wait: 0, not a negative time.
  return since === null ? 0 : Math.max(0, now - since);
}
