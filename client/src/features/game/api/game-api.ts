import { queryOptions } from '@tanstack/react-query';
import type { EndpointBody, EndpointResponse } from '@jotto/shared/api-endpoints';
import { botDisplayName } from '@jotto/shared/computer-opponent';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { newGameQuery } from '@/lib/guest-hard-mode.ts';

/** The game's query keys: the detail, and the opponent's counts under it. */
export const gameKeys = {
  detail: (gameId: number) => ['game', gameId] as const,
  counts: (gameId: number) => ['game', gameId, 'counts'] as const,
  /**
   * The phrases heard in a game since its screen opened (events, polls, my say answers): kept
   * here, not fetched, so that the counts poll can hand over the ones it brings.
   */
  heard: (gameId: number) => ['game', gameId, 'heard'] as const,
  /** The key of the mark saves of a game (a mutation key, not a query). */
  markSaves: (gameId: number) => ['game', gameId, 'mark-saves'] as const,
  /** The key of my moves in a game (a mutation key): is one on its way from this tab? */
  plays: (gameId: number) => ['game', gameId, 'plays'] as const,
  /**
   * The analysis, by whether the versus opponent had finished when it was asked for: their
   * steps come only then, so the opponent's end is a new query. Not under ['game', id], so
   * that refreshing the board never refetches an analysis that cannot change.
   */
  analysis: (gameId: number, opponentFinished: boolean) =>
    ['game-analysis', gameId, { opponentFinished }] as const,
};

/**
 * The board as the screens show it: the computer opponent is named with its level, 'JottoBot
 * (easy)' (docs/PRODUCT.md, 'Computer opponent'), wherever the opponent's name shows (the
 * scores box, the results, the analysis, the page's title and what screen readers hear).
 */
function namedOpponent(detail: EndpointResponse<'game'>): EndpointResponse<'game'> {
  if (detail.enemyLevel === undefined) return detail;
  return { ...detail, enemyName: botDisplayName(detail.enemyLevel) };
}

/** `GET /games/:id`: the board as the server has it. */
export const gameQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameKeys.detail(gameId),
    queryFn: () => callEndpoint('game', { params: { id: gameId } }).then(namedOpponent),
    // A game that cannot be loaded has expired or is not ours: say so at once.
    retry: false,
  });

/**
 * `GET /game/:id/analysis`, for a finished game. A finished player's analysis never changes,
 * so it is never stale; a refusal (rate limit, say) is shown, not retried at once.
 */
export const analysisQuery = (gameId: number, opponentFinished: boolean) =>
  queryOptions({
    queryKey: gameKeys.analysis(gameId, opponentFinished),
    queryFn: () => callEndpoint('analysis', { params: { id: gameId } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** `GET /games/new`, with this browser's guest hard-mode setting (ignored for an account). */
export const startGame = () => callEndpoint('newGame', { query: newGameQuery() });
export const playWord = (gameId: number, word: string) =>
  callEndpoint('play', { params: { id: gameId, word } });
/** `GET /game/:id/counts`; with `since`, the phrases said after that sequence number too. */
export const fetchCounts = (gameId: number, since?: number) =>
  callEndpoint('counts', {
    params: { id: gameId },
    ...(since === undefined ? {} : { query: { since } }),
  });
export const saveMark = (gameId: number, body: EndpointBody<'updateMark'>) =>
  callEndpoint('updateMark', { params: { id: gameId }, body });
export const clearMarks = (gameId: number) =>
  callEndpoint('clearMarks', { params: { id: gameId } });
