import { useId } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useSession } from '@/lib/session.ts';
import styles from './home-banner.module.css';

/**
 * 'Pick your username' on Home for an account made by a social sign-in that has no username yet
 * (docs/PRODUCT.md, 'Finalize'): it is neither a guest nor a player others can find, so Home
 * greets it without a name and points it to /finalize, where it chooses one.
 */
export function FinalizeBanner() {
  const { mustFinalize } = useSession();
  const titleId = useId();
  if (!mustFinalize) return null;
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Pick your username
      </h2>
      <p className={styles.text}>
        You are signed in. Choose the name other players will see to finish your account.
      </p>
      <div className={styles.actions}>
        <Link className="button button-primary" to={clientPath('/finalize')}>
          Pick your username
        </Link>
      </div>
    </section>
  );
}
