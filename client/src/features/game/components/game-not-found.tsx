import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { UnavailableNotice } from '@/components/unavailable-notice.tsx';
import { errorMessage, isNotFound } from '@/lib/api-client.ts';

/** What a signed-in player is told of a game that is another's, or none at all. */
export const NOT_YOUR_GAME = 'It is not one of your games, or there is no such game.';

/**
 * In place of the board, for a signed-in player whose game could not be loaded: the server
 * answers 404 'Game not found' alike for a game that is not theirs and for none at all
 * (docs/PRODUCT.md, 'Game screen'), and an account's games do not expire, so it says that, with
 * the way back to their games. Any other failure (no answer at all) says what happened.
 * `titled`: the screen's title is the page's h1 (else an h2, under the page's own).
 */
export function GameNotFound({ error, titled }: { error: unknown; titled: boolean }) {
  const notFound = isNotFound(error);
  return (
    <UnavailableNotice
      id="game-not-found-title"
      title={notFound ? GAME_MESSAGES.notFound : 'This game could not be loaded'}
      text={notFound ? NOT_YOUR_GAME : errorMessage(error)}
      backTo="/list_solo"
      backLabel="Back to your games"
      titled={titled}
    />
  );
}
