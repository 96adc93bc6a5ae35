/**
 * The client routes (docs/PRODUCT.md, 'Client routes'), in react-router's pattern syntax. The
 * server answers each of them with the client's index.html; every other path outside the API is
 * a JSON 404.
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
  '/daily',
  '/daily/archive',
  '/daily/:day',
  '/leaderboards',
  '/settings',
  '/watch',
  '/watch/:gameId',
  '/login',
  '/register',
  '/finalize',
  '/profile',
  '/profile/:username',
  '/friends',
  '/friends/new',
  '/users/:username/verify/:verifyCode',
  '/forgot',
  '/reset/:token',
  '/company',
  '/nomostudios',
  '/privacy',
  '/mobile',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** The `:name` parameters of a route pattern, as a union of names. */
type RouteParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The arguments `clientPath` takes after the route: the parameters, when it has any. */
export type ClientPathArgs<R extends ClientRoute> = [RouteParamNames<R>] extends [never]
  ? []
  : [params: Record<RouteParamNames<R>, string | number>];

/**
 * A concrete path of a client route, its parameters URL-encoded:
 * `clientPath('/game/:gameId', {gameId: 7})` is `/game/7`. The client navigates with it and
 * the server builds its links with it (verification mail, push notifications, sign-in
 * redirects), so a route renamed here is renamed everywhere.
 */
export function clientPath<R extends ClientRoute>(route: R, ...args: ClientPathArgs<R>): string {
  const params: Record<string, string | number> = args[0] ?? {};
  return route.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name])),
  );
}

/** The client routes without parameters: each is its own concrete path. */
export type StaticClientRoute = {
  [R in ClientRoute]: ClientPathArgs<R> extends [] ? R : never;
}[ClientRoute];
