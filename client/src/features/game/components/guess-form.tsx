import { type FormEvent, useEffect, useRef, useState } from 'react';
import { guessProblem, normalizeGuess } from '@jotto/shared/game-rules';
import { BusyButton } from '@/components/busy-button.tsx';
import { useNetworkState } from '@/lib/network-status.ts';
import type { PlaySending } from '../hooks/use-play.ts';
import styles from './guess-form.module.css';

/**
 * A secret phrase that gets a joke and no request (docs/PRODUCT.md, 'Guesses'):
 * the magic word of Colossal Cave, not a dictionary word, so no real guess is lost to it.
 */
export const JOKE_PHRASE = 'xyzzy';
export const JOKE_ANSWER = 'Nothing happens.';

/** Beside the input when a guess was made offline (docs/PRODUCT.md, 'Offline'). */
export const OFFLINE_NOT_SENT = 'You are offline: your guess was not sent.';

/**
 * The guess input with 'Guess!' (Enter sends too). The browser's checks run first: lowercased, five
 * letters unless it is `giveup`, else the wrong-length alert and a shake of the input. The input is
 * cleared on send, holds focus from the start and after each answer, and sending waits while a
 * guess is in flight: 'Guess!' is busy, and a repeat (a double click) neither sends again nor
 * checks the emptied input. A guess made offline is not sent: it stays in the input, with
 * OFFLINE_NOT_SENT beside it while the page is offline; one that was sent but got no answer
 * comes back into the (still empty) input, to be sent again.
 */
export function GuessForm({
  onGuess,
  onProblem,
  busy,
}: {
  /** Sends the word, and says what became of it (see usePlay). */
  onGuess: (word: string) => PlaySending;
  onProblem: (message: string) => void;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const [shaking, setShaking] = useState(false);
  const [unsent, setUnsent] = useState(false);
  const offline = useNetworkState() === 'offline';
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [busy]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const word = normalizeGuess(text);
    if (word === JOKE_PHRASE) {
      setText('');
      return onProblem(JOKE_ANSWER);
    }
    const problem = guessProblem(word);
    if (problem) {
      setShaking(true);
      return onProblem(problem);
    }
    const sending = onGuess(word);
    if (sending === 'busy') return;
    if (sending === 'offline') return setUnsent(true);
    setUnsent(false);
    setText('');
    void sending.then((outcome) => {
      if (outcome === 'unreachable') setText((typed) => (typed === '' ? word : typed));
    });
  };

  // Said while it is true: back online, the guess waits in the input to be sent.
  const notice = unsent && offline ? OFFLINE_NOT_SENT : null;
  return (
    <div className={styles.guess}>
      <form className={styles.form} onSubmit={submit} aria-label="Guess">
        <label htmlFor="guess-input" className="visually-hidden">
          Your guess
        </label>
        <input
          ref={input}
          id="guess-input"
          className={`input word ${styles.input} ${shaking ? styles.shake : ''}`}
          onAnimationEnd={() => setShaking(false)}
          aria-invalid={shaking || undefined}
          aria-describedby={notice ? 'guess-notice' : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setUnsent(false);
          }}
          placeholder="five letters"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="send"
          maxLength={32}
        />
        <BusyButton type="submit" className="button button-primary" busy={busy}>
          Guess!
        </BusyButton>
      </form>
      {notice && (
        <p id="guess-notice" role="alert" className={styles.notice}>
          {notice}
        </p>
      )}
    </div>
  );
}
