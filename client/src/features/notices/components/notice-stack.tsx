import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Notice } from '@jotto/shared/notice-schemas';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { acceptChallenge, challengeKeys } from '@/features/challenges/api/challenges-api.ts';
import { ApiCallError, errorMessage } from '@/lib/api-client.ts';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { noticeKey, noticeText } from '../notice-stack-state.ts';
import { useNoticeStack } from '../hooks/use-notice-stack.ts';
import styles from './notice-stack.module.css';

type Received = Extract<Notice, { kind: 'challenge-received' | 'friend-request' }>;

/**
 * The shell's notices (docs/PRODUCT.md, 'Notices'), in the corner of every screen: who, what,
 * and what to do: Accept / Deny a challenge or friend request, Open the game of an accepted
 * challenge; each one dismissible. At most three show, newest first; the rest wait their turn
 * ('2 more waiting'). One polite live region says each notice once, when it is first shown.
 */
export function NoticeStack() {
  const { visible, waiting, announcement, remove, refresh } = useNoticeStack();
  const stack = useRef<HTMLElement>(null);
  useSpaceBelowPage(stack, visible.length > 0);
  return (
    <>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {visible.length > 0 && (
        <section ref={stack} className={styles.stack} aria-label="Notices">
          <ul className={styles.list}>
            {visible.map((notice) => (
              <NoticeCard
                key={noticeKey(notice)}
                notice={notice}
                onRemove={remove}
                onFailed={refresh}
              />
            ))}
          </ul>
          {waiting > 0 && <p className={styles.waiting}>{waiting} more waiting</p>}
        </section>
      )}
    </>
  );
}

/**
 * While the stack shows across the bottom of a phone's screen, the page gets as much room below
 * its content (`--notice-stack-space`, used by the body), so that what the notices cover (the
 * alphabet of a game, say) can be scrolled into view. From 600 px the stack is a corner card and
 * reserves nothing.
 */
function useSpaceBelowPage(stack: RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const element = stack.current;
    const root = document.documentElement;
    if (!showing || !element || typeof ResizeObserver === 'undefined') return;
    const reserve = () => {
      const covers = window.innerWidth < 600;
      const space = window.innerHeight - element.getBoundingClientRect().top;
      root.style.setProperty('--notice-stack-space', covers ? `${Math.ceil(space)}px` : '0px');
    };
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener('resize', reserve);
    reserve();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty('--notice-stack-space');
    };
  }, [stack, showing]);
}

function NoticeCard({
  notice,
  onRemove,
  onFailed,
}: {
  notice: Notice;
  onRemove: (notice: Notice) => void;
  onFailed: () => void;
}) {
  const messageId = useId();
  return (
    <li className={styles.notice} data-kind={notice.kind}>
      <p id={messageId} className={styles.message}>
        {noticeText(notice)}
      </p>
      {(notice.kind === 'challenge-received' || notice.kind === 'friend-request') && (
        <AnswerButtons
          notice={notice}
          describedBy={messageId}
          onAnswered={() => onRemove(notice)}
          onFailed={onFailed}
        />
      )}
      {notice.kind === 'challenge-accepted' && (
        <div className={styles.actions}>
          {/* Opening the game takes the notice off (the stack watches the path). */}
          <Link
            to={clientPath('/game/:gameId', { gameId: notice.gameId })}
            className="button button-primary"
            aria-describedby={messageId}
          >
            Open
          </Link>
        </div>
      )}
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss"
        aria-describedby={messageId}
        onClick={() => onRemove(notice)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * Accept and Deny of a request to me. One answer only: while either is on its way both are busy
 * (BusyButton), and a second press does nothing even before the next render (useSingleFlight). An accepted challenge opens its game. A refusal alerts the server's
 * sentence; one that says the request is gone (403, 404, 409) takes the notice off too.
 */
function AnswerButtons({
  notice,
  describedBy,
  onAnswered,
  onFailed,
}: {
  notice: Received;
  describedBy: string;
  onAnswered: () => void;
  onFailed: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const oneAnswer = useSingleFlight();
  const failed = (error: Error) => {
    showAlert(errorMessage(error));
    if (error instanceof ApiCallError && [403, 404, 409].includes(error.status)) onAnswered();
    onFailed();
  };
  const answered = () => {
    if (notice.kind === 'challenge-received') {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.list('in') });
    }
    onAnswered();
  };
  const accept = useMutation({
    mutationFn: async () => {
      if (notice.kind === 'friend-request') {
        await callEndpoint('acceptFriend', { body: { id: notice.id } });
        return undefined;
      }
      return (await acceptChallenge(notice.challengeId)).gameId;
    },
    onSuccess: (gameId) => {
      answered();
      if (gameId !== undefined) navigate(clientPath('/game/:gameId', { gameId }));
    },
    onError: failed,
  });
  const deny = useMutation({
    mutationFn: () =>
      notice.kind === 'friend-request'
        ? callEndpoint('denyFriend', { body: { id: notice.id } })
        : callEndpoint('denyChallenge', { body: { challenge_id: notice.challengeId } }),
    onSuccess: answered,
    onError: failed,
  });
  const busy = oneAnswer.busy || accept.isPending || deny.isPending;
  return (
    <div className={styles.actions}>
      <BusyButton
        className="button button-primary"
        busy={busy}
        aria-describedby={describedBy}
        onClick={() => oneAnswer.run(() => accept.mutateAsync())}
      >
        {accept.isPending ? 'Accepting...' : 'Accept'}
      </BusyButton>
      <BusyButton
        className="button"
        busy={busy}
        aria-describedby={describedBy}
        onClick={() => oneAnswer.run(() => deny.mutateAsync())}
      >
        Deny
      </BusyButton>
    </div>
  );
}
