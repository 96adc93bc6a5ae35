import type { Static, TSchema } from 'typebox';
import {
  FinalizeBody,
  FinalizeBodyDocumented,
  ForgotPasswordBody,
  LoginBody,
  PushTokenBody,
  RegisterBody,
  RegisterBodyDocumented,
  ResetPasswordBody,
  ResetPasswordBodyDocumented,
  SignedInResponse,
  UserInfoResponse,
  VerificationResponse,
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
  BotGameBody,
  ClearResponse,
  CountsResponse,
  GameAnalysisResponse,
  GameDetailResponse,
  GameSkillResponse,
  GameIdParams,
  GamesListBody,
  GamesListResponse,
  NewGameQuery,
  NewGameResponse,
  PlayParams,
  PlayParamsDocumented,
  PlayResponse,
  UpdateMarkBody,
  UpdateMarkResponse,
} from './game-schemas.ts';
import {
  DailyArchiveGameResponse,
  DailyArchiveQuery,
  DailyArchiveResponse,
  DailyDayParams,
  DailyGameResponse,
  DailyLeadersQuery,
  DailyLeadersResponse,
  DailyReminderBody,
  DailyReminderResponse,
  DailyStatsResponse,
} from './daily-schemas.ts';
import { LeaderboardParams, LeaderboardResponse } from './leaderboard-schemas.ts';
import { MatchSeekResponse, MatchStatusResponse } from './match-schemas.ts';
import { RatingHistoryResponse } from './rating-schemas.ts';
import { NoticesResponse, NoticesSeenBody } from './notice-schemas.ts';
import { SettingsResponse, UpdateSettingsBody } from './settings-schemas.ts';
import { BlockBody, BlockedResponse, ReportBody, ReportResponse } from './moderation-schemas.ts';
import { MuteBody, MuteResponse, SayBody, SayResponse, SinceQuery } from './phrase-schemas.ts';
import { LiveGamesResponse, WatchResponse } from './watch-schemas.ts';
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

/**
 * Who may call an endpoint. The server refuses anyone else before the route's handler runs,
 * with the same status and sentence for the same situation on every route of a level:
 * - `public`: anyone, with a session or without (a route may still look at the session:
 *   signing in adopts a guest's, logging out ends it, user info describes it).
 * - `visitor`: anyone but an account that has not picked its username yet (403 'Pick your
 *   username first'); the route may start a guest session for a request without one.
 * - `game`: a guest or a signed-in user with a username, about one game: 404 'Game not found'
 *   without a live session (as for a game that is not yours), 403 without a username.
 * - `account`: a signed-in account, with its username or still without one: 401 for a guest
 *   or without a live session.
 * - `user`: a signed-in account with a username: 401 for a guest or without a live session,
 *   403 for an account that has not picked its username yet.
 */
export type EndpointAccess = 'public' | 'visitor' | 'game' | 'account' | 'user';

/** Every access level, for code that walks them (tests, documentation). */
export const ENDPOINT_ACCESS_LEVELS = [
  'public',
  'visitor',
  'game',
  'account',
  'user',
] as const satisfies readonly EndpointAccess[];

/** One API route: where it is (from API_PATHS), who may call it, and its schemas. */
export interface EndpointDefinition extends ApiPath {
  /** The OpenAPI tag that groups it. */
  tag: string;
  /** Who may call it (see EndpointAccess); the server enforces it for every route. */
  access: EndpointAccess;
  /** Path parameters (coerced from text by the server). */
  params?: TSchema;
  /** Query-string parameters (coerced from text by the server). */
  query?: TSchema;
  /** The JSON body of a POST. */
  body?: TSchema;
  /** The body of a 200; failures answer with ErrorResponse (api-envelope.ts). */
  response: TSchema;
  /**
   * What the API's document states instead of `params` or `body`, where the server validates
   * wider bounds than its rules (so that each rule answers with its own message) and then
   * enforces the rules: the document states the rules.
   */
  documented?: { params?: TSchema; body?: TSchema };
}

/**
 * The endpoint table: every API route with its schemas. The server registers its routes
 * from it (method, path, validation, serialisation, OpenAPI), the client's API module infers
 * each call's parameter, body and response types from it, and the tests call through it.
 */
export const API_ENDPOINTS = {
  register: {
    ...API_PATHS.register,
    access: 'public',
    tag: 'accounts',
    body: RegisterBody,
    response: SignedInResponse,
    documented: { body: RegisterBodyDocumented },
  },
  login: {
    ...API_PATHS.login,
    access: 'public',
    tag: 'accounts',
    body: LoginBody,
    response: SignedInResponse,
  },
  logout: { ...API_PATHS.logout, access: 'public', tag: 'accounts', response: OkResponse },
  userInfo: {
    ...API_PATHS.userInfo,
    access: 'public',
    tag: 'accounts',
    response: UserInfoResponse,
  },
  finalize: {
    ...API_PATHS.finalize,
    access: 'account',
    tag: 'accounts',
    body: FinalizeBody,
    response: SignedInResponse,
    documented: { body: FinalizeBodyDocumented },
  },
  verify: {
    ...API_PATHS.verify,
    access: 'public',
    tag: 'accounts',
    params: VerifyParams,
    response: OkResponse,
  },
  pushToken: {
    ...API_PATHS.pushToken,
    access: 'user',
    tag: 'accounts',
    body: PushTokenBody,
    response: OkResponse,
  },
  forgotPassword: {
    ...API_PATHS.forgotPassword,
    access: 'public',
    tag: 'accounts',
    body: ForgotPasswordBody,
    response: OkResponse,
  },
  resetPassword: {
    ...API_PATHS.resetPassword,
    access: 'public',
    tag: 'accounts',
    body: ResetPasswordBody,
    response: OkResponse,
    documented: { body: ResetPasswordBodyDocumented },
  },
  verification: {
    ...API_PATHS.verification,
    access: 'user',
    tag: 'accounts',
    response: VerificationResponse,
  },
  resendVerification: {
    ...API_PATHS.resendVerification,
    access: 'user',
    tag: 'accounts',
    response: OkResponse,
  },
  settings: { ...API_PATHS.settings, access: 'user', tag: 'settings', response: SettingsResponse },
  updateSettings: {
    ...API_PATHS.updateSettings,
    access: 'user',
    tag: 'settings',
    body: UpdateSettingsBody,
    response: SettingsResponse,
  },

  gamesList: {
    ...API_PATHS.gamesList,
    access: 'user',
    tag: 'games',
    body: GamesListBody,
    response: GamesListResponse,
  },
  newGame: {
    ...API_PATHS.newGame,
    access: 'visitor',
    tag: 'games',
    query: NewGameQuery,
    response: NewGameResponse,
  },
  botGame: {
    ...API_PATHS.botGame,
    access: 'visitor',
    tag: 'games',
    body: BotGameBody,
    response: NewGameResponse,
  },
  game: {
    ...API_PATHS.game,
    access: 'game',
    tag: 'games',
    params: GameIdParams,
    response: GameDetailResponse,
  },
  play: {
    ...API_PATHS.play,
    access: 'game',
    tag: 'games',
    params: PlayParams,
    response: PlayResponse,
    documented: { params: PlayParamsDocumented },
  },
  counts: {
    ...API_PATHS.counts,
    access: 'game',
    tag: 'games',
    params: GameIdParams,
    query: SinceQuery,
    response: CountsResponse,
  },
  clearMarks: {
    ...API_PATHS.clearMarks,
    access: 'game',
    tag: 'games',
    params: GameIdParams,
    response: ClearResponse,
  },
  updateMark: {
    ...API_PATHS.updateMark,
    access: 'game',
    tag: 'games',
    params: GameIdParams,
    body: UpdateMarkBody,
    response: UpdateMarkResponse,
  },
  analysis: {
    ...API_PATHS.analysis,
    access: 'game',
    tag: 'games',
    params: GameIdParams,
    response: GameAnalysisResponse,
  },
  gameSkill: {
    ...API_PATHS.gameSkill,
    access: 'game',
    tag: 'games',
    params: GameIdParams,
    response: GameSkillResponse,
  },
  liveGames: {
    ...API_PATHS.liveGames,
    access: 'user',
    tag: 'watching',
    response: LiveGamesResponse,
  },
  watchGame: {
    ...API_PATHS.watchGame,
    access: 'user',
    tag: 'watching',
    params: GameIdParams,
    query: SinceQuery,
    response: WatchResponse,
  },
  unwatchGame: {
    ...API_PATHS.unwatchGame,
    access: 'user',
    tag: 'watching',
    params: GameIdParams,
    response: OkResponse,
  },
  say: {
    ...API_PATHS.say,
    access: 'user',
    tag: 'games',
    params: GameIdParams,
    body: SayBody,
    response: SayResponse,
  },
  mutePhrases: {
    ...API_PATHS.mutePhrases,
    access: 'user',
    tag: 'games',
    params: GameIdParams,
    body: MuteBody,
    response: MuteResponse,
  },

  challengesList: {
    ...API_PATHS.challengesList,
    access: 'user',
    tag: 'challenges',
    body: ChallengesListBody,
    response: ChallengesListResponse,
  },
  newChallenge: {
    ...API_PATHS.newChallenge,
    access: 'user',
    tag: 'challenges',
    body: NewChallengeBody,
    response: NewChallengeResponse,
  },
  acceptChallenge: {
    ...API_PATHS.acceptChallenge,
    access: 'user',
    tag: 'challenges',
    body: ChallengeActionBody,
    response: AcceptChallengeResponse,
  },
  denyChallenge: {
    ...API_PATHS.denyChallenge,
    access: 'user',
    tag: 'challenges',
    body: ChallengeActionBody,
    response: DenyChallengeResponse,
  },
  challengeInfo: {
    ...API_PATHS.challengeInfo,
    access: 'user',
    tag: 'challenges',
    params: ChallengeIdParams,
    response: ChallengeInfoResponse,
  },

  addFriend: {
    ...API_PATHS.addFriend,
    access: 'user',
    tag: 'friends',
    params: UsernameParams,
    response: AddFriendResponse,
  },
  friends: { ...API_PATHS.friends, access: 'user', tag: 'friends', response: FriendsListResponse },
  friendRequests: {
    ...API_PATHS.friendRequests,
    access: 'user',
    tag: 'friends',
    response: FriendRequestsResponse,
  },
  acceptFriend: {
    ...API_PATHS.acceptFriend,
    access: 'user',
    tag: 'friends',
    body: FriendRequestActionBody,
    response: OkResponse,
  },
  denyFriend: {
    ...API_PATHS.denyFriend,
    access: 'user',
    tag: 'friends',
    body: FriendRequestActionBody,
    response: OkResponse,
  },
  searchUsers: {
    ...API_PATHS.searchUsers,
    access: 'user',
    tag: 'friends',
    body: SearchBody,
    response: SearchResponse,
  },
  profile: {
    ...API_PATHS.profile,
    access: 'public',
    tag: 'profiles',
    params: UsernameParams,
    response: ProfileResponse,
  },
  block: {
    ...API_PATHS.block,
    access: 'user',
    tag: 'moderation',
    body: BlockBody,
    response: OkResponse,
  },
  unblock: {
    ...API_PATHS.unblock,
    access: 'user',
    tag: 'moderation',
    body: BlockBody,
    response: OkResponse,
  },
  blocked: { ...API_PATHS.blocked, access: 'user', tag: 'moderation', response: BlockedResponse },
  report: {
    ...API_PATHS.report,
    access: 'user',
    tag: 'moderation',
    body: ReportBody,
    response: ReportResponse,
  },
  profileRatings: {
    ...API_PATHS.profileRatings,
    access: 'public',
    tag: 'profiles',
    params: UsernameParams,
    response: RatingHistoryResponse,
  },
  notices: { ...API_PATHS.notices, access: 'user', tag: 'notices', response: NoticesResponse },
  noticesSeen: {
    ...API_PATHS.noticesSeen,
    access: 'user',
    tag: 'notices',
    body: NoticesSeenBody,
    response: OkResponse,
  },

  leaderboard: {
    ...API_PATHS.leaderboard,
    access: 'public',
    tag: 'leaderboards',
    params: LeaderboardParams,
    response: LeaderboardResponse,
  },

  matchSeek: { ...API_PATHS.matchSeek, access: 'user', tag: 'match', response: MatchSeekResponse },
  matchCancel: { ...API_PATHS.matchCancel, access: 'user', tag: 'match', response: OkResponse },
  matchStatus: {
    ...API_PATHS.matchStatus,
    access: 'user',
    tag: 'match',
    response: MatchStatusResponse,
  },

  daily: {
    ...API_PATHS.daily,
    access: 'visitor',
    tag: 'daily',
    query: NewGameQuery,
    response: DailyGameResponse,
  },
  dailyStats: {
    ...API_PATHS.dailyStats,
    access: 'user',
    tag: 'daily',
    response: DailyStatsResponse,
  },
  dailyLeaders: {
    ...API_PATHS.dailyLeaders,
    // `scope=friends` needs a signed-in user; the route checks it (the everyone board is for
    // anyone).
    access: 'public',
    tag: 'daily',
    query: DailyLeadersQuery,
    response: DailyLeadersResponse,
  },
  dailyReminder: {
    ...API_PATHS.dailyReminder,
    access: 'user',
    tag: 'daily',
    response: DailyReminderResponse,
  },
  setDailyReminder: {
    ...API_PATHS.setDailyReminder,
    access: 'user',
    tag: 'daily',
    body: DailyReminderBody,
    response: DailyReminderResponse,
  },
  dailyReminderOff: {
    ...API_PATHS.dailyReminderOff,
    access: 'user',
    tag: 'daily',
    response: DailyReminderResponse,
  },
  dailyArchive: {
    ...API_PATHS.dailyArchive,
    access: 'visitor',
    tag: 'daily',
    query: DailyArchiveQuery,
    response: DailyArchiveResponse,
  },
  dailyDay: {
    ...API_PATHS.dailyDay,
    access: 'visitor',
    tag: 'daily',
    params: DailyDayParams,
    query: NewGameQuery,
    response: DailyArchiveGameResponse,
  },
} as const satisfies { [N in ApiName]: EndpointDefinition };

export type ApiEndpoints = typeof API_ENDPOINTS;

/** The schema under `K` of an endpoint type, or undefined when it has none. */
export type SchemaAt<E, K extends 'params' | 'query' | 'body' | 'response'> = E extends {
  [P in K]: infer S extends TSchema;
}
  ? S
  : undefined;

/** What a 200 of endpoint N carries. */
export type EndpointResponse<N extends ApiName> = Static<SchemaAt<ApiEndpoints[N], 'response'>>;

/** The JSON body endpoint N takes, or undefined when it takes none. */
export type EndpointBody<N extends ApiName> =
  SchemaAt<ApiEndpoints[N], 'body'> extends infer S extends TSchema ? Static<S> : undefined;

/** The query-string parameters endpoint N takes, or undefined when it takes none. */
export type EndpointQuery<N extends ApiName> =
  SchemaAt<ApiEndpoints[N], 'query'> extends infer S extends TSchema ? Static<S> : undefined;

/** The path parameters endpoint N takes, or undefined when it takes none. */
export type EndpointParams<N extends ApiName> =
  SchemaAt<ApiEndpoints[N], 'params'> extends infer S extends TSchema ? Static<S> : undefined;
