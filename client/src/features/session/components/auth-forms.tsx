import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES, registrationProblem } from '@jotto/shared/account-rules';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { FormField } from '@/components/form-field.tsx';
import { NewPasswordFields } from '@/components/new-password-fields.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSignedIn } from '@/lib/session.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { login, register } from '../api/session-api.ts';
import styles from './auth-forms.module.css';

function AuthForm({
  label,
  title,
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  label: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    // noValidate: the registration checks run in their own order and speak through the alert
    // modal; the browser's bubbles would jump the queue.
    <form className={styles.form} onSubmit={onSubmit} aria-label={label} noValidate>
      <h2 className={styles.title}>{title}</h2>
      {children}
      {/* A submit button makes Enter in any field submit (the password, the confirmation). */}
      <BusyButton type="submit" className="button button-primary" busy={busy}>
        {submitLabel}
      </BusyButton>
    </form>
  );
}

/** Username and password; Enter in the password field submits. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signedIn = useSignedIn();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: signedIn,
    // The server's err, else its message; ApiCallError carries whichever it sent.
    onError: (error) => showAlert(errorMessage(error)),
  });
  const sending = useSingleFlight();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sending.run(() => mutation.mutateAsync({ username, password }));
  };
  return (
    <AuthForm
      label="Login"
      title="Log in"
      onSubmit={submit}
      busy={sending.busy}
      submitLabel="Login"
    >
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {/* The way back in when the password is forgotten, or the account locked by guessing. */}
      <Link to={clientPath('/forgot')} className={styles.forgot}>
        Forgot password?
      </Link>
    </AuthForm>
  );
}

/**
 * E-mail, username, password and confirmation, checked in the product's order first
 * (docs/PRODUCT.md, 'Registration'):
 * matching passwords, the browser's own e-mail check (its message alerted), then the shared
 * rules. Enter in the confirmation submits.
 */
export function RegisterForm() {
  const [fields, setFields] = useState({
    email: '',
    username: '',
    password: '',
    confirmPassword: '',
  });
  const signedIn = useSignedIn();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: signedIn,
    onError: (error) => showAlert(errorMessage(error)),
  });
  const sending = useSingleFlight();
  const set = (name: keyof typeof fields) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Once the registration is on its way a second submit does nothing, checks included; the
    // gate below refuses it even before this render (a second request would be refused with
    // 'That username is taken', alerted over the signed-in home page).
    if (sending.busy) return;
    const emailInput = event.currentTarget.elements.namedItem('email');
    if (fields.password !== fields.confirmPassword) {
      return showAlert(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    }
    if (emailInput instanceof HTMLInputElement && !emailInput.checkValidity()) {
      return showAlert(emailInput.validationMessage);
    }
    const problem = registrationProblem(fields);
    if (problem) return showAlert(problem);
    sending.run(() =>
      mutation.mutateAsync({
        email: fields.email,
        username: fields.username,
        password: fields.password,
      }),
    );
  };
  return (
    <AuthForm
      label="Register"
      title="Create an account"
      onSubmit={submit}
      busy={sending.busy}
      submitLabel="Sign Up"
    >
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
      />
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        value={fields.username}
        onChange={set('username')}
      />
      <NewPasswordFields passwordLabel="Password" values={fields} onChange={set} />
    </AuthForm>
  );
}
