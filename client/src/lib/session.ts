import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { callRoute, type EndpointRoute } from './api-client.ts';

// The first page's only calls, with their entries of the endpoint table written out (checked
// against it by their types) rather than looked up by name: the table stays out of the
// landing's JavaScript (see api-endpoint.ts).
const USER_INFO: EndpointRoute<'userInfo'> = { method: 'GET', path: '/user/info' };
const LOGOUT: EndpointRoute<'logout'> = { method: 'GET', path: '/logout', changesState: true };

/** Who is using the app (docs/PRODUCT.md, 'Sessions'): asked of the server on load. */
export const userInfoQuery = queryOptions({
  queryKey: ['user-info'],
  queryFn: () => callRoute<'userInfo'>(USER_INFO),
  staleTime: 5 * 60_000,
});

export interface Session {
  /** The signed-in username, or '' for a guest. */
  username: string;
  /** True until the server has answered the first time. */
  loading: boolean;
  /** Signed in through a social provider, username not picked yet (`/user/info` said finalize). */
  mustFinalize: boolean;
}

/** The current session, from the user-info query every screen shares. */
export function useSession(): Session {
  const { data, isPending } = useQuery(userInfoQuery);
  return {
    username: data?.result === 'ok' ? data.msg : '',
    loading: isPending,
    mustFinalize: data?.result === 'finalize',
  };
}

/** After login, register or finalize: refresh who is signed in, then go to /home. */
export function useSignedIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Everything cached belonged to the previous session (a guest's games, say).
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user-info' });
    await queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
    navigate(clientPath('/home'));
  };
}

/** Logout: ends the session on the server, forgets it here, goes to /. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // A guest here first: the server closes the session's sockets as it logs out, and a screen
    // whose socket drops starts polling; a player's data asked for then would be refused (401).
    queryClient.setQueryData(userInfoQuery.queryKey, { result: 'guest' });
    await queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== 'user-info' });
    await callRoute<'logout'>(LOGOUT).catch((error: unknown) =>
      console.error('logout failed', error),
    );
    queryClient.clear();
    queryClient.setQueryData(userInfoQuery.queryKey, { result: 'guest' });
    navigate(clientPath('/'));
  };
}
