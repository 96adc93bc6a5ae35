import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { StandalonePage } from '@/components/standalone-page.tsx';
import { useSession } from '@/lib/session.ts';
import { LoginForm, RegisterForm } from './auth-forms.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import styles from './login-page.module.css';

/**
 * The Login screen (docs/PRODUCT.md, 'Login screen'), at /login and /register: the six sign-in
 * options, 'play as guest', and under the e-mail option either the login or the register form. The
 * chosen option is `selectedLogin` (empty at first); /register opens the e-mail option on its
 * register form. A failed social sign-in comes back to /login?error=…, whose sentence the options
 * show. Someone already signed in has nothing to do here and goes to /home.
 */
export function LoginPage() {
  const { pathname } = useLocation();
  const opensRegister = pathname === clientPath('/register');
  // Keyed by route: /login and /register are one component, and a move between them (a link
  // to /register while on /login) starts again from the route's own first state.
  return <LoginScreen key={pathname} opensRegister={opensRegister} />;
}

function LoginScreen({ opensRegister }: { opensRegister: boolean }) {
  const { username, loading } = useSession();
  const [selectedLogin, setSelectedLogin] = useState(opensRegister ? 'email' : '');
  const [emailForm, setEmailForm] = useState<'login' | 'register'>(
    opensRegister ? 'register' : 'login',
  );
  if (!loading && username) return <Navigate to={clientPath('/home')} replace />;
  const email = selectedLogin === 'email';
  return (
    <StandalonePage labelledBy="login-title" width="form">
      <h1 id="login-title" className={styles.title}>
        Sign in to Jotto
      </h1>
      <SocialSignIn emailSelected={email} onEmail={() => setSelectedLogin(email ? '' : 'email')} />
      {email && (
        <div className={styles.email}>
          {emailForm === 'login' ? <LoginForm /> : <RegisterForm />}
          <p className={styles.switch}>
            {emailForm === 'login' ? 'New to Jotto? ' : 'Already have an account? '}
            <button
              type="button"
              className="link-button"
              onClick={() => setEmailForm(emailForm === 'login' ? 'register' : 'login')}
            >
              {emailForm === 'login' ? 'Create an account' : 'Log in'}
            </button>
          </p>
        </div>
      )}
      <p className={styles.guest}>
        Or <Link to={clientPath('/home')}>play as guest</Link>
      </p>
    </StandalonePage>
  );
}
