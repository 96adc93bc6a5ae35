import { Link } from 'react-router-dom';
import { clientPath, type StaticClientRoute } from '@jotto/shared/client-routes';
import styles from './unavailable-notice.module.css';

/**
 * In place of a screen that has nothing to show (a game that could not be loaded, one that
 * cannot be watched): what happened, a line under it, and the one way back. `titled`: the
 * title is the page's h1 (else an h2, under the page's own).
 */
export function UnavailableNotice({
  id,
  title,
  text,
  backTo,
  backLabel,
  titled = true,
}: {
  /** The title's id, which names the section. */
  id: string;
  title: string;
  text: string;
  backTo: StaticClientRoute;
  backLabel: string;
  titled?: boolean;
}) {
  const Title = titled ? 'h1' : 'h2';
  return (
    <section className={styles.notice} aria-labelledby={id}>
      <Title id={id} className={styles.title}>
        {title}
      </Title>
      <p className={styles.text}>{text}</p>
      <Link to={clientPath(backTo)} className="button button-primary">
        {backLabel}
      </Link>
    </section>
  );
}
