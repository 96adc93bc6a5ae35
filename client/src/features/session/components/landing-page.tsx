import { lazy, Suspense, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { LetterTiles } from '@/components/letter-tiles.tsx';
import { MainMenu } from '@/components/main-menu.tsx';
import { SiteFooter } from '@/components/site-footer.tsx';
import { StoreBadges } from '@/components/store-badges.tsx';
import { useSession } from '@/lib/session.ts';
import { PageLoading } from '@/components/page-loading.tsx';
import styles from './landing-page.module.css';

/**
 * A game in three guesses, to show what a match count means before anyone signs up. The
 * secret is PLANT; the counts are the game's rule (landing-page.test.tsx checks them).
 */
export const LANDING_EXAMPLE = {
  secret: 'plant',
  guesses: [
    { word: 'crane', matches: 2 },
    { word: 'slate', matches: 3 },
    { word: 'plant', matches: 5 },
  ],
} as const;

type LandingForm = 'none' | 'register' | 'login';

// The forms show only after Sign Up or Login, so their code (and the registration rules) is not
// in the landing's first load (its budget); pointing at either button fetches it early.
const loadForms = () => import('./auth-forms.tsx');
const LoginForm = lazy(async () => ({ default: (await loadForms()).LoginForm }));
const RegisterForm = lazy(async () => ({ default: (await loadForms()).RegisterForm }));
const prefetchForms = () => void loadForms();

/**
 * Landing (docs/PRODUCT.md, 'Landing'): the top app bar with the store badges and the login bar,
 * the welcome text and menu. Sign Up and Login toggle their forms, one at a time, neither at first.
 * Below 600 px the mobile layout stacks everything in one column, the form first; from 600 px the
 * desktop layout puts the hero beside the form and menu (breakpoints: the small logo in the bar up
 * to 900 px, the big one above; the decorative bubble from 970 px). A visitor already signed in
 * goes to /home.
 */
export function LandingPage() {
  const { username, loading } = useSession();
  const [form, setForm] = useState<LandingForm>('none');
  if (!loading && username) return <Navigate to={clientPath('/home')} replace />;
  const toggle = (next: LandingForm) => setForm((current) => (current === next ? 'none' : next));
  return (
    <div className={styles.landing}>
      <header className={styles.appBar}>
        <Link to={clientPath('/')} className={styles.smallLogo}>
          Jotto
        </Link>
        <StoreBadges to="mobile" className={styles.badges} />
        <div
          className={styles.loginBar}
          role="group"
          aria-label="Account"
          onPointerEnter={prefetchForms}
          onFocus={prefetchForms}
        >
          <button
            type="button"
            className="button"
            aria-expanded={form === 'register'}
            aria-controls="landing-form"
            onClick={() => toggle('register')}
          >
            Sign Up
          </button>
          <button
            type="button"
            className="button button-primary"
            aria-expanded={form === 'login'}
            aria-controls="landing-form"
            onClick={() => toggle('login')}
          >
            Login
          </button>
        </div>
      </header>
      <main className={styles.main}>
        <section className={styles.hero} aria-labelledby="landing-title">
          <h1 id="landing-title" className={styles.logo}>
            Jotto
          </h1>
          <p className={styles.tagline}>
            Guess the secret five-letter word. Each guess tells you how many letters match.
          </p>
          <ol className={styles.example} aria-label="An example game">
            {LANDING_EXAMPLE.guesses.map(({ word, matches }) => (
              <li key={word} className={styles.exampleRow}>
                <LetterTiles word={word} />
                <span
                  className={`numeric ${styles.matches} ${word === LANDING_EXAMPLE.secret ? styles.solved : ''}`}
                >
                  {matches} matches
                  {word === LANDING_EXAMPLE.secret && <span aria-hidden="true"> ✓</span>}
                </span>
              </li>
            ))}
          </ol>
          <p className={styles.bubble} aria-hidden="true">
            How many letters match?
          </p>
        </section>
        <div id="landing-form" className={styles.formArea}>
          <Suspense fallback={<PageLoading />}>
            {form === 'register' && <RegisterForm />}
            {form === 'login' && <LoginForm />}
          </Suspense>
          {form !== 'none' && (
            <p className={styles.more}>
              <Link to={clientPath('/login')}>More ways to sign in</Link>
            </p>
          )}
        </div>
        <section className={styles.welcome} aria-labelledby="welcome-title">
          <h2 id="welcome-title" className={styles.welcomeTitle}>
            Welcome, guest!
          </h2>
          <MainMenu guest />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
