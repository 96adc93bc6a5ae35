import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { registrationProblem } from '@jotto/shared/account-rules';
import { useAlert } from '../../components/alert-provider.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSignedIn } from '../../lib/session.ts';
import { login, register } from './session-api.ts';

/** Username and password; Enter in the password field submits (spec §2). */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signedIn = useSignedIn();
  const showAlert = useAlert();
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: signedIn,
    onError: (error) => showAlert(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate({ username, password });
  };
  return (
    <form className="auth-form" onSubmit={submit} aria-label="Login">
      <input
        aria-label="Username"
        placeholder="Username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <input
        aria-label="Password"
        placeholder="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" disabled={mutation.isPending}>
        Login
      </button>
    </form>
  );
}

/** E-mail, username, password and confirmation, checked with the rules of spec §5 first. */
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
  const set = (name: keyof typeof fields) => (event: { target: HTMLInputElement }) =>
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
    <form className="auth-form" onSubmit={submit} aria-label="Register" noValidate>
      <input
        name="email"
        type="email"
        aria-label="Email"
        placeholder="Email"
        value={fields.email}
        onChange={set('email')}
      />
      <input
        aria-label="Username"
        placeholder="Username"
        value={fields.username}
        onChange={set('username')}
      />
      <input
        aria-label="Password"
        placeholder="Password"
        type="password"
        value={fields.password}
        onChange={set('password')}
      />
      <input
        aria-label="Confirm password"
        placeholder="Confirm password"
        type="password"
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <button type="submit" disabled={mutation.isPending}>
        Sign Up
      </button>
    </form>
  );
}
