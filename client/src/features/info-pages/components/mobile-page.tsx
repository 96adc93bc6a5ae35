import { StandalonePage } from '@/components/standalone-page.tsx';
import { StoreBadges } from '@/components/store-badges.tsx';
import styles from './info-page.module.css';

/**
 * The mobile page: titled 'Mobile', the text 'Mobile app' and a prompt to check the
 * app out, with the store badges (linked to the stores when their addresses are configured).
 */
export function MobilePage() {
  return (
    <StandalonePage labelledBy="mobile-title">
      <article className={styles.article}>
        <h1 id="mobile-title">Mobile</h1>
        <h2>Mobile app</h2>
        <p className={styles.lead}>
          Check out the Jotto mobile app: the same game, in your pocket, with notifications when it
          is your move.
        </p>
        <StoreBadges to="stores" className={styles.badges} />
      </article>
    </StandalonePage>
  );
}
