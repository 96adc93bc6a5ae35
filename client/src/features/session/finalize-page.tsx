import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { usernameProblem } from '@jotto/shared/account-rules';
import { alertError, finalize, useSignedIn } from '../features/session/session-api.ts';

/**
 * Finalize (spec §2): a first-time social sign-in picks its username, with the rules of
 * registration (checked here first, then by the server), and goes on to /home.
 */
export function FinalizePage() {
  const [username, setUsername] = useState('');
  const signedIn = useSignedIn();
  const mutation = useMutation({ mutationFn: finalize, onSuccess: signedIn, onError: alertError });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = usernameProblem(username);
    if (problem) return window.alert(problem);
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
