import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { BotLevel } from '@jotto/shared/computer-opponent';
import { useAlert } from '@/components/alert-provider.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';

// A game against the computer (docs/PRODUCT.md, 'Computer opponent') starts from Home ('Play the
// computer'), from the 'Play now' waiting panel (startComputerGame) and from a finished game
// against it ('Play again!', useComputerGame). The hook stays in this module with the request:
// those screens import different parts of it, and two modules would ship as two shared chunks,
// one more name in the preload map of the landing page's chunk.

/** A level of the computer opponent. */
export type ComputerLevel = BotLevel;

/** `POST /games/bot {level}`: a new game against the computer; answers its id. */
export function startComputerGameAt(level: ComputerLevel): Promise<number> {
  return callEndpoint('botGame', { body: { level } }).then((answer) => answer.gameId);
}

/**
 * What the 'Play now' waiting panel calls after 20 s with nobody to pair with: it then shows
 * 'Play the computer', leaves the queue, and opens the new game. Typed as possibly absent, as
 * the panel offers a solo game instead where there is none.
 */
export const startComputerGame: ((level: ComputerLevel) => Promise<number>) | null =
  startComputerGameAt;

/** The level offered from the waiting panel: the easiest, for someone who wanted a person. */
export const WAITING_PANEL_COMPUTER_LEVEL: ComputerLevel = 'easy';

/**
 * Starts a game against the computer and opens it: one request however often pressed (the
 * buttons of every level share one gate), its refusal alerted. `starting` is the level on its
 * way, for the button that says 'Starting...'.
 */
export function useComputerGame() {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const gate = useSingleFlight();
  const [starting, setStarting] = useState<ComputerLevel | null>(null);
  const start = useMutation({
    mutationFn: startComputerGameAt,
    onSuccess: (gameId) => navigate(clientPath('/game/:gameId', { gameId })),
    onError: (error) => showAlert(errorMessage(error)),
    onSettled: () => setStarting(null),
  });
  return {
    starting,
    busy: gate.busy,
    start: (level: ComputerLevel) => {
      if (gate.run(() => start.mutateAsync(level))) setStarting(level);
    },
  };
}
