import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { FormField } from '@/components/form-field.tsx';
import { StandalonePage } from '@/components/standalone-page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { forgotPassword } from '../api/password-reset-api.ts';
import styles from './password-reset.module.css';

/** What the page says once asked, whatever the address: it tells nobody who has an account. */
export const LINK_ON_ITS_WAY =
  'If an account has that address, a link to choose a new password is on its way. It works for an hour.';

/**
 * 'Forgot password?' (docs/PRODUCT.md, 'Password reset'), outside the shell: the account's
 * e-mail address, and 'Send reset link'. The answer is the same for every address.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: () => setSent(true),
    onError: (error) => showAlert(errorMessage(error)),
  });
  const sending = useSingleFlight();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('email');
    if (email.trim() === '') return showAlert(ACCOUNT_MESSAGES.emailRequired);
    if (input instanceof HTMLInputElement && !input.checkValidity()) {
      return showAlert(input.validationMessage);
    }
    sending.run(() => mutation.mutateAsync({ email: email.trim() }));
  };
  return (
    <StandalonePage labelledBy="forgot-title" width="form">
      <h1 id="forgot-title" className={styles.title}>
        Forgot your password?
      </h1>
      {sent ? (
        <p role="status" className={styles.done}>
          {LINK_ON_ITS_WAY}
        </p>
      ) : (
        <>
          <p className={styles.intro}>
            Enter the e-mail address of your account: we will mail you a link to choose a new
            password.
          </p>
          {/* noValidate: the checks speak through the alert modal, as on the other forms. */}
          <form className={styles.form} onSubmit={submit} aria-label="Forgot password" noValidate>
            <FormField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <BusyButton type="submit" className="button button-primary" busy={sending.busy}>
              Send reset link
            </BusyButton>
          </form>
        </>
      )}
      <p className={styles.links}>
        <Link to={clientPath('/login')}>Back to login</Link>
      </p>
    </StandalonePage>
  );
}
