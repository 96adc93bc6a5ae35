import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { NOTICES_LIMIT } from '@jotto/shared/notice-rules';
import type { NewsRef, Notice } from '@jotto/shared/notice-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { challengeKeys } from '@/features/challenges/api/challenges-api.ts';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { useRealtimeEvents } from '@/lib/realtime/realtime-provider.tsx';
import { useLiveQuery } from '@/lib/realtime/use-live-query.ts';
import { useSession } from '@/lib/session.ts';
import {
  keyOfNewsRef,
  newsRefOfKey,
  nextNoticeStack,
  noticeKey,
  type NoticeStackState,
  VISIBLE_NOTICES,
} from '../notice-stack-state.ts';
import { readSeenNotices, writeSeenNotices } from '../seen-notices.ts';
import { useDocumentTitleCount, useDocumentVisible } from './use-document-title-count.ts';

/** The query key of `GET /user/notices`. */
export const NOTICES_QUERY_KEY = ['notices'] as const;

/** Every event that changes what `GET /user/notices` answers: each asks it again. */
const REFETCH = () => 'refetch' as const;

/**
 * Whether some screen is already taking the player to this accepted challenge's game, so a
 * notice would only repeat it: that game is open, or a screen is watching this challenge (the
 * rematch waits on its info) or every sent challenge (the challenge screen), and those open the
 * game themselves.
 */
function onTheWayTo(
  notice: Extract<Notice, { kind: 'challenge-accepted' }>,
  pathname: string,
  queryClient: QueryClient,
): boolean {
  if (pathname === clientPath('/game/:gameId', { gameId: notice.gameId })) return true;
  const watched = (queryKey: readonly unknown[]) =>
    (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
  return watched(challengeKeys.info(notice.challengeId)) || watched(challengeKeys.list('out'));
}

/**
 * The shell's notices (docs/PRODUCT.md, 'Notices'): challenges, rematches and friend requests to
 * me, and the answers to mine, on every screen. What waits comes from `GET /user/notices`
 * (useLiveQuery): while the real-time channel is live, each of its events about them asks once
 * (so a notice says the same whether it came live or by the poll); while it is not, every
 * POLL_INTERVAL_MS; and at every reconnect. `challenge:answered` and `friend:answered` (answered
 * in another tab or on another device) take theirs off at once. The stack's rules are
 * nextNoticeStack's; what a tab has shown or dismissed stays in its sessionStorage, and news it
 * has shown, dismissed, folded or opened is told to the server (`POST /user/notices/seen`), so
 * that no tab or device shows it again (`notices:seen` takes it off the others). While the tab
 * is hidden nothing counts as shown, and the title counts what waits unseen.
 */
export function useNoticeStack() {
  const { username } = useSession();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [state, dispatch] = useReducer(nextNoticeStack, undefined, (): NoticeStackState => ({
    notices: [],
    seen: readSeenNotices(),
    announcement: '',
  }));
  useEffect(() => writeSeenNotices(state.seen), [state.seen]);

  const { query } = useLiveQuery({
    queryKey: NOTICES_QUERY_KEY,
    queryFn: () => callEndpoint('notices'),
    enabled: username !== '',
    // While live, the events say when to ask; the poll and the catch-up cover the rest.
    loadWhileLive: false,
    staleTime: 0,
    events: {
      'challenge:received': REFETCH,
      'challenge:accepted': REFETCH,
      'challenge:denied': REFETCH,
      'friend:request': REFETCH,
      'friend:accepted': REFETCH,
    },
  });
  useRealtimeEvents({
    'challenge:answered': ({ challengeId }) =>
      dispatch({ type: 'remove', key: `challenge-received:${challengeId}` }),
    'friend:answered': ({ id }) => dispatch({ type: 'remove', key: `friend-request:${id}` }),
    'notices:seen': ({ notices }) =>
      dispatch({ type: 'seen-elsewhere', keys: notices.map(keyOfNewsRef) }),
  });
  useReportSeenNews(state.seen, username !== '');

  const answer = query.data;
  useEffect(() => {
    if (!answer) return;
    const hidden = new Set(
      answer.notices
        .filter((notice) => notice.kind === 'challenge-accepted')
        .filter((notice) => onTheWayTo(notice, pathname, queryClient))
        .map(noticeKey),
    );
    dispatch({ type: 'server', notices: answer.notices, hidden });
    // Only a new answer is news; the path is read as it is when the answer comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // Opening an accepted challenge's game, however, is what its notice was for.
  useEffect(() => {
    for (const notice of state.notices) {
      if (
        notice.kind === 'challenge-accepted' &&
        pathname === clientPath('/game/:gameId', { gameId: notice.gameId })
      ) {
        dispatch({ type: 'remove', key: noticeKey(notice) });
      }
    }
  }, [pathname, state.notices]);

  // Shown means on screen in a visible tab: the first VISIBLE_NOTICES, announced once (the
  // live region says what was last shown).
  const documentVisible = useDocumentVisible();
  const visible = state.notices.slice(0, VISIBLE_NOTICES);
  useEffect(() => {
    if (!documentVisible) return;
    const fresh = visible.filter((notice) => !state.seen.has(noticeKey(notice)));
    if (fresh.length > 0) dispatch({ type: 'seen', keys: fresh.map(noticeKey) });
  }, [documentVisible, visible, state.seen]);
  const unseen = state.notices.filter((notice) => !state.seen.has(noticeKey(notice))).length;
  useDocumentTitleCount(unseen, !documentVisible);

  const remove = useCallback((notice: Notice) => {
    dispatch({ type: 'remove', key: noticeKey(notice) });
  }, []);
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);

  return {
    /** On screen, newest first. */
    visible,
    /** Waiting for room on the stack. */
    waiting: state.notices.length - visible.length,
    /** What the polite live region says: the notices last shown. */
    announcement: state.announcement,
    /** Takes a notice off (dismissed or acted on); it is not shown again in this tab. */
    remove,
    /** Asks the server again (after an answer that failed: the notice may be gone). */
    refresh,
  };
}

/**
 * Tells the server the news this tab has newly seen (shown, dismissed, folded or opened), at most
 * NOTICES_LIMIT a request. What the tab's sessionStorage held when it opened was told before.
 * Best effort: a request that fails is not repeated (the news then stays unseen for other tabs
 * and devices, which show it once more, as they did before the server kept a record).
 */
function useReportSeenNews(seen: ReadonlySet<string>, signedIn: boolean): void {
  const told = useRef<ReadonlySet<string> | null>(null);
  told.current ??= new Set(seen);
  useEffect(() => {
    const before = told.current ?? new Set<string>();
    const fresh = [...seen].filter((key) => !before.has(key));
    if (fresh.length === 0) return;
    told.current = new Set([...before, ...fresh]);
    if (!signedIn) return;
    const refs = fresh.flatMap((key) => newsRefOfKey(key) ?? []);
    for (let start = 0; start < refs.length; start += NOTICES_LIMIT) {
      const notices: NewsRef[] = refs.slice(start, start + NOTICES_LIMIT);
      callEndpoint('noticesSeen', { body: { notices } }).catch(() => {});
    }
  }, [seen, signedIn]);
}
