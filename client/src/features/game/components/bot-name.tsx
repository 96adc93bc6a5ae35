import { BOT_USERNAME, botDisplayName, type BotLevel } from '@jotto/shared/computer-opponent';
import styles from './bot-name.module.css';

/**
 * The computer opponent's name where a side's name shows: 'JottoBot' and its level as a badge
 * beside it, or under it when the side is too narrow for both (docs/PRODUCT.md, 'Computer
 * opponent'). In one line, 'JottoBot (medium)' was cut to 'JottoBot (mediu…' and the level never
 * showed. Screen readers (and text search) get the name as written everywhere else,
 * 'JottoBot (hard)', once; the two visible parts are hidden from them.
 */
export function BotName({ level }: { level: BotLevel }) {
  return (
    <>
      <span className="visually-hidden">{botDisplayName(level)}</span>
      <span className={styles.bot} aria-hidden="true">
        <span className={styles.name}>{BOT_USERNAME}</span>
        <span className={styles.level}>{level}</span>
      </span>
    </>
  );
}
