import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequest } from '@jotto/shared/social-schemas';
import { useAlert } from '@/components/alert-provider.tsx';
import { AnswerDialog } from '@/components/answer-dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { acceptFriendRequest, denyFriendRequest, friendKeys } from '../api/friends-api.ts';

/**
 * The Friend Request modal (AnswerDialog): 'From: {name}', 'Accept Request' ('Accepting...'
 * while it is sent) and a 'Deny Request' link; a click while an answer is on its way is
 * ignored. On success the modal closes and both lists are fetched again (the page shows
 * /friends afresh without reloading the document); on failure the server's sentence is alerted
 * and the modal stays for another try.
 */
export function FriendRequestDialog({
  request,
  onClose,
}: {
  /** The request shown (id and name), or false when the modal is closed. */
  request: FriendRequest | false;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const answered = () => {
    void queryClient.invalidateQueries({ queryKey: friendKeys.friends });
    void queryClient.invalidateQueries({ queryKey: friendKeys.requests });
    onClose();
  };
  const failed = (error: Error) => showAlert(errorMessage(error));
  const accept = useMutation({
    mutationFn: acceptFriendRequest,
    onSuccess: answered,
    onError: failed,
  });
  const deny = useMutation({ mutationFn: denyFriendRequest, onSuccess: answered, onError: failed });
  return (
    <AnswerDialog
      request={request === false ? undefined : request}
      onClose={onClose}
      title="Friend Request"
      from={(shown) => shown.name}
      acceptLabel="Accept Request"
      denyLabel="Deny Request"
      denyAsLink
      accepting={accept.isPending}
      busy={accept.isPending || deny.isPending}
      onAccept={(shown) => accept.mutateAsync(shown.id)}
      onDeny={(shown) => deny.mutateAsync(shown.id)}
    />
  );
}
