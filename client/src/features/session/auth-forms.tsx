import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { registrationProblem } from '@jotto/shared/account-rules';
import { useAlert } from '../../components/alert-provider.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSignedIn } from '../../lib/session.ts';
import { login, register } from './session-api.ts';
import styles from './auth-forms.module.css';

/** A labelled input: the label is visible text, so it is also what a screen reader says. */
function Field({
  label,
  ...input
}: {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" {...input} />
    </div>
  );
}

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
    // noValidate: the checks of spec §5 run in their own order and speak through the alert
    // modal; the browser's bubbles would jump the queue.
    <form className={styles.form} onSubmit={onSubmit} aria-label={label} noValidate>
      <h2 className={styles.title}>{title}</h2>
      {children}
      {/* A submit button makes Enter in any field submit (spec §2: password, confirm). */}
      <button type="submit" className="button button-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Username and password; Enter in the password field submits (spec §2). */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signedIn = useSignedIn();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: signedIn,
    // Spec §8: the server's err, else its message; ApiCallError carries whichever it sent.
    onError: (error) => showAlert(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate({ username, password });
  };
  return (
    <AuthForm
      label="Login"
      title="Log in"
      onSubmit={submit}
      busy={mutation.isPending}
      submitLabel="Login"
    >
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </AuthForm>
  );
}

/**
 * E-mail, username, password and confirmation, checked in the order of spec §5 first:
 * matching passwords, the browser's own e-mail check (its message alerted), then the shared
 * rules. Enter in the confirmation submits (spec §2).
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
  const set = (name: keyof typeof fields) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailInput = event.currentTarget.elements.namedItem('email');
    if (fields.password !== fields.confirmPassword) return showAlert('Passwords do not match!');
    if (emailInput instanceof HTMLInputElement && !emailInput.checkValidity()) {
      return showAlert(emailInput.validationMessage);
    }
    const problem = registrationProblem(fields);
    if (problem) return showAlert(problem);
    if (!mutation.isPending) {
      mutation.mutate({
        email: fields.email,
        username: fields.username,
        password: fields.password,
      });
    }
  };
  return (
    <AuthForm
      label="Register"
      title="Create an account"
      onSubmit={submit}
      busy={mutation.isPending}
      submitLabel="Sign Up"
    >
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
      />
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={fields.username}
        onChange={set('username')}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
      />
      <Field
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
      />
    </AuthForm>
  );
}
