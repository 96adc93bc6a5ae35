import { countMatches } from '@jotto/shared/game-rules';
import styles from './rules-page.module.css';

const EXAMPLE = { secret: 'hello', guess: 'world' } as const;

/**
 * The rules: guess a secret five-letter word, learn how many letters match, and the
 * hello/world example. The example's count comes from the game's own rule (2: one l, one o).
 */
export function RulesPage() {
  const matches = countMatches(EXAMPLE.secret, EXAMPLE.guess);
  return (
    <article className={styles.rules} aria-labelledby="rules-title">
      <h1 id="rules-title">Rules</h1>
      <p>
        Guess a secret 5-letter word. After each guess you are told how many letters match. Letters
        match whatever their place in the word, each letter counted as often as both words have it.
      </p>
      <h2>Example</h2>
      <dl className={styles.example}>
        <div>
          <dt>Secret</dt>
          <dd className="word">{EXAMPLE.secret}</dd>
        </div>
        <div>
          <dt>Guess</dt>
          <dd className="word">{EXAMPLE.guess}</dd>
        </div>
        <div>
          <dt>Matches</dt>
          <dd className="numeric">{matches}</dd>
        </div>
      </dl>
      <p>
        The secret <span className="word">{EXAMPLE.secret}</span> and the guess{' '}
        <span className="word">{EXAMPLE.guess}</span> give {matches} matches: one L and one O.
      </p>
      <p>
        An alphabet at the top helps keep track: tap a letter to mark it bad, then maybe, then good,
        then unmarked again.
      </p>
      <p>
        Every game starts with 100 points and each guess that misses costs 5. Guess the word exactly
        to win; an anagram of it has 5 matches but is not the word.
      </p>
    </article>
  );
}
