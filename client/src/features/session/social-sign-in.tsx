import { useSearchParams } from 'react-router-dom';
import {
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_PROVIDERS,
  socialSignInErrorMessage,
} from '@jotto/shared/social-sign-in';
import { API_BASE } from '../../config/env.ts';

/**
 * The six sign-in options of spec §2: the five social providers and e-mail. The providers are
 * plain links, because sign-in is a browser navigation through the server (spec §7,
 * `/auth/{provider}`), which comes back to /home, /finalize, or here with `?error=`.
 */
export function SocialSignIn({ onEmail }: { onEmail: () => void }) {
  const [params] = useSearchParams();
  const error = params.get('error');
  return (
    <section className="sign-in-options" aria-label="Sign-in options">
      {error !== null && (
        <p className="sign-in-error" role="alert">
          {socialSignInErrorMessage(error, params.get('provider'))}
        </p>
      )}
      <ul>
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <a className={`sign-in-${provider}`} href={`${API_BASE}/auth/${provider}`}>
              Sign in with {SOCIAL_PROVIDER_LABELS[provider]}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="sign-in-email" onClick={onEmail}>
            Sign in with e-mail
          </button>
        </li>
      </ul>
    </section>
  );
}
