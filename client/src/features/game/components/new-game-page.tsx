import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { startGame } from '../api/game-api.ts';

/**
 * `/game`: starts a new solo game (a guest gets a guest session for it) and replaces this
 * address with the game's own, so Back does not start another.
 */
export function NewGamePage() {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const start = useMutation({
    mutationFn: startGame,
    onSuccess: ({ gameId }) => navigate(clientPath('/game/:gameId', { gameId }), { replace: true }),
    onError: (error) => {
      showAlert(errorMessage(error));
      navigate(clientPath('/list_solo'), { replace: true });
    },
  });
  const started = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  return <PageLoading text="Starting a new game..." />;
}
