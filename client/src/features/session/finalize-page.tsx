import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { usernameProblem } from '@jotto/shared/account-rules';
import { useAlert } from '../../components/alert-provider.tsx';
import { finalize } from './session-api.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useSignedIn } from '../../lib/session.ts';

/**
 * Finalize (spec §2): a first-time social sign-in picks its username, with the rules of
 * registration (checked here first, then by the server), and goes on to /home.
 */
export function FinalizePage() {
  const [username, setUsername] = useState('');
  const signedIn = useSignedIn();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: finalize,
    onSuccess: signedIn,
    onError: (error) => showAlert(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = usernameProblem(username);
    if (problem) return showAlert(problem);
    if (!mutation.isPending) mutation.mutate({ username });
  };
  return (
    <main className="finalize">
      <h2>Pick your username</h2>
      <form onSubmit={submit} aria-label="Finalize">
        <input
          aria-label="Username"
          placeholder="Username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <button type="submit" disabled={mutation.isPending}>
          Finalize
        </button>
      </form>
    </main>
  );
}
