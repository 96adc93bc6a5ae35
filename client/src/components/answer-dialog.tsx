import type { ReactNode } from 'react';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { BusyButton } from './busy-button.tsx';
import { Dialog } from './dialog.tsx';
import styles from './answer-dialog.module.css';

/**
 * The modal that answers someone's request (an incoming challenge, a friend request): its title,
 * 'From: {name}', what else the request asks for (`children`), the accept button ('Accepting...'
 * while the acceptance is on its way) and the deny control, a button or a link. One answer only:
 * while either is on its way both controls are busy (BusyButton), and a second click does
 * nothing even before the next render (the gate of useSingleFlight closes at once). Closes on
 * the close icon, the overlay and Escape (Dialog).
 */
export function AnswerDialog<Request>({
  request,
  onClose,
  title,
  from,
  acceptLabel,
  denyLabel,
  denyAsLink = false,
  accepting,
  busy,
  onAccept,
  onDeny,
  children,
}: {
  /** The request answered; undefined while the modal is closed. */
  request: Request | undefined;
  onClose: () => void;
  title: string;
  /** Who the request is from, shown as 'From: {name}'. */
  from: (request: Request) => string;
  acceptLabel: string;
  denyLabel: string;
  /** The deny control as a link, the lesser action, rather than a second button. */
  denyAsLink?: boolean;
  /** The acceptance is on its way. */
  accepting: boolean;
  /** An answer (either) is on its way; the modal's own gate knows it too, this adds the caller's. */
  busy: boolean;
  /** Sends the acceptance (a mutation's `mutateAsync`, which reports its own failure). */
  onAccept: (request: Request) => Promise<unknown>;
  onDeny: (request: Request) => Promise<unknown>;
  /** What the request asks for besides, read before answering (a challenge's terms). */
  children?: ReactNode;
}) {
  const oneAnswer = useSingleFlight();
  const answer = (send: (request: Request) => Promise<unknown>) => () => {
    if (request !== undefined) oneAnswer.run(() => send(request));
  };
  const answering = busy || oneAnswer.busy;
  return (
    <Dialog open={request !== undefined} onClose={onClose} title={title}>
      <p className={styles.from}>From: {request === undefined ? '' : from(request)}</p>
      {children}
      <div className={styles.actions} data-deny={denyAsLink ? 'link' : 'button'}>
        <BusyButton className="button button-primary" busy={answering} onClick={answer(onAccept)}>
          {accepting ? 'Accepting...' : acceptLabel}
        </BusyButton>
        <BusyButton
          className={denyAsLink ? 'link-button' : 'button'}
          busy={answering}
          onClick={answer(onDeny)}
        >
          {denyLabel}
        </BusyButton>
      </div>
    </Dialog>
  );
}
