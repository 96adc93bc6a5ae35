import { MainMenu } from '../../components/main-menu.tsx';
import { useSession, useSignOut } from '../../lib/session.ts';
import styles from './home-page.module.css';

/**
 * Home (spec §2): 'Welcome, {name}!' and the menu, Logout last. The menu is shared with the
 * landing page, which shows it too.
 */
export function HomePage() {
  const { username, loading } = useSession();
  const signOut = useSignOut();
  return (
    <section className={styles.home} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.welcome}>
        {/* Not 'guest' before the server has said so: a signed-in player reloading /home. */}
        {loading ? 'Welcome!' : `Welcome, ${username || 'guest'}!`}
      </h1>
      <MainMenu guest={!loading && !username} onLogout={() => void signOut()} />
    </section>
  );
}
