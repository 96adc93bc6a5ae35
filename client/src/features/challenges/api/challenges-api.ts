import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { challengeKeys } from '../../../lib/challenges.ts';

/** `POST /challenges {type}`: my pending challenges, received (in) or sent (out). */
export const challengesListQuery = (type: 'in' | 'out') =>
  queryOptions({
    queryKey: challengeKeys.list(type),
    queryFn: () => callEndpoint('challengesList', { body: { type } }),
    // Events only refresh the list while it is on screen; opening it again asks again.
    staleTime: 0,
  });

/** `GET /challenges/:id/info`: a gameId once accepted, `stop` once denied or expired. */
export const fetchChallengeInfo = (challengeId: number) =>
  callEndpoint('challengeInfo', { params: { id: challengeId } });

export const challengeInfoQuery = (challengeId: number) =>
  queryOptions({
    queryKey: challengeKeys.info(challengeId),
    queryFn: () => fetchChallengeInfo(challengeId),
  });

export const acceptChallenge = (challengeId: number) =>
  callEndpoint('acceptChallenge', { body: { challenge_id: challengeId } });
export const denyChallenge = (challengeId: number) =>
  callEndpoint('denyChallenge', { body: { challenge_id: challengeId } });
