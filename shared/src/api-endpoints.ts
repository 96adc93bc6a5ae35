import type { Static, TSchema } from 'typebox';
import {
  FinalizeBody,
  LoginBody,
  PushTokenBody,
  RegisterBody,
  SignedInResponse,
  UserInfoResponse,
  VerifyParams,
} from './account-schemas.ts';
import { OkResponse } from './api-envelope.ts';
import { API_PATHS, type ApiName, type ApiPath } from './api-paths.ts';
import {
  AcceptChallengeResponse,
  ChallengeActionBody,
  ChallengeIdParams,
  ChallengeInfoResponse,
  ChallengesListBody,
  ChallengesListResponse,
  DenyChallengeResponse,
  NewChallengeBody,
  NewChallengeResponse,
} from './challenge-schemas.ts';
import {
  ClearResponse,
  CountsResponse,
  GameAnalysisResponse,
  GameDetailResponse,
  GameIdParams,
  GamesListBody,
  GamesListResponse,
  NewGameResponse,
  PlayParams,
  PlayResponse,
  UpdateMarkBody,
  UpdateMarkResponse,
} from './game-schemas.ts';
import { LeaderboardParams, LeaderboardResponse } from './leaderboard-schemas.ts';
import {
  AddFriendResponse,
  FriendRequestActionBody,
  FriendRequestsResponse,
  FriendsListResponse,
  ProfileResponse,
  SearchBody,
  SearchResponse,
  UsernameParams,
} from './social-schemas.ts';

/** One API route: where it is (from API_PATHS) and the schemas of what goes in and out. */
export interface EndpointDefinition extends ApiPath {
  /** The OpenAPI tag that groups it. */
  tag: string;
  /** Path parameters (coerced from text by the server). */
  params?: TSchema;
  /** The JSON body of a POST. */
  body?: TSchema;
  /** The body of a 200; failures answer with ErrorResponse (api-envelope.ts). */
  response: TSchema;
}

/**
 * The endpoint table: every route of spec §7 with its schemas. The server registers its routes
 * from it (method, path, validation, serialisation, OpenAPI), the client's API module infers
 * each call's parameter, body and response types from it, and the tests call through it.
 */
export const API_ENDPOINTS = {
  register: {
    ...API_PATHS.register,
    tag: 'accounts',
    body: RegisterBody,
    response: SignedInResponse,
  },
  login: { ...API_PATHS.login, tag: 'accounts', body: LoginBody, response: SignedInResponse },
  logout: { ...API_PATHS.logout, tag: 'accounts', response: OkResponse },
  userInfo: { ...API_PATHS.userInfo, tag: 'accounts', response: UserInfoResponse },
  finalize: {
    ...API_PATHS.finalize,
    tag: 'accounts',
    body: FinalizeBody,
    response: SignedInResponse,
  },
  verify: { ...API_PATHS.verify, tag: 'accounts', params: VerifyParams, response: OkResponse },
  pushToken: { ...API_PATHS.pushToken, tag: 'accounts', body: PushTokenBody, response: OkResponse },

  gamesList: {
    ...API_PATHS.gamesList,
    tag: 'games',
    body: GamesListBody,
    response: GamesListResponse,
  },
  newGame: { ...API_PATHS.newGame, tag: 'games', response: NewGameResponse },
  game: { ...API_PATHS.game, tag: 'games', params: GameIdParams, response: GameDetailResponse },
  play: { ...API_PATHS.play, tag: 'games', params: PlayParams, response: PlayResponse },
  counts: { ...API_PATHS.counts, tag: 'games', params: GameIdParams, response: CountsResponse },
  clearMarks: {
    ...API_PATHS.clearMarks,
    tag: 'games',
    params: GameIdParams,
    response: ClearResponse,
  },
  updateMark: {
    ...API_PATHS.updateMark,
    tag: 'games',
    params: GameIdParams,
    body: UpdateMarkBody,
    response: UpdateMarkResponse,
  },
  analysis: {
    ...API_PATHS.analysis,
    tag: 'games',
    params: GameIdParams,
    response: GameAnalysisResponse,
  },

  challengesList: {
    ...API_PATHS.challengesList,
    tag: 'challenges',
    body: ChallengesListBody,
    response: ChallengesListResponse,
  },
  newChallenge: {
    ...API_PATHS.newChallenge,
    tag: 'challenges',
    body: NewChallengeBody,
    response: NewChallengeResponse,
  },
  acceptChallenge: {
    ...API_PATHS.acceptChallenge,
    tag: 'challenges',
    body: ChallengeActionBody,
    response: AcceptChallengeResponse,
  },
  denyChallenge: {
    ...API_PATHS.denyChallenge,
    tag: 'challenges',
    body: ChallengeActionBody,
    response: DenyChallengeResponse,
  },
  challengeInfo: {
    ...API_PATHS.challengeInfo,
    tag: 'challenges',
    params: ChallengeIdParams,
    response: ChallengeInfoResponse,
  },

  addFriend: {
    ...API_PATHS.addFriend,
    tag: 'friends',
    params: UsernameParams,
    response: AddFriendResponse,
  },
  friends: { ...API_PATHS.friends, tag: 'friends', response: FriendsListResponse },
  friendRequests: { ...API_PATHS.friendRequests, tag: 'friends', response: FriendRequestsResponse },
  acceptFriend: {
    ...API_PATHS.acceptFriend,
    tag: 'friends',
    body: FriendRequestActionBody,
    response: OkResponse,
  },
  denyFriend: {
    ...API_PATHS.denyFriend,
    tag: 'friends',
    body: FriendRequestActionBody,
    response: OkResponse,
  },
  searchUsers: {
    ...API_PATHS.searchUsers,
    tag: 'friends',
    body: SearchBody,
    response: SearchResponse,
  },
  profile: {
    ...API_PATHS.profile,
    tag: 'profiles',
    params: UsernameParams,
    response: ProfileResponse,
  },

  leaderboard: {
    ...API_PATHS.leaderboard,
    tag: 'leaderboards',
    params: LeaderboardParams,
    response: LeaderboardResponse,
  },
} as const satisfies { [N in ApiName]: EndpointDefinition };

export type ApiEndpoints = typeof API_ENDPOINTS;

/** The schema under `K` of an endpoint type, or undefined when it has none. */
export type SchemaAt<E, K extends 'params' | 'body' | 'response'> = E extends {
  [P in K]: infer S extends TSchema;
}
  ? S
  : undefined;

/** What a 200 of endpoint N carries. */
export type EndpointResponse<N extends ApiName> = Static<SchemaAt<ApiEndpoints[N], 'response'>>;

/** The JSON body endpoint N takes, or undefined when it takes none. */
export type EndpointBody<N extends ApiName> =
  SchemaAt<ApiEndpoints[N], 'body'> extends infer S extends TSchema ? Static<S> : undefined;

/** The path parameters endpoint N takes, or undefined when it takes none. */
export type EndpointParams<N extends ApiName> =
  SchemaAt<ApiEndpoints[N], 'params'> extends infer S extends TSchema ? Static<S> : undefined;
