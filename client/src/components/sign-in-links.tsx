import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import styles from './sign-in-links.module.css';

/**
 * What every 'You must be logged in to …' sentence says, the server's and the client's alike
 * (docs/PRODUCT.md, 'Texts').
 */
const SIGN_IN_NEEDED = 'You must be logged in to ';

/** True for a sentence that tells a guest what an account would let them do. */
export function asksToSignIn(message: string): boolean {
  return message.includes(SIGN_IN_NEEDED);
}

/**
 * 'Sign up' (the register form) and 'Log in' (the Login screen): what a guest told that something
 * needs an account can do about it, beside the sentence, which itself stays as it is. A guest's
 * unfinished games come along when they sign up or log in (docs/PRODUCT.md, 'Guests').
 * `onFollow` runs when either link is taken (the alert modal closes itself then); `quiet` keeps
 * both links plain, where another button is the primary one (the alert's OK).
 */
export function SignInLinks({
  onFollow,
  quiet = false,
}: {
  onFollow?: () => void;
  quiet?: boolean;
}) {
  return (
    <div className={styles.links}>
      <Link
        to={clientPath('/register')}
        className={quiet ? 'button' : 'button button-primary'}
        onClick={onFollow}
      >
        Sign up
      </Link>
      <Link to={clientPath('/login')} className="button" onClick={onFollow}>
        Log in
      </Link>
    </div>
  );
}
