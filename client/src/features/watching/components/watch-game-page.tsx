import { Navigate, useParams } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { PageLoading } from '@/components/page-loading.tsx';
import { useSession } from '@/lib/session.ts';
import { useWatchedGame } from '../hooks/use-watched-game.ts';
import { isPlayerOf } from '../watch-state.ts';
import { SpectatorView } from './spectator-view.tsx';
import { WatchSignIn } from './watch-sign-in.tsx';
import { WatchUnavailable } from './watch-unavailable.tsx';

/**
 * `/watch/{gameId}`: a game as its spectator sees it (docs/PRODUCT.md, 'Watching'). A guest is
 * asked to sign in; a player of the game is shown their own game instead (the server answers a
 * player the spectator's view too, so the client compares the players' names with mine); a game
 * I may not watch, or none, says so. A new id mounts a new screen.
 */
export function WatchGamePage() {
  const gameId = Number(useParams().gameId);
  const { username, loading } = useSession();
  if (!Number.isInteger(gameId) || gameId < 1) {
    return <Navigate to={clientPath('/watch')} replace />;
  }
  if (loading) return <PageLoading />;
  if (!username) {
    return (
      <section aria-labelledby="watch-title">
        <h1 id="watch-title">Watch</h1>
        <WatchSignIn />
      </section>
    );
  }
  return <WatchScreen key={gameId} gameId={gameId} me={username} />;
}

function WatchScreen({ gameId, me }: { gameId: number; me: string }) {
  const { view, error, feed } = useWatchedGame(gameId, true);
  if (view && isPlayerOf(view, me)) {
    return <Navigate to={clientPath('/game/:gameId', { gameId })} replace />;
  }
  if (view) return <SpectatorView view={view} feed={feed} />;
  return error ? <WatchUnavailable error={error} /> : <PageLoading />;
}
