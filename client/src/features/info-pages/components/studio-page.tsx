import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { StandalonePage } from '@/components/standalone-page.tsx';
import { SUPPORT_EMAIL } from '@/config/env.ts';
import { COPYRIGHT_YEAR, STUDIO_NAME } from '../studio.ts';
import styles from './info-page.module.css';

/** Studio info, at /company and /nomostudios, outside the shell. */
export function StudioPage() {
  return (
    <StandalonePage labelledBy="studio-title">
      <article className={styles.article}>
        <h1 id="studio-title">{STUDIO_NAME}</h1>
        <p className={styles.lead}>An app development studio based in the USA.</p>
        <p>
          We make Jotto, the five-letter word-guessing game you can play{' '}
          <Link to={clientPath('/home')}>in your browser</Link> and on{' '}
          <Link to={clientPath('/mobile')}>your phone</Link>.
        </p>
        <p>
          Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p className={styles.fine}>
          © {COPYRIGHT_YEAR} {STUDIO_NAME}. All rights reserved.
        </p>
      </article>
    </StandalonePage>
  );
}
