import { useMatch } from 'react-router-dom';
import { clientPath, type StaticClientRoute } from '@jotto/shared/client-routes';
import { SignInLinks } from '@/components/sign-in-links.tsx';
import { RouteTabs } from '@/components/tabs.tsx';
import { useSession } from '@/lib/session.ts';
import { AddFriends } from './add-friends.tsx';
import { FriendLists } from './friend-lists.tsx';
import styles from './friends-page.module.css';

const TABS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Friends', route: '/friends' },
  { label: 'Add Friends', route: '/friends/new' },
];

/** Friends need an account; what a guest is told here. */
export const GUEST_FRIENDS = 'You must be logged in to add friends';

/**
 * The Friends screen (docs/PRODUCT.md, 'Friends screen'): two tabs that are routes, Friends
 * (/friends, the default) and Add Friends (/friends/new); which one shows is the address.
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
        <div className={styles.empty}>
          <p className={styles.sentence}>{GUEST_FRIENDS}</p>
          <SignInLinks />
        </div>
      ) : addNew ? (
        <AddFriends />
      ) : (
        <FriendLists signedIn={!loading} />
      )}
    </div>
  );
}
