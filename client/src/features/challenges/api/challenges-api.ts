import { callEndpoint } from '@/lib/api-client.ts';

// The requests only this screen makes; those the rematch and the profile share are in
// lib/challenges.ts.

/** `POST /challenges/deny` */
export const denyChallenge = (challengeId: number) =>
  callEndpoint('denyChallenge', { body: { challenge_id: challengeId } });
