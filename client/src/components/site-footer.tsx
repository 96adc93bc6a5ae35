import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import styles from './site-footer.module.css';

/**
 * The links to the pages outside the game (studio info, privacy policy, mobile), at
 * the foot of the pages outside the shell: nothing else leads to them.
 */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="About Jotto">
        <ul className={styles.links}>
          <li>
            <Link to={clientPath('/nomostudios')}>Nomo Studios</Link>
          </li>
          <li>
            <Link to={clientPath('/privacy')}>Privacy policy</Link>
          </li>
          <li>
            <Link to={clientPath('/mobile')}>Mobile app</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
