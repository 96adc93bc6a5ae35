import type { CSSProperties } from 'react';
import { MainMenu } from '@/components/main-menu.tsx';
import { ComputerGame } from '@/features/computer-opponent/components/computer-game.tsx';
import { DailyLink } from '@/features/daily/components/daily-link.tsx';
import { PlayNow } from '@/features/play-now/components/play-now.tsx';
import { useSession, useSignOut } from '@/lib/session.ts';
import { FinalizeBanner } from './finalize-banner.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import styles from './home-page.module.css';

/**
 * Home: 'Welcome, {name}!', the way to today's Daily Jotto, and the menu, Logout last. The menu is
 * shared with the landing page, which shows it too.
 */
export function HomePage() {
  const { username, loading, mustFinalize } = useSession();
  const signOut = useSignOut();
  // Not 'guest' before the server has said so (a signed-in player reloading /home), nor for an
  // account that has yet to pick its username (FinalizeBanner says what to do).
  const name = loading || mustFinalize ? null : username || 'guest';
  // The stylesheet sizes the heading so that this many characters and the '!' fit one line.
  const fit = name === null ? undefined : ({ '--name-length': name.length } as CSSProperties);
  return (
    <section className={styles.home} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.welcome} style={fit}>
        {name === null ? 'Welcome!' : `Welcome, ${name}!`}
      </h1>
      <FinalizeBanner />
      <VerifyEmailBanner />
      <DailyLink />
      <PlayNow guest={!loading && !username} className={styles.playNow} />
      <ComputerGame />
      <MainMenu guest={!loading && !username} onLogout={() => void signOut()} />
    </section>
  );
}
