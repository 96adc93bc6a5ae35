import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { FriendRequest } from '@jotto/shared/social-schemas';
import { Avatar } from '@/components/avatar.tsx';
import { ProfileLinkList } from '@/components/profile-link-list.tsx';
import { TruncatedName } from '@/components/truncated-name.tsx';
import { useFriendLists } from '../hooks/use-friend-lists.ts';
import { FriendRequestDialog } from './friend-request-dialog.tsx';
import styles from './friends-page.module.css';

export const NO_FRIENDS = 'No friends :(';
export const NO_REQUESTS = 'No requests :(';
/** Written with two dots, as the product has always written it here. */
export const LOADING_LIST = 'Loading..';

/**
 * The Friends tab (docs/PRODUCT.md, 'Friends screen'): my friends, each opening their profile, and
 * the friend requests to me, each opening the Friend Request modal. Each list says 'Loading..'
 * until it has loaded, then its own sentence when empty.
 */
export function FriendLists({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const { friends, requests } = useFriendLists(signedIn);
  const [viewing, setViewing] = useState<FriendRequest | false>(false);
  return (
    <div className={styles.columns}>
      <section aria-labelledby="friends-list-title" className={styles.box}>
        <h2 id="friends-list-title" className={styles.heading}>
          Friends
        </h2>
        {friends.isPending ? (
          <p className={styles.note} role="status">
            {LOADING_LIST}
          </p>
        ) : friends.data?.friends.length ? (
          <ProfileLinkList
            label="Friends"
            names={friends.data.friends.map(({ id, name }) => ({ key: id, name }))}
          />
        ) : friends.data ? (
          <p className={styles.note}>{NO_FRIENDS}</p>
        ) : null}
      </section>
      <section aria-labelledby="requests-list-title" className={styles.box}>
        <h2 id="requests-list-title" className={styles.heading}>
          Friend Requests
        </h2>
        {requests.isPending ? (
          <p className={styles.note} role="status">
            {LOADING_LIST}
          </p>
        ) : requests.data?.requests.length ? (
          <ul className={styles.requests} aria-label="Friend Requests">
            {requests.data.requests.map((request) => (
              <li key={request.id}>
                <button
                  type="button"
                  className={styles.request}
                  onClick={() => setViewing(request)}
                >
                  <Avatar name={request.name} />
                  <TruncatedName name={request.name} className={styles.requestName} />
                  <span className={styles.requestHint}>wants to be friends</span>
                </button>
              </li>
            ))}
          </ul>
        ) : requests.data ? (
          <p className={styles.note}>{NO_REQUESTS}</p>
        ) : null}
      </section>
      <FriendRequestDialog
        request={viewing}
        onClose={() => {
          setViewing(false);
          // Closing navigates to /friends (where the modal is; Back is not doubled).
          navigate(clientPath('/friends'), { replace: true });
        }}
      />
    </div>
  );
}
