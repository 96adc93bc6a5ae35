import { useNavigate } from 'react-router-dom';
import { Link } from 'react-router-dom';
import type { GameListItem } from '@jotto/shared/game-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { TruncatedName } from '@/components/truncated-name.tsx';
import styles from './game-table.module.css';

export type GameListMode = 'solo' | 'versus';

/** Won or lost, for the row's colour (won green, lost red) and its words. */
export function rowResult(game: GameListItem, mode: GameListMode): 'won' | 'lost' | null {
  if (mode === 'versus') {
    if (game.outcome === 'win') return 'won';
    if (game.outcome === 'lose') return 'lost';
    return null;
  }
  if (game.won) return 'won';
  if (game.forfeit || game.score === 0) return 'lost';
  return null;
}

/**
 * A game list's table: solo columns Score, Last play, Last guess; versus columns
 * Opponent, My score, Opponent score, Last play, Last guess. Old games show the target in the
 * last column. A row opens its game; its first cell is a link so the keyboard can too. At 320 px
 * the five versus columns fit the screen: the opponent's name gives way (cut, whole in its
 * tooltip), the other columns keep their words whole.
 */
export function GameTable({
  games,
  mode,
  old,
}: {
  games: readonly GameListItem[];
  mode: GameListMode;
  old: boolean;
}) {
  const navigate = useNavigate();
  const lastTitle = old ? 'Target' : 'Last guess';
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {mode === 'versus' ? (
            <>
              <th scope="col">Opponent</th>
              <th scope="col">My score</th>
              <th scope="col">Opponent score</th>
            </>
          ) : (
            <th scope="col">Score</th>
          )}
          <th scope="col">Last play</th>
          <th scope="col">{lastTitle}</th>
        </tr>
      </thead>
      <tbody>
        {games.map((game) => {
          const result = rowResult(game, mode);
          const href = clientPath('/game/:gameId', { gameId: game.id });
          const first = mode === 'versus' ? (game.opponent ?? '?') : String(game.score);
          return (
            <tr
              key={game.id}
              className={`${styles.row} ${result ? styles[result] : ''}`}
              onClick={() => navigate(href)}
            >
              <td className={mode === 'solo' ? 'numeric' : styles.opponent}>
                <div className={styles.first}>
                  <Link
                    to={href}
                    className={styles.open}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {mode === 'versus' ? <TruncatedName name={first} /> : first}
                  </Link>
                  {result && (
                    <span className={styles.result}>
                      {' '}
                      <span aria-hidden="true">{result === 'won' ? '✓' : '✕'}</span>
                      <span className="visually-hidden">{result}</span>
                    </span>
                  )}
                </div>
              </td>
              {mode === 'versus' && (
                <>
                  <td className="numeric">{game.score}</td>
                  <td className="numeric">{game.enemyScore ?? ''}</td>
                </>
              )}
              <td>{game.timeAgo}</td>
              <td className="word">{old ? (game.target ?? '') : (game.guess ?? '(none)')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
