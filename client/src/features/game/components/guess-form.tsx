import { type FormEvent, useEffect, useRef, useState } from 'react';
import { guessProblem, normalizeGuess } from '@jotto/shared/game-rules';
import styles from './guess-form.module.css';

/**
 * A secret phrase that gets a joke and no request (spec §5; which phrase is ours to pick):
 * the magic word of Colossal Cave, not a dictionary word, so no real guess is lost to it.
 */
export const JOKE_PHRASE = 'xyzzy';
export const JOKE_ANSWER = 'Nothing happens.';

/**
 * The guess input with 'Guess!' (Enter sends too). The checks of spec §5 run first: lowercased,
 * five letters unless it is `giveup`, else the spec's alert and a shake of the input. The input
 * is cleared on send, holds focus from the start and after each answer, and sending waits
 * while a guess is in flight.
 */
export function GuessForm({
  onGuess,
  onProblem,
  busy,
}: {
  onGuess: (word: string) => void;
  onProblem: (message: string) => void;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const [shaking, setShaking] = useState(false);
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
    setText('');
    onGuess(word);
  };

  return (
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
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="five letters"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="send"
        maxLength={32}
      />
      <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
        Guess!
      </button>
    </form>
  );
}
