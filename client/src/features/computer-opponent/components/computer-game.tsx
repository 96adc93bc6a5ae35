import { BOT_LEVELS, type BotLevel } from '@jotto/shared/computer-opponent';
import { BusyButton } from '@/components/busy-button.tsx';
import { useComputerGame } from '../api/bot-api.ts';
import styles from './computer-game.module.css';

/** The words of Home's way to a game against the computer (docs/PRODUCT.md, 'Computer opponent'). */
export const COMPUTER_GAME_TEXTS = {
  title: 'Play the computer',
  detail: 'JottoBot races you to the same word, a guess every few seconds.',
  starting: 'Starting...',
  levels: { easy: 'Easy', medium: 'Medium', hard: 'Hard' } satisfies Record<BotLevel, string>,
} as const;

/**
 * 'Play the computer' and a button per level, each starting a game against JottoBot at that
 * level and opening it. For guests too: such a game is theirs like a solo game (kept 24 hours).
 */
export function ComputerGame() {
  const computer = useComputerGame();
  return (
    <div className={styles.box} role="group" aria-labelledby="computer-game-title">
      <p id="computer-game-title" className={styles.title}>
        {COMPUTER_GAME_TEXTS.title}
      </p>
      <p className={styles.detail}>{COMPUTER_GAME_TEXTS.detail}</p>
      <div className={styles.levels}>
        {BOT_LEVELS.map((level) => (
          <BusyButton
            key={level}
            className={`button ${styles.level}`}
            busy={computer.starting === level}
            // One game at a time: the other levels wait for the one on its way.
            aria-disabled={(computer.busy && computer.starting !== level) || undefined}
            onClick={() => computer.start(level)}
          >
            {computer.starting === level
              ? COMPUTER_GAME_TEXTS.starting
              : COMPUTER_GAME_TEXTS.levels[level]}
          </BusyButton>
        ))}
      </div>
    </div>
  );
}
