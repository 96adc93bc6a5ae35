import { useMatch } from 'react-router-dom';
import { clientPath, type StaticClientRoute } from '@jotto/shared/client-routes';
import { RouteTabs } from '../../../components/route-tabs.tsx';
import { useSession } from '../../../lib/session.ts';
import { AddFriends } from './add-friends.tsx';
import { FriendLists } from './friend-lists.tsx';
import styles from './friends-page.module.css';

const TABS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Friends', route: '/friends' },
  { label: 'Add Friends', route: '/friends/new' },
];

/** Friends need an account; the spec has no sentence for a guest here, so this one is ours. */
export const GUEST_FRIENDS = 'You must be logged in to add friends';

/**
 * The Friends screen (spec §2): two tabs that are routes, Friends (/friends, the default) and
 * Add Friends (/friends/new); the spec's "friend list view: friends or add_new" is the address.
 * The shell scrolls to the top and closes the sidebar on every navigation, tabs included.
 */
export function FriendsPage() {
  const { username, loading } = useSession();
  const guest = !loading && !username;
  const addNew = useMatch(clientPath('/friends/new')) !== null;
  return (
    // Not a region of its own: its lists are, and one is named Friends already.
    <div className={styles.page}>
      <h1 className="visually-hidden">{addNew ? 'Add Friends' : 'Friends'}</h1>
      <RouteTabs tabs={TABS} label="Friends" />
      {guest ? (
        <p className={styles.empty}>{GUEST_FRIENDS}</p>
      ) : addNew ? (
        <AddFriends />
      ) : (
        <FriendLists signedIn={!loading} />
      )}
    </div>
  );
}
