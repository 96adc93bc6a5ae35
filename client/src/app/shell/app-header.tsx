import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useSession } from '@/lib/session.ts';
import styles from './app-header.module.css';

/**
 * The fixed header (docs/PRODUCT.md, 'Shell'): the menu toggle, the title linking to /home, and the
 * username linking to the profile. A guest has no profile, so 'guest' links to sign-in instead.
 * A player signed in through a provider who has not picked a username yet has neither a name
 * nor a guest's sign-in to offer: no chip until /finalize has given them a name.
 */
export function AppHeader({
  sidebarOpen,
  onToggleSidebar,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { username, loading, mustFinalize } = useSession();
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.menu}
        aria-label="Menu"
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <span aria-hidden="true" className={styles.bars} />
      </button>
      <Link to={clientPath('/home')} className={styles.title}>
        Jotto
      </Link>
      {!loading && !mustFinalize && (
        <Link
          to={username ? clientPath('/profile/:username', { username }) : clientPath('/login')}
          className={styles.user}
          // Cut with an ellipsis on a phone: the whole name is in the tooltip.
          title={username || undefined}
        >
          {username || 'guest'}
        </Link>
      )}
    </header>
  );
}
