import type { CountsResponse } from './game-schemas.ts';

/**
 * `game:counts`: the opponent moved (decisions §6): exactly the fields of `GET /game/:id/counts`
 * but its `result`, so the event and the poll cannot drift apart.
 */
export type GameCountsEvent = Omit<CountsResponse, 'result'>;

/** Events the server sends; each goes to the room of the user it concerns. */
export interface ServerToClientEvents {
  'game:counts': (event: GameCountsEvent) => void;
  /** Someone challenged me. */
  'challenge:received': (event: { challengeId: number; sender: string }) => void;
  /** A challenge I sent was accepted (or paired): go to the game. */
  'challenge:accepted': (event: { challengeId: number; gameId: number }) => void;
  /** A challenge I sent was denied. */
  'challenge:denied': (event: { challengeId: number }) => void;
  /** Someone asked to be my friend. */
  'friend:request': (event: { id: number; name: string }) => void;
  /** Someone accepted my friend request. */
  'friend:accepted': (event: { name: string }) => void;
}

/** The client sends nothing over the socket: every intent is a REST call (the server decides). */
export type ClientToServerEvents = Record<string, never>;

/** The room that reaches every socket of one user, on every node. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}
