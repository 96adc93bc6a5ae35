import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '@/components/alert-provider.tsx';
import { useConfirm } from '@/components/confirm-provider.tsx';
import { useStatusToast } from '@/components/status-toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { blockPlayer, unblockPlayer } from '../api/moderation-api.ts';
import { profileKeys } from '../api/profiles-api.ts';

/** What the confirm modal asks before a block: the question and its effect, in one sentence. */
export const blockQuestion = (name: string) =>
  `Block ${name}? You stop being friends, their challenges, friend requests and phrases no longer reach you, and neither of you can watch the other's games.`;
export const blockedText = (name: string) => `You blocked ${name}.`;
export const unblockedText = (name: string) => `You unblocked ${name}.`;

/**
 * 'Block' (after the confirm modal) and 'Unblock' of a profile (docs/PRODUCT.md, 'Blocks'): the
 * status toast says it is done and the profile is asked again (a block ends a friendship); a
 * refusal is alerted as 'Error: ' and the server's sentence, as 'Add friend' does.
 */
export function useBlockActions(username: string, displayName: string) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const confirm = useConfirm();
  const showStatus = useStatusToast();
  const done = (text: string) => {
    showStatus(text);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };
  const block = useMutation({
    mutationFn: () => blockPlayer(username),
    onSuccess: () => done(blockedText(displayName)),
    onError: (error) => showAlert(`Error: ${errorMessage(error)}`),
  });
  const unblock = useMutation({
    mutationFn: () => unblockPlayer(username),
    onSuccess: () => done(unblockedText(displayName)),
    onError: (error) => showAlert(`Error: ${errorMessage(error)}`),
  });
  const gate = useSingleFlight();
  return {
    busy: gate.busy,
    block: async () => {
      if (!(await confirm(blockQuestion(displayName)))) return;
      gate.run(() => block.mutateAsync());
    },
    unblock: () => gate.run(() => unblock.mutateAsync()),
  };
}
