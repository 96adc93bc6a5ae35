import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import { PHRASE_TEXT } from '@/lib/phrase-text.ts';
import styles from './said-list.module.css';

/**
 * The quick phrases the players said, oldest first, as text ('alice: Good luck!'): spectators
 * see them all (docs/PRODUCT.md, 'Quick phrases'). Nothing while none was said.
 */
export function SaidList({ said }: { said: readonly SaidEntry[] }) {
  if (said.length === 0) return null;
  return (
    <section className={styles.said} aria-labelledby="said-title">
      <h2 id="said-title" className={styles.title}>
        Said
      </h2>
      <ul className={styles.list}>
        {said.map((entry) => (
          <li key={entry.seq} className={styles.bubble}>
            <span className={styles.from}>{entry.from}:</span> {PHRASE_TEXT[entry.phrase]}
          </li>
        ))}
      </ul>
    </section>
  );
}
