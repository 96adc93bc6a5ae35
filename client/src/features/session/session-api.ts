import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
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
