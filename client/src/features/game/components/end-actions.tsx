import { BusyButton } from '@/components/busy-button.tsx';
import type { RematchState } from '../hooks/use-rematch.ts';

const REMATCH_LABEL: Record<RematchState, string> = {
  idle: 'Rematch!',
  sending: 'Sending...',
  sent: 'Challenge Sent!',
  declined: 'Rematch declined',
};

export interface RematchControls {
  state: RematchState;
  send: () => void;
  /** The opponent's own rematch offer, when there is one. */
  offered: boolean;
  accepting: boolean;
  accept: () => void;
}

/** A daily's main action: the day's word is played once, so another game is only practice. */
export const PRACTICE_GAME_LABEL = 'Play a practice game';

/**
 * What a finished game still offers (docs/PRODUCT.md, 'Results overlay'): 'Play again!' in solo
 * ('Play a practice game' after a daily: it starts a solo game, not the day's word again);
 * in versus the rematch: 'Rematch!' ('Sending...', 'Challenge Sent!', 'Rematch declined'), and
 * 'Accept Rematch' ('Accepting...') first when the opponent offered one. In the results overlay,
 * and on the game screen once the overlay is closed; the caller puts them in its button row.
 */
export function EndActions({
  rematch,
  onPlayAgain,
  daily = false,
}: {
  /** The rematch of a versus game; null in solo. */
  rematch: RematchControls | null;
  onPlayAgain: () => void;
  /** The game was a daily. */
  daily?: boolean;
}) {
  if (!rematch) {
    return (
      <button type="button" className="button button-primary" onClick={onPlayAgain}>
        {daily ? PRACTICE_GAME_LABEL : 'Play again!'}
      </button>
    );
  }
  return (
    <>
      {rematch.offered && (
        <BusyButton
          className="button button-primary"
          onClick={rematch.accept}
          busy={rematch.accepting}
        >
          {rematch.accepting ? 'Accepting...' : 'Accept Rematch'}
        </BusyButton>
      )}
      <BusyButton
        className={`button ${rematch.offered ? '' : 'button-primary'}`}
        onClick={rematch.send}
        busy={rematch.state === 'sending'}
        aria-disabled={rematch.state !== 'idle' || undefined}
      >
        {REMATCH_LABEL[rematch.state]}
      </BusyButton>
    </>
  );
}
