import type { NewsKind, NewsRef, Notice } from '@jotto/shared/notice-schemas';

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

const NEWS_KINDS: ReadonlySet<string> = new Set<NewsKind>([
  'challenge-accepted',
  'challenge-denied',
  'friend-accepted',
]);

/**
 * The row a news key names (what `POST /user/notices/seen` takes), or null for a request's key:
 * a request is not seen away, it waits for its answer.
 */
export function newsRefOfKey(key: string): NewsRef | null {
  const [kind, id] = key.split(':');
  const rowId = Number(id);
  if (kind === undefined || !NEWS_KINDS.has(kind) || !Number.isInteger(rowId) || rowId < 1) {
    return null;
  }
  return { kind: kind as NewsKind, id: rowId };
}

/** The key of a news row, as noticeKey names the notice it makes. */
export function keyOfNewsRef(ref: NewsRef): string {
  return `${ref.kind}:${ref.id}`;
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
  /**
   * News seen in another tab or on another device (`notices:seen`): off the stack unless this
   * tab has shown it too (the player may be reading it here), and never shown here.
   */
  | { type: 'seen-elsewhere'; keys: readonly string[] }
  /** Shown to the player (on screen while the tab is visible): announced, once. */
  | { type: 'seen'; keys: readonly string[] };

/**
 * The stack's rules, as a pure function of what happened:
 * - a notice new to this tab goes on top, in the server's order (newest first);
 * - one already seen or dismissed never comes back, nor one the player is on their way to;
 * - the same news twice (two answers that read the same: 'bob declined your challenge.') is
 *   one card: the newest shows, the others count as seen with it;
 * - a notice the server no longer lists leaves, unless it is news this tab has shown: a request
 *   answered in another tab or on another device or withdrawn by expiry, news seen elsewhere or
 *   about a game that is over. News on screen stays until dismissed or acted on.
 */
export function nextNoticeStack(
  state: NoticeStackState,
  action: NoticeStackAction,
): NoticeStackState {
  switch (action.type) {
    case 'server': {
      const listed = new Set(action.notices.map(noticeKey));
      const kept = state.notices.filter((notice) => {
        const key = noticeKey(notice);
        return listed.has(key) || (!isRequest(notice) && state.seen.has(key));
      });
      const onStack = new Set(kept.map(noticeKey));
      const newsTexts = new Set(kept.filter((notice) => !isRequest(notice)).map(noticeText));
      const folded: string[] = [];
      const added = action.notices.filter((notice) => {
        const key = noticeKey(notice);
        if (onStack.has(key) || state.seen.has(key) || action.hidden.has(key)) return false;
        if (isRequest(notice)) return true;
        const text = noticeText(notice);
        if (newsTexts.has(text)) {
          folded.push(key);
          return false;
        }
        newsTexts.add(text);
        return true;
      });
      const learned = [...action.hidden, ...folded].filter((key) => !state.seen.has(key));
      const seen = learned.length > 0 ? new Set([...state.seen, ...learned]) : state.seen;
      if (added.length === 0 && kept.length === state.notices.length && seen === state.seen) {
        return state;
      }
      return { ...state, notices: [...added, ...kept], seen };
    }
    case 'seen-elsewhere': {
      const elsewhere = new Set(action.keys.filter((key) => !state.seen.has(key)));
      if (elsewhere.size === 0) return state;
      return {
        ...state,
        notices: state.notices.filter((notice) => !elsewhere.has(noticeKey(notice))),
        seen: new Set([...state.seen, ...elsewhere]),
      };
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
