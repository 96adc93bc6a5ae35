import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer } from '@jotto/test-support/local-smtp-server';
import { expectAccessible } from './support/accessibility.ts';
import { launchChromium, newPlayer } from './support/browser.ts';
import { logInThroughForm, newUsername, registerThroughForm } from './support/actions.ts';
import { type JottoServer, startJottoServerWithPublicUrl } from './support/jotto-server.ts';

type Smtp = Awaited<ReturnType<typeof startLocalSmtpServer>>;

/**
 * A forgotten password, from the login form's 'Forgot password?' to signing in with the new
 * one, through the link a local SMTP server receives, on a server of its own.
 */
describe('a password reset through the mailed link', () => {
  let browser: Browser;
  let smtp: Smtp;
  let server: JottoServer;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startJottoServerWithPublicUrl({ SMTP_URL: smtp.url });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('asks for a link, sets a new password through it, and signs in with that', async () => {
    const username = newUsername('reset');
    const email = `${username}@example.com`;
    // The account, made in a browser that the reset will sign out.
    const owner = await newPlayer(browser, server.url, { width: 1280 });
    await registerThroughForm(owner.page, username, 'old-password');

    // Another browser, where the password is forgotten.
    const player = await newPlayer(browser, server.url, { width: 390, height: 844 });
    const { page } = player;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with e-mail' }).click();
    await page
      .getByRole('form', { name: 'Login' })
      .getByRole('link', { name: 'Forgot password?' })
      .click();
    await page.waitForURL((url) => url.pathname === '/forgot');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account has that address, a link to choose a new password')
      .waitFor();

    const mail = await waitForResetMail(smtp, email);
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset\/[A-Za-z0-9_-]+/.exec(
      mail.replace(/=\r?\n/g, ''),
    )?.[0];
    expect(link, mail).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('new-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Log in with it now.').waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The new password signs in; the browser that was signed in is a guest now.
    await logInThroughForm(page, username, 'new-password');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${username}!` }).waitFor();
    await owner.page.goto('/home');
    await owner.page.getByRole('heading', { level: 1, name: 'Welcome, guest!' }).waitFor();
    const oldPassword = await page.request.fetch('/api/login', {
      method: 'POST',
      headers: { 'x-jotto-client': 'web', 'content-type': 'application/json' },
      data: JSON.stringify({ username, password: 'old-password' }),
    });
    expect(oldPassword.status()).toBe(401);

    expect(player.errors).toEqual([]);
    expect(player.failedRequests).toEqual([]);

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('third-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('third-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This reset link is not valid or has expired').waitFor();
    // The only refusal the page met is the used link's, on purpose (the browser logs it too).
    expect(player.failedRequests).toEqual([
      expect.stringMatching(/^404 POST .*\/api\/password\/reset$/),
    ]);
    expect(player.errors).toEqual([expect.stringMatching(/status of 404/)]);
    await owner.context.close();
    await player.context.close();
  });
});

/** The raw text of the reset mail to `email`, once it has arrived (registration mails first). */
async function waitForResetMail(smtp: Smtp, email: string): Promise<string> {
  for (let tries = 0; tries < 150; tries++) {
    const mail = smtp.inbox.find(
      (m) => m.to.includes(email) && m.raw.includes('Subject: Reset your Jotto password'),
    );
    if (mail) return mail.raw;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail to ${email}`);
}
