import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { describeTimeControl } from '@jotto/shared/time-controls';
import type { LiveGame, LivePlayer } from '@jotto/shared/watch-schemas';
import { TruncatedName } from '@/components/truncated-name.tsx';
import listPage from '@/components/list-page.module.css';
import { errorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { watchingText } from '@/features/game/components/scores-box.tsx';
import { liveGamesQuery } from '../api/watching-api.ts';
import { WatchSignIn } from './watch-sign-in.tsx';
import styles from './watch-list-page.module.css';

/** The Watch list with no game in it. */
export const NO_LIVE_GAMES = 'No games to watch right now.';
/** Under it: what would show, and that it comes by itself. */
export const NO_LIVE_GAMES_HINT =
  'Versus games between people show here while they are played. This list updates by itself.';

/**
 * `/watch` (docs/PRODUCT.md, 'Watching'): the ongoing versus games I may watch, friends' games
 * first, each with both players, their scores and guess counts, the time control, how many
 * watch, and 'Watch'. Asked again every 10 s while shown. A guest is asked to sign in.
 */
export function WatchListPage() {
  const { username, loading } = useSession();
  const guest = !loading && !username;
  const list = useQuery({ ...liveGamesQuery, enabled: !loading && !guest });
  return (
    <section aria-labelledby="watch-title">
      <div className={listPage.bar}>
        <h1 id="watch-title" className={listPage.title}>
          Watch
        </h1>
      </div>
      {guest ? (
        <WatchSignIn />
      ) : loading || list.isPending ? (
        <p className={listPage.empty} role="status">
          Loading...
        </p>
      ) : list.data && list.data.games.length > 0 ? (
        <ul className={styles.games} aria-label="Live games">
          {list.data.games.map((game) => (
            <LiveGameRow key={game.gameId} game={game} />
          ))}
        </ul>
      ) : list.data ? (
        <div className={listPage.empty}>
          <p className={styles.emptyTitle}>{NO_LIVE_GAMES}</p>
          <p className={styles.hint}>{NO_LIVE_GAMES_HINT}</p>
        </div>
      ) : (
        <p className={listPage.empty}>{errorMessage(list.error)}</p>
      )}
    </section>
  );
}

function LiveGameRow({ game }: { game: LiveGame }) {
  const names = game.players.map((player) => player.username).join(' vs ');
  const details = [
    game.timeControl ? `${describeTimeControl(game.timeControl)} game` : 'No clock',
    ...(game.watchers > 0 ? [watchingText(game.watchers)] : []),
  ];
  return (
    <li className={styles.game}>
      <ul className={styles.players} aria-label={names}>
        {game.players.map((player) => (
          <PlayerLine key={player.username} player={player} />
        ))}
      </ul>
      <div className={styles.footer}>
        <p className={styles.details}>
          {details.map((detail, index) => (
            <span key={detail}>
              {index > 0 && ' · '}
              <span className={styles.detail}>{detail}</span>
            </span>
          ))}
        </p>
        <Link
          to={clientPath('/watch/:gameId', { gameId: game.gameId })}
          className="button button-primary"
          aria-label={`Watch ${names}`}
        >
          Watch
        </Link>
      </div>
    </li>
  );
}

function PlayerLine({ player }: { player: LivePlayer }) {
  return (
    <li className={styles.player}>
      <span className={styles.who}>
        <TruncatedName name={player.username} className={styles.name} />
        <span className={`numeric ${styles.rating}`}>
          <span className="visually-hidden">Rating </span>
          {player.rating}
        </span>
      </span>
      <span className={styles.progress}>
        <span className="numeric">{player.score}</span> points ·{' '}
        <span className="numeric">{player.guesses}</span>{' '}
        {player.guesses === 1 ? 'guess' : 'guesses'}
        {player.finished && ' · done'}
      </span>
    </li>
  );
}
