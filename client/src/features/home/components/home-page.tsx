import type { CSSProperties } from 'react';
import { MainMenu } from '@/components/main-menu.tsx';
import { ComputerGame } from '@/features/computer-opponent/components/computer-game.tsx';
import { DailyLink } from '@/features/daily/components/daily-link.tsx';
import { PlayNow } from '@/features/play-now/components/play-now.tsx';
import { useSession, useSignOut } from '@/lib/session.ts';
import { FinalizeBanner } from './finalize-banner.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import styles from './home-page.module.css';

/** What the group of Home's other ways to start is called (for screen readers). */
export const MORE_WAYS_LABEL = 'More ways to play';

/**
 * Home (docs/PRODUCT.md, 'Home'): 'Welcome, {name}!', then ONE main action, in the first screen
 * of a phone: 'Play now' for a player, today's Daily Jotto for a guest (who cannot play versus,
 * and for whom the daily is a game in one tap). Then the banners that need the server's answer,
 * below it so that they never push it down when they come; then the other ways to start, in a
 * compact group, and the menu, Logout last. Everything here renders at once: only the name and
 * the banners wait for the server.
 */
export function HomePage() {
  const { username, loading, mustFinalize } = useSession();
  const signOut = useSignOut();
  // Not 'guest' before the server has said so (a signed-in player reloading /home), nor for an
  // account that has yet to pick its username (FinalizeBanner says what to do).
  const name = loading || mustFinalize ? null : username || 'guest';
  // The stylesheet sizes the heading so that this many characters and the '!' fit one line.
  const fit = name === null ? undefined : ({ '--name-length': name.length } as CSSProperties);
  // Until the server has answered, a player's Home: most who open /home itself are signed in.
  const guest = !loading && !username;
  return (
    <section className={styles.home} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.welcome} style={fit}>
        {name === null ? 'Welcome!' : `Welcome, ${name}!`}
      </h1>
      <div className={styles.main}>
        {guest ? <DailyLink main /> : <PlayNow guest={false} className={styles.playNow} />}
      </div>
      <FinalizeBanner />
      <VerifyEmailBanner />
      <div className={styles.more} role="group" aria-label={MORE_WAYS_LABEL}>
        {guest ? <PlayNow guest primary={false} className={styles.secondary} /> : <DailyLink />}
        <ComputerGame />
      </div>
      <MainMenu guest={guest} onLogout={() => void signOut()} compact />
    </section>
  );
}
