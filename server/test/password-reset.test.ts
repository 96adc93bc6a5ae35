import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@jotto/shared/account-rules';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { connected, openSocket } from '@jotto/test-support/socket-client';
import { passwordResetTokens, users } from '../src/db/account-tables.ts';
import { matchSeeks } from '../src/db/social-tables.ts';
import { type LocalSmtpServer, type MailTestApp, startMailTestApp } from './mail-test-app.ts';
import { newUsername, registerUser, TestAgent } from './test-app.ts';
import { DATABASE_KINDS, uniqueClientAddress } from './test-environment.ts';

// Anyone could lock a player out for 15 minutes (ten wrong passwords lock the account on every
// browser that has not signed in to it before), and there was no way back in but to wait. A
// password reset link, mailed to the account's address, now sets a new password, ends every
// session of the account and clears its login lock.

const OK = { status: 200, body: { result: 'ok' } };
const BAD_LINK = {
  status: 404,
  body: { result: 'error', err: 'This reset link is not valid or has expired' },
};

/** The reset mails `smtp` received for `email` (registration also mails it: a verification). */
const resetMailsTo = (smtp: LocalSmtpServer, email: string) =>
  smtp.inbox.filter(
    (mail) => mail.to.includes(email) && mail.raw.includes('Subject: Reset your Jotto password'),
  );

/** Waits for the reset mail number `count` to `email`, and answers its link's token. */
async function waitForResetToken(
  smtp: LocalSmtpServer,
  email: string,
  count: number,
): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = resetMailsTo(smtp, email);
    if (mails.length >= count) return resetTokenIn(mails[count - 1]!.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail number ${count} to ${email}`);
}

/** Every URL in an unfolded mail, text and HTML parts alike. */
const linksIn = (unfolded: string) => unfolded.match(/https?:\/\/[^\s"<>]+/g) ?? [];

/** The token of the reset link in a mail (quoted-printable soft breaks removed). */
function resetTokenIn(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const token = /http:\/\/play\.jotto\.test\/reset\/([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
  if (!token) throw new Error(`no reset link in:\n${unfolded}`);
  return token;
}

describe.each(DATABASE_KINDS)('password reset on %s', (kind) => {
  let smtp: LocalSmtpServer;
  let t: MailTestApp;
  beforeAll(async () => {
    t = await startMailTestApp(kind, {
      // The login lock of the product, and a reset limit the tests do not reach.
      RATE_LIMIT_LOGIN_ACCOUNT: '10',
      RATE_LIMIT_PASSWORD_RESET: '1000',
    });
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Asks for a link to `email` as a stranger would (no session, typing it as `typed`), and
   * reads the token from the mail.
   */
  async function mailedToken(email: string, typed = email): Promise<string> {
    const before = resetMailsTo(smtp, email).length;
    const asked = await new TestAgent(t.app).post('/api/password/forgot', { email: typed });
    expect(asked).toMatchObject(OK);
    return waitForResetToken(smtp, email, before + 1);
  }

  it('mails a single-use link; using it sets the password and ends every session', async () => {
    const { agent, username } = await registerUser(t.app, newUsername('Rst'), 'old-password');
    const email = `${username}@example.com`;
    const otherDevice = new TestAgent(t.app);
    expect(
      (await otherDevice.post('/api/login', { username, password: 'old-password' })).status,
    ).toBe(200);

    // The address is matched without regard to case, as at registration.
    const token = await mailedToken(email, email.toUpperCase());
    // Only the token's keyed hash is stored.
    const stored = await t.app.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    const expiresIn = stored.at(-1)!.expiresAt.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);

    const stranger = new TestAgent(t.app);
    expect(
      await stranger.post('/api/password/reset', { token, password: 'new-password' }),
    ).toMatchObject(OK);
    // Every session of the account ended: both browsers are guests now.
    for (const browser of [agent, otherDevice]) {
      expect((await browser.get('/api/user/info')).body).toEqual({ result: 'guest' });
    }
    const login = (password: string) =>
      new TestAgent(t.app).post('/api/login', { username, password }).then((r) => r.status);
    expect(await login('old-password')).toBe(401);
    expect(await login('new-password')).toBe(200);
    // Used once: the same link again fails.
    expect(
      await stranger.post('/api/password/reset', { token, password: 'third-password' }),
    ).toMatchObject(BAD_LINK);
  });

  it("cancels the account's 'Play now' seek, which every session it ended was keeping", async () => {
    const { agent, username } = await registerUser(t.app, newUsername('Rsk'), 'old-password');
    const otherDevice = new TestAgent(t.app);
    await otherDevice.post('/api/login', { username, password: 'old-password' });
    for (const browser of [agent, otherDevice]) {
      expect((await browser.post('/api/match/seek')).body).toEqual({
        result: 'ok',
        status: 'waiting',
      });
    }
    const userId = await idOf(username);
    const token = await mailedToken(`${username}@example.com`);
    expect(
      await new TestAgent(t.app).post('/api/password/reset', { token, password: 'new-password' }),
    ).toMatchObject(OK);
    expect(await t.app.db.select().from(matchSeeks).where(eq(matchSeeks.userId, userId))).toEqual(
      [],
    );
  });

  it('refuses an expired link, an unknown one, and a new password the rules refuse', async () => {
    const { username } = await registerUser(t.app, newUsername('Exp'), 'old-password');
    const token = await mailedToken(`${username}@example.com`);
    const stranger = new TestAgent(t.app);
    // The password's own rule first, with registration's message; the link is kept.
    expect(await stranger.post('/api/password/reset', { token, password: 'abc' })).toMatchObject({
      status: 400,
      body: { result: 'error', err: ACCOUNT_MESSAGES.passwordTooWeak },
    });
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, await idOf(username)));
    expect(
      await stranger.post('/api/password/reset', { token, password: 'new-password' }),
    ).toMatchObject(BAD_LINK);
    expect(
      await stranger.post('/api/password/reset', { token: 'made-up', password: 'new-password' }),
    ).toMatchObject(BAD_LINK);
    expect(
      (await new TestAgent(t.app).post('/api/login', { username, password: 'old-password' }))
        .status,
    ).toBe(200);
    // The hourly purge removes expired links.
    await t.app.purgeJob.run();
    expect(
      await t.app.db.$count(
        passwordResetTokens,
        eq(passwordResetTokens.userId, await idOf(username)),
      ),
    ).toBe(0);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const nobody = `${newUsername('nobody')}@example.com`;
    const answer = await new TestAgent(t.app).post('/api/password/forgot', { email: nobody });
    expect(answer).toMatchObject(OK);
    const { username } = await registerUser(t.app, newUsername('Has'));
    const known = await new TestAgent(t.app).post('/api/password/forgot', {
      email: `${username}@example.com`,
    });
    expect(known.body).toEqual(answer.body);
    expect(known.status).toBe(answer.status);
    await waitForResetToken(smtp, `${username}@example.com`, 1);
    expect(smtp.inbox.some((mail) => mail.to.includes(nobody))).toBe(false);
  });

  it('mails one address at most 3 times an hour, and still answers ok', async () => {
    const { username } = await registerUser(t.app, newUsername('Cap'));
    const email = `${username}@example.com`;
    for (let i = 0; i < 5; i++) {
      const answer = await new TestAgent(t.app, { remoteAddress: uniqueClientAddress() }).post(
        '/api/password/forgot',
        { email },
      );
      expect(answer).toMatchObject(OK);
    }
    await waitForResetToken(smtp, email, 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(resetMailsTo(smtp, email)).toHaveLength(3);
  });

  it('clears the login lock someone else put on the account', async () => {
    const { username } = await registerUser(t.app, newUsername('Lck'), 'old-password');
    // Someone guesses from browsers the account has never seen: the account is locked there.
    for (let i = 0; i < 10; i++) {
      const guess = await new TestAgent(t.app, { remoteAddress: uniqueClientAddress() }).post(
        '/api/login',
        { username, password: `wrong-${i}` },
      );
      expect(guess.status).toBe(401);
    }
    const owner = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    expect((await owner.post('/api/login', { username, password: 'old-password' })).status).toBe(
      429,
    );
    const token = await mailedToken(`${username}@example.com`);
    expect(
      await owner.post('/api/password/reset', { token, password: 'new-password' }),
    ).toMatchObject(OK);
    // Before: 429 for the rest of the 15 minutes.
    expect((await owner.post('/api/login', { username, password: 'new-password' })).status).toBe(
      200,
    );
  });

  it('builds the link on PUBLIC_URL, whatever Host the request names', async () => {
    const { username } = await registerUser(t.app, newUsername('Hst'));
    const email = `${username}@example.com`;
    const forged = new TestAgent(t.app, { headers: { host: 'evil.example' } });
    expect(await forged.post('/api/password/forgot', { email })).toMatchObject(OK);
    await waitForResetToken(smtp, email, 1);
    const mail = resetMailsTo(smtp, email)[0]!.raw.replace(/=\r?\n/g, '');
    expect(mail).not.toContain('evil.example');
    expect(linksIn(mail).every((link) => link.startsWith('http://play.jotto.test/reset/'))).toBe(
      true,
    );
  });

  async function idOf(username: string): Promise<number> {
    const [row] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    return row!.id;
  }
});

describe('password reset without PUBLIC_URL', () => {
  let smtp: LocalSmtpServer;
  let t: MailTestApp;
  beforeAll(async () => {
    // PUBLIC_URL set empty, over the helper's default.
    t = await startMailTestApp('pglite', { PUBLIC_URL: '', PORT: '3456' });
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('links to localhost on PORT, never to the Host the request names', async () => {
    const { username } = await registerUser(t.app, newUsername('Frg'), 'old-password');
    const email = `${username}@example.com`;
    const forged = new TestAgent(t.app, { headers: { host: 'evil.example' } });
    expect(await forged.post('/api/password/forgot', { email })).toMatchObject(OK);
    for (let tries = 0; tries < 100 && resetMailsTo(smtp, email).length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mail = resetMailsTo(smtp, email)[0]?.raw.replace(/=\r?\n/g, '') ?? '';
    expect(mail).not.toContain('evil.example');
    const links = linksIn(mail);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.startsWith('http://localhost:3456/reset/'))).toBe(true);
    const token = new URL(links[0]!).pathname.split('/').at(-1)!;
    expect(
      await new TestAgent(t.app).post('/api/password/reset', { token, password: 'new-password' }),
    ).toMatchObject(OK);
  });
});

describe('password reset and the real-time channel', () => {
  let smtp: LocalSmtpServer;
  let t: MailTestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startMailTestApp('postgres');
    smtp = t.smtp;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes the sockets of every session it ends', async () => {
    const { agent, username } = await registerUser(t.app, newUsername('Sck'));
    const socket = await connected(openSocket(baseUrl, agent.cookies.get(SESSION_COOKIE)));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const email = `${username}@example.com`;
    await new TestAgent(t.app).post('/api/password/forgot', { email });
    const token = await waitForResetToken(smtp, email, 1);
    expect(
      await new TestAgent(t.app).post('/api/password/reset', { token, password: 'new-password' }),
    ).toMatchObject(OK);
    expect(await closed).toBe('io server disconnect');
  });
});
