import type { Notice } from '@jotto/shared/notice-schemas';

/** At most this many notices show at once; newer ones push older ones into the queue. */
export const VISIBLE_NOTICES = 3;

/**
 * The name of a notice, the same however it was learned (event, poll, another tab's answer):
 * what a tab remembers as seen or dismissed.
 */
export function noticeKey(notice: Notice): string {
  switch (notice.kind) {
    case 'challenge-received':
    case 'challenge-accepted':
    case 'challenge-denied':
      return `${notice.kind}:${notice.challengeId}`;
    case 'friend-request':
    case 'friend-accepted':
      return `${notice.kind}:${notice.id}`;
  }
}

/** A request to me that waits for my answer (Accept / Deny), as opposed to news. */
export function isRequest(notice: Notice): boolean {
  return notice.kind === 'challenge-received' || notice.kind === 'friend-request';
}

/** Who, and what: the sentence a notice shows and screen readers announce. */
export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'challenge-received':
      return notice.rematch
        ? `${notice.sender} wants a rematch!`
        : `${notice.sender} challenged you to a game!`;
    case 'challenge-accepted':
      return `${notice.name} accepted your challenge. Game on!`;
    case 'challenge-denied':
      return `${notice.name} declined your challenge.`;
    case 'friend-request':
      return `${notice.name} wants to be your friend`;
    case 'friend-accepted':
      return `${notice.name} accepted your friend request.`;
  }
}

export interface NoticeStackState {
  /** Every notice on the stack, newest first: the first VISIBLE_NOTICES show, the rest wait. */
  notices: readonly Notice[];
  /** Keys shown or dismissed in this tab: never put on the stack again. */
  seen: ReadonlySet<string>;
  /** What the live region says: the sentences of the notices last shown. */
  announcement: string;
}

export type NoticeStackAction =
  /**
   * What the server says waits (`GET /user/notices`, newest first). `hidden`: keys of notices
   * to leave off because the player is already on their way (a screen opening that game).
   */
  | { type: 'server'; notices: readonly Notice[]; hidden: ReadonlySet<string> }
  /** Acted on here, dismissed, or answered elsewhere: off the stack, and seen. */
  | { type: 'remove'; key: string }
  /** Shown to the player (on screen while the tab is visible): announced, once. */
  | { type: 'seen'; keys: readonly string[] };

/**
 * The stack's rules, as a pure function of what happened:
 * - a notice new to this tab goes on top, in the server's order (newest first);
 * - one already seen or dismissed never comes back, nor one the player is on their way to;
 * - a request to me that the server no longer lists (answered in another tab or on another
 *   device, withdrawn by expiry) leaves; news (an answer to my challenge or request) stays
 *   until dismissed or acted on, even once it is too old for the server to list.
 */
export function nextNoticeStack(
  state: NoticeStackState,
  action: NoticeStackAction,
): NoticeStackState {
  switch (action.type) {
    case 'server': {
      const listed = new Set(action.notices.map(noticeKey));
      const kept = state.notices.filter(
        (notice) => !isRequest(notice) || listed.has(noticeKey(notice)),
      );
      const onStack = new Set(kept.map(noticeKey));
      const added = action.notices.filter((notice) => {
        const key = noticeKey(notice);
        return !onStack.has(key) && !state.seen.has(key) && !action.hidden.has(key);
      });
      const seen = action.hidden.size > 0 ? new Set([...state.seen, ...action.hidden]) : state.seen;
      if (added.length === 0 && kept.length === state.notices.length && seen === state.seen) {
        return state;
      }
      return { ...state, notices: [...added, ...kept], seen };
    }
    case 'remove': {
      const notices = state.notices.filter((notice) => noticeKey(notice) !== action.key);
      if (notices.length === state.notices.length && state.seen.has(action.key)) return state;
      return { ...state, notices, seen: new Set([...state.seen, action.key]) };
    }
    case 'seen': {
      const fresh = state.notices.filter((notice) => {
        const key = noticeKey(notice);
        return action.keys.includes(key) && !state.seen.has(key);
      });
      if (fresh.length === 0) return state;
      return {
        ...state,
        seen: new Set([...state.seen, ...fresh.map(noticeKey)]),
        announcement: fresh.map(noticeText).join(' '),
      };
    }
  }
}
