import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequest } from '@jotto/shared/social-schemas';
import { useAlert } from '../../../components/alert-provider.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { acceptFriendRequest, denyFriendRequest, friendKeys } from '../api/friends-api.ts';
import styles from './friends-page.module.css';

/**
 * The Friend Request modal (spec §2, §4): 'From: {name}', 'Accept Request' ('Accepting...' while
 * it is sent) and a 'Deny Request' link. A click while an answer is on its way is ignored. On
 * success the modal closes and both lists are fetched again (the spec's "page reloads at
 * /friends", without reloading the document); on failure the server's sentence is alerted and
 * the modal stays for another try.
 */
export function FriendRequestDialog({
  request,
  onClose,
}: {
  /** The spec's "view-request dialog: the request (id and name), or false". */
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
  const sending = accept.isPending || deny.isPending;
  const oneAnswer = useSingleFlight();
  return (
    <Dialog open={request !== false} onClose={onClose} title="Friend Request">
      <p className={styles.from}>From: {request ? request.name : ''}</p>
      <div className={styles.requestActions}>
        <button
          type="button"
          className="button button-primary"
          aria-disabled={sending || undefined}
          onClick={() => request && oneAnswer(() => accept.mutateAsync(request.id))}
        >
          {accept.isPending ? 'Accepting...' : 'Accept Request'}
        </button>
        <button
          type="button"
          className="link-button"
          aria-disabled={sending || undefined}
          onClick={() => request && oneAnswer(() => deny.mutateAsync(request.id))}
        >
          Deny Request
        </button>
      </div>
    </Dialog>
  );
}
