import type { GameDetail } from '../game-state.ts';
import { ResultsDialog } from './results-dialog.tsx';

/** Tests only: the results overlay of a won solo game by alice, open, with no-op actions. */
export function WonSoloResults({ game }: { game: GameDetail }) {
  return (
    <ResultsDialog
      open
      onClose={() => {}}
      game={game}
      end="won"
      myName="alice"
      appUrl="http://localhost"
      onPlayAgain={() => {}}
      rematch={null}
    />
  );
}
