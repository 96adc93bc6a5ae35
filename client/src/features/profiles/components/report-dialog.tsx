import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { REPORT_NOTE_MAX, ReportReason } from '@jotto/shared/moderation-schemas';
import { BusyButton } from '@/components/busy-button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { useStatusToast } from '@/components/status-toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { reportPlayer } from '../api/moderation-api.ts';
import styles from './report-dialog.module.css';

/** The reasons in the order offered, as the player reads them. */
export const REPORT_REASON_TEXT = {
  cheating: 'Cheating',
  abuse: 'Abuse',
  name: 'Offensive name',
  other: 'Other',
} satisfies Record<ReportReason, string>;
const REASONS = Object.keys(REPORT_REASON_TEXT) as ReportReason[];

/** The note's limit, the server's (checked here, the schema's module kept out of the page). */
const NOTE_MAX = 500 satisfies typeof REPORT_NOTE_MAX;

export const REPORT_SENT = 'Thanks. An admin will look at your report.';
export const CHOOSE_REASON = 'Choose a reason.';

/**
 * 'Report' of a profile (docs/PRODUCT.md, 'Reports'): the reason (one of four), an optional note
 * on one line (the server refuses control characters: any typed or pasted becomes a space), and
 * 'Send'. Sent, the modal closes and the status toast thanks the player; a refusal ('You already
 * reported this player', 'You can send 10 reports a day') shows in the modal, which stays open.
 */
export function ReportDialog({
  open,
  onClose,
  username,
  displayName,
}: {
  open: boolean;
  onClose: () => void;
  username: string;
  displayName: string;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const noteId = useId();
  const hintId = useId();
  const problemId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const showStatus = useStatusToast();
  const send = useMutation({
    mutationFn: (chosen: ReportReason) => {
      const text = note.trim();
      return reportPlayer({ username, reason: chosen, ...(text ? { note: text } : {}) });
    },
    onSuccess: () => {
      setReason(null);
      setNote('');
      onClose();
      showStatus(REPORT_SENT);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const gate = useSingleFlight();
  // A refusal is about that attempt: the modal opened again starts without it.
  const close = () => {
    setProblem('');
    onClose();
  };
  useEffect(() => {
    // After the modal has opened (its effect runs first): the dialog would focus its close icon.
    if (open) firstReason.current?.focus();
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) {
      setProblem(CHOOSE_REASON);
      return;
    }
    setProblem('');
    gate.run(() => send.mutateAsync(reason));
  };
  return (
    <Dialog open={open} onClose={close} title={`Report ${displayName}`}>
      <form className={styles.form} onSubmit={submit} aria-label={`Report ${displayName}`}>
        <fieldset className={styles.reasons}>
          <legend className={styles.label}>Reason</legend>
          {REASONS.map((value, index) => (
            <label key={value} className={styles.reason}>
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name="report-reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {REPORT_REASON_TEXT[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={noteId} className={styles.label}>
          Note (optional)
        </label>
        <input
          id={noteId}
          className="input"
          value={note}
          maxLength={NOTE_MAX}
          onChange={(event) => setNote(event.target.value.replace(/\p{Cc}/gu, ' '))}
          autoComplete="off"
          aria-describedby={hintId}
        />
        <p id={hintId} className={styles.hint}>
          What happened, in at most {NOTE_MAX} characters.
        </p>
        {problem && (
          <p id={problemId} className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className="button-row">
          <BusyButton type="submit" className="button button-primary" busy={gate.busy}>
            {gate.busy ? 'Sending...' : 'Send'}
          </BusyButton>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
