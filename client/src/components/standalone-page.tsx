import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { SiteFooter } from './site-footer.tsx';
import styles from './standalone-page.module.css';

/**
 * The frame of the screens outside the shell (sign-in, verify, studio, privacy,
 * mobile): a bar whose title and 'Back to Jotto' link lead to the landing page, the screen,
 * and the footer links. No sidebar: these pages are reached from outside the game (mail,
 * store, search) and lead back into it.
 */
export function StandalonePage({
  children,
  labelledBy,
  width = 'text',
}: {
  children: ReactNode;
  /** The id of the page's heading, which names its main region. */
  labelledBy?: string;
  /** `text` for reading (policy), `form` for a narrow column of controls. */
  width?: 'text' | 'form';
}) {
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link to={clientPath('/')} className={styles.brand}>
          Jotto
        </Link>
        <Link to={clientPath('/')} className={styles.back}>
          <span aria-hidden="true">←</span> Back to Jotto
        </Link>
      </header>
      <main
        className={`${styles.content} ${width === 'form' ? styles.form : ''}`}
        aria-labelledby={labelledBy}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
