import { useSearchParams } from 'react-router-dom';
import {
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_PROVIDERS,
  socialSignInErrorMessage,
} from '@jotto/shared/social-sign-in';
import { API_BASE } from '@/config/env.ts';
import { ProviderMark } from './provider-marks.tsx';
import styles from './social-sign-in.module.css';

/**
 * The six sign-in options: the five social providers and e-mail. The providers are plain links,
 * because sign-in is a browser navigation through the server (docs/PRODUCT.md, 'Social sign-in':
 * `/auth/{provider}`), which comes back to /home, /finalize, or /login with `?error=`, whose
 * sentence shows here. Each provider shows its own mark (provider-marks.tsx) beside the words
 * 'Sign in with …', which name the link.
 */
export function SocialSignIn({
  onEmail,
  emailSelected = false,
}: {
  onEmail: () => void;
  /** The e-mail option is open (its form shows below). */
  emailSelected?: boolean;
}) {
  const [params] = useSearchParams();
  const error = params.get('error');
  return (
    <section className={styles.options} aria-label="Sign-in options">
      {error !== null && (
        <p className={styles.error} role="alert">
          {socialSignInErrorMessage(error, params.get('provider'))}
        </p>
      )}
      <ul className={styles.list}>
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <a className={`button ${styles.option}`} href={`${API_BASE}/auth/${provider}`}>
              <ProviderMark provider={provider} />
              Sign in with {SOCIAL_PROVIDER_LABELS[provider]}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`button ${styles.option}`}
            aria-expanded={emailSelected}
            onClick={onEmail}
          >
            <span className={styles.mark} aria-hidden="true">
              @
            </span>
            Sign in with e-mail
          </button>
        </li>
      </ul>
    </section>
  );
}
