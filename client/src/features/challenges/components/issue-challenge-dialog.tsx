import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { OPEN_CHALLENGE_TARGET } from '@jotto/shared/challenge-schemas';
import {
  CHALLENGE_TIME_CONTROLS,
  type ChallengeTimeControl,
  DEFAULT_CHALLENGE_TIME_CONTROL,
} from '@jotto/shared/time-controls';
import { BusyButton } from '@/components/busy-button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { useSendChallenge } from '../api/challenges-api.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { TIME_CONTROL_LABEL, timeControlWords } from './challenge-terms.tsx';
import styles from './challenge-dialogs.module.css';

/**
 * The Issue Challenge modal: a username (Enter sends), the time control ('3 days' unless
 * changed), 'Challenge' to that player, 'Open Challenge' to the special recipient `@open` (the
 * next player who sends one too is paired with me: docs/PRODUCT.md, 'Challenges'), either with
 * the time control chosen. The button pressed says 'Sending...' and neither sends again until
 * the answer. A game that starts at once opens; otherwise 'Challenge sent!' and `onSent`.
 */
export function IssueChallengeDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const [username, setUsername] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const selectId = useId();
  // Kept after a challenge is sent, unlike the name: the next one is likely of the same kind.
  const [timeControl, setTimeControl] = useState<ChallengeTimeControl>(
    DEFAULT_CHALLENGE_TIME_CONTROL,
  );
  const send = useSendChallenge({
    onSent: () => {
      // The next challenge starts from an empty name, not the one just sent.
      setUsername('');
      onSent();
    },
  });
  const oneAtATime = useSingleFlight();
  // Which button was pressed, known at once (the mutation's variables come a tick later).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendTo = (target: string) => {
    if (oneAtATime.run(() => send.mutateAsync({ username: target, timeControl }))) {
      setSentTo(target);
    }
  };
  const sendingOpen = oneAtATime.busy && sentTo === OPEN_CHALLENGE_TARGET;
  const sendingNamed = oneAtATime.busy && !sendingOpen;
  useEffect(() => {
    // After the modal has opened (its effect runs first): the dialog would focus its close icon.
    if (open) input.current?.focus();
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendTo(username);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Issue Challenge">
      <form className={styles.form} onSubmit={submit} aria-label="Issue Challenge">
        <label htmlFor={inputId} className={styles.label}>
          Username
        </label>
        <input
          ref={input}
          id={inputId}
          className="input"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="send"
          required
        />
        <label htmlFor={selectId} className={styles.label}>
          {TIME_CONTROL_LABEL}
        </label>
        <select
          id={selectId}
          className="input"
          value={timeControl}
          onChange={(event) => setTimeControl(asChallengeTimeControl(event.target.value))}
        >
          {CHALLENGE_TIME_CONTROLS.map((control) => (
            <option key={control} value={control}>
              {timeControlWords(control)}
            </option>
          ))}
        </select>
        <div className="button-row">
          <BusyButton type="submit" className="button button-primary" busy={oneAtATime.busy}>
            {sendingNamed ? 'Sending...' : 'Challenge'}
          </BusyButton>
          <BusyButton
            className="button"
            busy={oneAtATime.busy}
            onClick={() => sendTo(OPEN_CHALLENGE_TARGET)}
          >
            {sendingOpen ? 'Sending...' : 'Open Challenge'}
          </BusyButton>
        </div>
        <p className={styles.hint}>
          An open challenge is paired with the next player who sends one.
        </p>
      </form>
    </Dialog>
  );
}

/** The option picked, typed: the select offers only these, so the default is never reached. */
function asChallengeTimeControl(value: string): ChallengeTimeControl {
  return (
    CHALLENGE_TIME_CONTROLS.find((control) => control === value) ?? DEFAULT_CHALLENGE_TIME_CONTROL
  );
}
