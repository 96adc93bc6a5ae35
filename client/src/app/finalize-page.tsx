import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usernameProblem } from '@jotto/shared/account-rules';
import type { FinalizeBody, SignedInResponse } from '@jotto/shared/account-schemas';
import { userInfoQuery } from '../features/session/session-api.ts';
import { callApi } from '../lib/api-client.ts';

const finalize = (body: FinalizeBody) => callApi<SignedInResponse>('POST', '/finalize', body);

/**
 * Finalize (spec §2): a first-time social sign-in picks its username, with the rules of
 * registration (checked here first, then by the server), and goes on to /home.
 */
export function FinalizePage() {
  const [username, setUsername] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: finalize,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
      navigate('/home');
    },
    // Spec §8: the server's err, verbatim.
    onError: (error) => window.alert(error.message),
  });
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
