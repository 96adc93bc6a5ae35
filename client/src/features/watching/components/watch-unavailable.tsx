import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { UnavailableNotice } from '@/components/unavailable-notice.tsx';
import { ApiCallError, errorMessage, isNotFound } from '@/lib/api-client.ts';

/**
 * The server's 403 for a game I may not watch (it never says why: docs/PRODUCT.md, 'Watching'),
 * as `WATCH_MESSAGES.cannotWatch` words it; not imported from there, as watch-schemas.ts would
 * bring TypeBox into the page.
 */
export const CANNOT_WATCH = 'This game cannot be watched';
/** Under it: nothing about who turned watching off or blocked whom. */
export const CANNOT_WATCH_TEXT = 'Not every game is open to spectators.';
/** Under 'Game not found'. */
export const NO_GAME_TO_WATCH = 'There is no game to watch at this address.';

/**
 * In place of the spectator's view when there is none: a game I may not watch (403), none to
 * watch (404: no such game, or not a versus game between people), or no answer at all; each
 * with the way back to the Watch list. The title is the page's h1.
 */
export function WatchUnavailable({ error }: { error: unknown }) {
  const forbidden = error instanceof ApiCallError && error.status === 403;
  const notFound = isNotFound(error);
  const [title, text] = forbidden
    ? [CANNOT_WATCH, CANNOT_WATCH_TEXT]
    : notFound
      ? [GAME_MESSAGES.notFound, NO_GAME_TO_WATCH]
      : ['This game could not be loaded', errorMessage(error)];
  return (
    <UnavailableNotice
      id="watch-unavailable-title"
      title={title}
      text={text}
      backTo="/watch"
      backLabel="Back to Watch"
    />
  );
}
