import { Navigate, useParams } from 'react-router-dom';
import { GameScreen } from './game-screen.tsx';

/** `/game/{gameId}`: an existing game. A new id mounts a new screen (a rematch, say). */
export function GamePage() {
  const gameId = Number(useParams().gameId);
  if (!Number.isInteger(gameId) || gameId < 1) return <Navigate to="/list_solo" replace />;
  return <GameScreen key={gameId} gameId={gameId} titled />;
}
