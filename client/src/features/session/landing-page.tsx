import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { LoginForm, RegisterForm } from './auth-forms.tsx';
import { useSession } from '../../lib/session.ts';
import { SocialSignIn } from './social-sign-in.tsx';

/** Landing (spec §2): Sign Up and Login toggle their forms; neither shows at first. */
export function LandingPage() {
  const { username, loading } = useSession();
  const [form, setForm] = useState<'none' | 'register' | 'login'>('none');
  if (!loading && username) return <Navigate to="/home" replace />;
  return (
    <main className="landing">
      <h1>Jotto</h1>
      <p>Guess the secret five-letter word. Each guess tells you how many letters match.</p>
      <div className="login-bar">
        <button type="button" onClick={() => setForm('register')}>
          Sign Up
        </button>
        <button type="button" onClick={() => setForm('login')}>
          Login
        </button>
      </div>
      <SocialSignIn onEmail={() => setForm('login')} />
      {form === 'register' && <RegisterForm />}
      {form === 'login' && <LoginForm />}
    </main>
  );
}
