import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useSession } from '@/lib/session.ts';
import styles from './guest-game-note.module.css';

/**
 * What a guest's game screen says about the game's life: it lives with the guest session for 24
 * hours, and comes along to an account made or signed into before then (docs/PRODUCT.md,
 * 'Guests'). Nothing for a signed-in player, whose games are kept.
 */
export function GuestGameNote() {
  const { username, loading, mustFinalize } = useSession();
  if (loading || username || mustFinalize) return null;
  return (
    <p className={styles.note}>
      As a guest, this game is kept for 24 hours. <Link to={clientPath('/register')}>Sign up</Link>{' '}
      or <Link to={clientPath('/login')}>log in</Link> to keep it.
    </p>
  );
}
