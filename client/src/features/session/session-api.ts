import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type {
  FinalizeBody,
  LoginBody,
  RegisterBody,
  SignedInResponse,
  UserInfoResponse,
} from '@jotto/shared/account-schemas';
import type { OkResponse } from '@jotto/shared/api-envelope';
import { callApi } from '../../lib/api-client.ts';

export const userInfoQuery = queryOptions({
  queryKey: ['user-info'],
  queryFn: () => callApi<UserInfoResponse>('GET', '/user/info'),
  staleTime: 60_000,
});

/** The signed-in username, or '' for a guest (spec §3 client state `username`). */
export function useUsername(): { username: string; loading: boolean } {
  const { data, isPending } = useQuery(userInfoQuery);
  return { username: data?.result === 'ok' ? data.msg : '', loading: isPending };
}

export const login = (body: LoginBody) => callApi<SignedInResponse>('POST', '/login', body);
export const register = (body: RegisterBody) =>
  callApi<SignedInResponse>('POST', '/register', body);
export const logout = () => callApi<OkResponse>('GET', '/logout');
export const finalize = (body: FinalizeBody) =>
  callApi<SignedInResponse>('POST', '/finalize', body);

/** After login, register or finalize: refresh who is signed in, then go to /home (spec §4). */
export function useSignedIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
    navigate('/home');
  };
}

/** Alerts the way spec §8 asks: the server's err (or message), verbatim. */
export function alertError(error: unknown): void {
  window.alert(error instanceof Error ? error.message : String(error));
}
