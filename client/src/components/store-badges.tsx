import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '@/config/env.ts';
import styles from './store-badges.module.css';

type Store = 'app-store' | 'google-play';

// Our own drawings, not the stores' logos: a phone, and a play triangle.
const GLYPHS: Record<Store, string> = {
  'app-store': 'M8 2.5h8a2 2 0 0 1 2 2v15a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2v-15a2 2 0 0 1 2-2zM11 18h2',
  'google-play': 'M7 3.5v17l14-8.5z',
};

const BADGES: ReadonlyArray<{ store: Store; small: string; large: string; url: string | null }> = [
  { store: 'app-store', small: 'Download on the', large: 'App Store', url: APP_STORE_URL },
  { store: 'google-play', small: 'Get it on', large: 'Google Play', url: GOOGLE_PLAY_URL },
];

/**
 * The two store badges (links to the mobile app on two app stores), drawn as our
 * own small badges rather than the stores' images (no third-party assets, no extra requests).
 * `to="mobile"` links both to our /mobile page (the landing); `to="stores"` links each to its
 * store when its address is configured (VITE_APP_STORE_URL, VITE_GOOGLE_PLAY_URL), and shows
 * it as a plain badge otherwise.
 */
export function StoreBadges({ to, className }: { to: 'mobile' | 'stores'; className?: string }) {
  return (
    <ul className={`${styles.badges} ${className ?? ''}`} aria-label="Mobile app">
      {BADGES.map(({ store, small, large, url }) => {
        const content = (
          <>
            <svg viewBox="0 0 24 24" className={styles.glyph} aria-hidden="true" focusable="false">
              <path d={GLYPHS[store]} />
            </svg>
            <span className={styles.text}>
              <span className={styles.small}>{small}</span>{' '}
              <span className={styles.large}>{large}</span>
            </span>
          </>
        );
        return (
          <li key={store}>
            {to === 'mobile' ? (
              <Link to={clientPath('/mobile')} className={styles.badge}>
                {content}
              </Link>
            ) : url ? (
              <a href={url} className={styles.badge} rel="noopener">
                {content}
              </a>
            ) : (
              <span className={styles.badge}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
