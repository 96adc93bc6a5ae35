import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router-dom';
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  usernameProblem,
} from '@jotto/shared/account-rules';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { FormField } from '@/components/form-field.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { finalize } from '../api/session-api.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSession, useSignedIn } from '@/lib/session.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import styles from './finalize-page.module.css';

/**
 * Finalize (docs/PRODUCT.md, 'Finalize'): a first-time social sign-in picks its username, with the
 * rules of registration (checked here first, then by the server), and goes on to /home. Only such
 * an account has anything to do here: a player whose username is set goes to /home, and a guest
 * (or nobody) to /login, rather than meet a refusal on submit.
 */
export function FinalizePage() {
  const { username, loading, mustFinalize } = useSession();
  if (loading) return <PageLoading />;
  if (username) return <Navigate to={clientPath('/home')} replace />;
  if (!mustFinalize) return <Navigate to={clientPath('/login')} replace />;
  return <FinalizeForm />;
}

/** 'Pick your username', the Username field (labelled, its rules beside it) and 'Finalize'. */
function FinalizeForm() {
  const [username, setUsername] = useState('');
  const signedIn = useSignedIn();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: finalize,
    onSuccess: signedIn,
    onError: (error) => showAlert(errorMessage(error)),
  });
  const sending = useSingleFlight();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.busy) return;
    const problem = usernameProblem(username);
    if (problem) return showAlert(problem);
    sending.run(() => mutation.mutateAsync({ username }));
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Pick your username</h1>
      {/* noValidate: the username rules speak through the alert modal, in their own words. */}
      <form className={styles.form} onSubmit={submit} aria-label="Finalize" noValidate>
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={
            <>
              {USERNAME_MIN_LENGTH} to {USERNAME_MAX_LENGTH} letters, digits or underscores.
            </>
          }
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <BusyButton type="submit" className="button button-primary" busy={sending.busy}>
          Finalize
        </BusyButton>
      </form>
    </div>
  );
}
