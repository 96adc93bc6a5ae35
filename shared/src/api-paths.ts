/**
 * Every JSON route of the API: its method and its path under API_PREFIX, in the
 * `:param` syntax Fastify and react-router share. This is the half of the endpoint table the
 * browser needs at run time; `api-endpoints.ts` adds the schemas under the same names.
 *
 * Why two files for one table: the schemas are TypeBox values, and importing them into the
 * client would put TypeBox and every schema into the landing page's JavaScript, a large share
 * of its budget (docs/PRODUCT.md, 'Interface') for code the browser never runs. The
 * client takes method and path from here and only the *types* of `api-endpoints.ts`.
 */
export const API_PATHS = {
  register: { method: 'POST', path: '/register' },
  login: { method: 'POST', path: '/login' },
  /** A GET that ends the session: covered by the cross-site guard. */
  logout: { method: 'GET', path: '/logout', changesState: true },
  userInfo: { method: 'GET', path: '/user/info' },
  finalize: { method: 'POST', path: '/finalize' },
  verify: { method: 'GET', path: '/users/:username/verify/:verifyCode', changesState: true },
  pushToken: { method: 'POST', path: '/user/pushtoken' },
  /** Mails a password reset link to an account's address (docs/PRODUCT.md, 'Password reset'). */
  forgotPassword: { method: 'POST', path: '/password/forgot' },
  /** Sets a new password with a mailed link's token. */
  resetPassword: { method: 'POST', path: '/password/reset' },
  /** Whether my e-mail address is verified (docs/PRODUCT.md, 'Verification mail'). */
  verification: { method: 'GET', path: '/user/verification' },
  /** Mails the verification link again (a new one). */
  resendVerification: { method: 'POST', path: '/user/verify/resend' },
  /** My settings (docs/PRODUCT.md, 'Settings'). */
  settings: { method: 'GET', path: '/user/settings' },
  /** Changes some of my settings, and answers them all. */
  updateSettings: { method: 'POST', path: '/user/settings' },

  gamesList: { method: 'POST', path: '/games' },
  newGame: { method: 'GET', path: '/games/new', changesState: true },
  /** A new versus game against the computer (docs/PRODUCT.md, 'Computer opponent'). */
  botGame: { method: 'POST', path: '/games/bot' },
  game: { method: 'GET', path: '/games/:id' },
  play: { method: 'GET', path: '/game/:id/play/:word', changesState: true },
  counts: { method: 'GET', path: '/game/:id/counts' },
  clearMarks: { method: 'GET', path: '/game/:id/clear', changesState: true },
  updateMark: { method: 'POST', path: '/game/:id/update' },
  /** The post-game analysis of a finished game (docs/PRODUCT.md, 'Post-game analysis'). */
  analysis: { method: 'GET', path: '/game/:id/analysis' },
  /** A finished game's skill and luck alone, a daily's before its word is revealed too. */
  gameSkill: { method: 'GET', path: '/game/:id/skill' },
  /** Ongoing versus games I may watch (docs/PRODUCT.md, 'Watching'). */
  liveGames: { method: 'GET', path: '/games/live' },
  /** A game as a spectator sees it; also puts my sockets in its watch room. */
  watchGame: { method: 'GET', path: '/game/:id/watch' },
  /** Takes my sockets out of the game's watch room (I left the spectator's page). */
  unwatchGame: { method: 'POST', path: '/game/:id/unwatch' },
  /** Sends a quick phrase to my opponent (docs/PRODUCT.md, 'Quick phrases'). */
  say: { method: 'POST', path: '/game/:id/say' },
  /** Mutes or unmutes my opponent's phrases for this game. */
  mutePhrases: { method: 'POST', path: '/game/:id/mute' },

  challengesList: { method: 'POST', path: '/challenges' },
  newChallenge: { method: 'POST', path: '/challenges/new' },
  acceptChallenge: { method: 'POST', path: '/challenges/accept' },
  denyChallenge: { method: 'POST', path: '/challenges/deny' },
  challengeInfo: { method: 'GET', path: '/challenges/:id/info' },

  addFriend: { method: 'GET', path: '/friends/add/:username', changesState: true },
  friends: { method: 'GET', path: '/user/friends' },
  friendRequests: { method: 'GET', path: '/user/friend_requests' },
  acceptFriend: { method: 'POST', path: '/friends/accept' },
  denyFriend: { method: 'POST', path: '/friends/deny' },
  searchUsers: { method: 'POST', path: '/user/search' },
  profile: { method: 'GET', path: '/profile/:username' },
  /** Blocks a player (docs/PRODUCT.md, 'Blocks'). */
  block: { method: 'POST', path: '/user/block' },
  unblock: { method: 'POST', path: '/user/unblock' },
  /** The players I blocked. */
  blocked: { method: 'GET', path: '/user/blocked' },
  /** Reports a player to the admins (docs/PRODUCT.md, 'Reports'). */
  report: { method: 'POST', path: '/user/report' },
  /** A player's rating after each of their last 100 rated games (docs/PRODUCT.md, 'Ratings'). */
  profileRatings: { method: 'GET', path: '/profile/:username/ratings' },
  /** What waits for me: challenges, friend requests, answers (docs/PRODUCT.md, 'Notices'). */
  notices: { method: 'GET', path: '/user/notices' },
  /** News I have seen: never a notice again, anywhere (docs/PRODUCT.md, 'Notices'). */
  noticesSeen: { method: 'POST', path: '/user/notices/seen' },

  leaderboard: { method: 'GET', path: '/leaders/:type' },

  /** Joins the 'Play now' queue, or answers the game it paired (docs/PRODUCT.md, 'Play now'). */
  matchSeek: { method: 'POST', path: '/match/seek' },
  /** Leaves the 'Play now' queue. */
  matchCancel: { method: 'POST', path: '/match/cancel' },
  /**
   * Whether my seek waits or was paired: the waiting screen's poll while its real-time channel
   * is down. It also keeps the seek alive (a timestamp, no state a page could abuse: a
   * cross-site request carries no session cookie), so it is not marked `changesState`.
   */
  matchStatus: { method: 'GET', path: '/match/status' },

  /** Today's daily game, created by the first call of the day: a GET that changes state. */
  daily: { method: 'GET', path: '/daily', changesState: true },
  dailyStats: { method: 'GET', path: '/daily/stats' },
  /** Today's solvers: everyone's, or with `?scope=friends` my friends' and mine. */
  dailyLeaders: { method: 'GET', path: '/daily/leaders' },
  /** My streak reminder, or null (docs/PRODUCT.md, 'Streak reminder'). */
  dailyReminder: { method: 'GET', path: '/daily/reminder' },
  /** Turns my streak reminder on at an hour of my clock, or moves it. */
  setDailyReminder: { method: 'POST', path: '/daily/reminder' },
  /** Turns my streak reminder off (the API changes state with POST only). */
  dailyReminderOff: { method: 'POST', path: '/daily/reminder/off' },
  /** Past days and how I stand with each (docs/PRODUCT.md, 'Archive'). */
  dailyArchive: { method: 'GET', path: '/daily/archive' },
  /** My game of a past day, made by the first call: a GET that changes state. */
  dailyDay: { method: 'GET', path: '/daily/:day', changesState: true },
} as const satisfies Record<string, ApiPath>;

/** One route's method and path (and whether a GET changes state). */
export interface ApiPath {
  method: 'GET' | 'POST';
  /** Under API_PREFIX, with `:name` parameters. */
  path: string;
  /** A GET that changes state (the API has several): the cross-site guard covers it. */
  changesState?: boolean;
}

export type ApiName = keyof typeof API_PATHS;
