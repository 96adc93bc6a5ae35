import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useSession } from '../../lib/session.ts';
import styles from './app-header.module.css';

/**
 * The fixed header (spec §2): the menu toggle, the title linking to /home, and the username
 * linking to the profile. A guest has no profile, so 'guest' links to sign-in instead.
 */
export function AppHeader({
  sidebarOpen,
  onToggleSidebar,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { username, loading } = useSession();
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
      {!loading && (
        <Link
          to={username ? clientPath('/profile/:username', { username }) : clientPath('/login')}
          className={styles.user}
        >
          {username || 'guest'}
        </Link>
      )}
    </header>
  );
}
