import { useNavigate } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import { useAlert } from '../../components/alert-provider.tsx';
import { useSession, useSignOut } from '../../lib/session.ts';
import styles from './home-page.module.css';

/** The seven buttons of Home (spec §2), in order; Logout is the last. */
const MENU: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Solo', route: '/list_solo' },
  { label: 'Versus', route: '/list_versus' },
  { label: 'Challenges', route: '/challenges' },
  { label: 'Friends', route: '/friends' },
  { label: 'Leaderboards', route: '/leaderboards' },
  { label: 'Rules', route: '/rules' },
];

export const VERSUS_NEEDS_LOGIN = 'You must be logged in to play Versus mode';

/**
 * Home (spec §2): 'Welcome, {name}!' and the menu. Versus needs an account, so a guest sees it
 * greyed out, and choosing it says why instead of going on.
 */
export function HomePage() {
  const { username, loading } = useSession();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const signOut = useSignOut();
  const guest = !loading && !username;
  return (
    <section className={styles.home} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.welcome}>
        {/* Not 'guest' before the server has said so: a signed-in player reloading /home. */}
        {loading ? 'Welcome!' : `Welcome, ${username || 'guest'}!`}
      </h1>
      <div className={styles.menu}>
        {MENU.map(({ label, route }) => {
          const locked = route === '/list_versus' && guest;
          return (
            <button
              key={route}
              type="button"
              className={`button ${styles.item} ${route === '/list_solo' ? 'button-primary' : ''}`}
              aria-disabled={locked || undefined}
              onClick={() => (locked ? showAlert(VERSUS_NEEDS_LOGIN) : navigate(route))}
            >
              {label}
            </button>
          );
        })}
        <button type="button" className={`button ${styles.item}`} onClick={() => void signOut()}>
          Logout
        </button>
      </div>
    </section>
  );
}
