import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES, passwordProblem } from '@jotto/shared/account-rules';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { NewPasswordFields } from '@/components/new-password-fields.tsx';
import { StandalonePage } from '@/components/standalone-page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { resetPassword } from '../api/password-reset-api.ts';
import styles from './password-reset.module.css';

/** What the page says once the password is changed. */
export const PASSWORD_CHANGED = 'Your password is changed. Log in with it now.';

/**
 * The page of a mailed reset link, `/reset/{token}` (docs/PRODUCT.md, 'Password reset'), outside
 * the shell: the new password and its confirmation, checked first with the rules of registration
 * (matching, then the password's length), then 'Change password'. Done, every session of the
 * account has ended, this browser's too: the player logs in with the new password. A refused
 * link (used, expired) alerts the server's sentence; a new one is a click away.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [fields, setFields] = useState({ password: '', confirmPassword: '' });
  const [changed, setChanged] = useState(false);
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => setChanged(true),
    onError: (error) => showAlert(errorMessage(error)),
  });
  const sending = useSingleFlight();
  const set = (name: keyof typeof fields) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.password !== fields.confirmPassword) {
      return showAlert(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    }
    const problem = passwordProblem(fields.password);
    if (problem) return showAlert(problem);
    sending.run(() => mutation.mutateAsync({ token, password: fields.password }));
  };
  return (
    <StandalonePage labelledBy="reset-title" width="form">
      <h1 id="reset-title" className={styles.title}>
        Choose a new password
      </h1>
      {changed ? (
        <>
          <p role="status" className={styles.done}>
            {PASSWORD_CHANGED}
          </p>
          <p className={styles.links}>
            <Link to={clientPath('/login')}>Log in</Link>
          </p>
        </>
      ) : (
        <>
          {/* noValidate: the checks speak through the alert modal, as on the other forms. */}
          <form className={styles.form} onSubmit={submit} aria-label="Reset password" noValidate>
            <NewPasswordFields passwordLabel="New password" values={fields} onChange={set} />
            <BusyButton type="submit" className="button button-primary" busy={sending.busy}>
              Change password
            </BusyButton>
          </form>
          <p className={styles.links}>
            Link expired or used? <Link to={clientPath('/forgot')}>Ask for a new one</Link>
          </p>
        </>
      )}
    </StandalonePage>
  );
}
