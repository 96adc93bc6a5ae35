/**
 * The client routes of spec §2, in react-router's pattern syntax. The server answers each of
 * them with the client's index.html; every other path outside the API is a JSON 404.
 */
export const CLIENT_ROUTES = [
  '/',
  '/home',
  '/main',
  '/rules',
  '/list_solo',
  '/list_versus',
  '/challenges',
  '/challenges/new',
  '/game',
  '/game/:gameId',
  '/leaderboards',
  '/login',
  '/register',
  '/finalize',
  '/profile',
  '/profile/:username',
  '/friends',
  '/friends/new',
  '/users/:username/verify/:verifyCode',
  '/company',
  '/nomostudios',
  '/privacy',
  '/mobile',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];
