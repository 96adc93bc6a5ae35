import { Link } from 'react-router-dom';
import styles from './not-found-page.module.css';

/** Any path the client does not know (the server sends index.html for it with a 404). */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to="/home" className="button button-primary">
        Go to Jotto
      </Link>
    </main>
  );
}
