import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { fakeApi, type FakeHandlers } from '@/test/fake-api.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { LoginForm, RegisterForm } from './auth-forms.tsx';

function renderForm(form: 'login' | 'register', handlers: FakeHandlers = {}) {
  const api = fakeApi({ userInfo: { result: 'guest' }, ...handlers });
  renderScreen(form === 'login' ? <LoginForm /> : <RegisterForm />, { path: '/login' });
  return api;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillRegister(fields: {
  email?: string;
  username?: string;
  password?: string;
  confirm?: string;
}) {
  fill('Email', fields.email ?? 'alice@example.com');
  fill('Username', fields.username ?? 'alice');
  fill('Password', fields.password ?? 'abcd');
  fill('Confirm password', fields.confirm ?? fields.password ?? 'abcd');
  fireEvent.submit(screen.getByRole('form', { name: 'Register' }));
}

afterEach(() => {
  delete window.jottoPushToken;
});

describe('LoginForm', () => {
  it('has labelled username and password fields; Enter in the password submits', async () => {
    const user = userEvent.setup();
    const api = renderForm('login', {
      login: ({ body }) => ({ result: 'ok', msg: body.username }),
    });
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(api.callsOf('login')).toHaveLength(1);
    expect(api.callsOf('login')[0]!.body).toEqual({ username: 'alice', password: 'secret' });
  });

  it("alerts the server's sentence when the login is refused, and stays", async () => {
    renderForm('login', { login: { status: 401, err: 'Wrong username or password' } });
    fill('Username', 'alice');
    fill('Password', 'nope');
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    await waitFor(() => expect(alertText()).toBe('Wrong username or password'));
    expect(currentPath()).toBe('/login');
  });

  it('logs in once for a double click on Login', async () => {
    const api = renderForm('login', { login: { result: 'ok', msg: 'alice' } });
    fill('Username', 'alice');
    fill('Password', 'secret');
    const login = screen.getByRole('button', { name: 'Login' });
    fireEvent.click(login);
    fireEvent.click(login);
    await waitFor(() => expect(currentPath()).toBe('/home'));
    await act(async () => {});
    expect(api.callsOf('login')).toHaveLength(1);
  });

  it('sends the remembered push token along', async () => {
    window.jottoPushToken = 'device-token';
    const api = renderForm('login', { login: { result: 'ok', msg: 'alice' } });
    fill('Username', 'alice');
    fill('Password', 'secret');
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    await waitFor(() => expect(api.callsOf('login')).toHaveLength(1));
    expect(api.callsOf('login')[0]!.body).toEqual({
      username: 'alice',
      password: 'secret',
      token: 'device-token',
    });
  });
});

describe('RegisterForm', () => {
  it('registers with e-mail, username and password; Enter in the confirmation submits', async () => {
    const user = userEvent.setup();
    const api = renderForm('register', {
      register: ({ body }) => ({ result: 'ok', msg: body.username }),
    });
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'abcd');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(api.callsOf('register')[0]!.body).toEqual({
      email: 'alice@example.com',
      username: 'alice',
      password: 'abcd',
    });
  });

  it.each([
    ['the passwords differ', { confirm: 'abce' }, ACCOUNT_MESSAGES.passwordsDoNotMatch],
    ['the username is empty', { username: '' }, 'Please enter a username'],
    ['the e-mail is empty', { email: '' }, 'Please enter an email'],
    ['the username is short', { username: 'ab' }, 'Bad size username'],
    ['the username is long', { username: 'a'.repeat(15) }, 'Bad size username'],
    [
      'the username has other characters',
      { username: 'al ice' },
      'Please use only alphanumeric characters and underscores for your username',
    ],
    ['the password is short', { password: 'abc' }, 'Please enter a better password'],
  ])('alerts when %s, without calling the server', (_case, fields, message) => {
    const api = renderForm('register');
    fillRegister(fields);
    expect(alertText()).toBe(message);
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it("alerts the browser's own message for an e-mail it finds invalid", () => {
    const api = renderForm('register');
    fillRegister({ email: 'not an address' });
    const input = screen.getByLabelText<HTMLInputElement>('Email');
    expect(input.validationMessage).not.toBe('');
    expect(alertText()).toBe(input.validationMessage);
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it('checks matching passwords before anything else', () => {
    renderForm('register');
    fillRegister({ email: '', username: '', password: 'abcd', confirm: 'x' });
    expect(alertText()).toBe('Passwords do not match!');
  });

  it('registers once for a double click on Sign Up, with no alert over the home page', async () => {
    let registered = false;
    const api = renderForm('register', {
      register: ({ body }) => {
        if (registered) return { status: 409, err: 'That username is taken' };
        registered = true;
        return { result: 'ok', msg: body.username };
      },
    });
    fill('Email', 'alice@example.com');
    fill('Username', 'alice');
    fill('Password', 'abcd');
    fill('Confirm password', 'abcd');
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    fireEvent.click(signUp);
    fireEvent.click(signUp);
    expect(signUp.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(currentPath()).toBe('/home'));
    await act(async () => {});
    expect(api.callsOf('register')).toHaveLength(1);
    expect(alertText()).toBeNull();
  });

  it("alerts the server's sentence when the registration is refused", async () => {
    renderForm('register', { register: { status: 409, err: 'That username is taken' } });
    fillRegister({});
    await waitFor(() => expect(alertText()).toBe('That username is taken'));
    expect(currentPath()).toBe('/login');
  });
});
