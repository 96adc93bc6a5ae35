import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/account-tables.ts';
import { type LocalSmtpServer, type MailTestApp, startMailTestApp } from './mail-test-app.ts';
import { newUsername, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

describe.each(DATABASE_KINDS)('verification e-mail on %s', (kind) => {
  let smtp: LocalSmtpServer;
  let t: MailTestApp;
  beforeAll(async () => {
    t = await startMailTestApp(kind);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails a link to the client verify route; following it verifies the account', async () => {
    const username = newUsername('Mail');
    const email = `${username.toLowerCase()}@example.com`;
    const agent = new TestAgent(t.app);
    expect((await agent.post('/api/register', { username, email, password: 'abcd' })).status).toBe(
      200,
    );

    const mail = await smtp.waitForMailTo(email);
    expect(mail.raw).toMatch(/Subject: Verify your Jotto account/);
    const unfolded = mail.raw.replace(/=\r?\n/g, '');
    const match = unfolded.match(
      /http:\/\/play\.jotto\.test(\/users\/([^/\s]+)\/verify\/([A-Za-z0-9_-]+))/,
    );
    expect(match).not.toBeNull();
    const clientPath = match![1]!;
    const linkUser = match![2];
    expect(linkUser).toBe(username);

    const [before] = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(before?.verifiedAt).toBeNull();
    // The client route /users/:u/verify/:code calls the same path under the API prefix.
    const visitor = new TestAgent(t.app);
    expect(await visitor.get(`/api${clientPath}`)).toMatchObject({
      status: 200,
      body: { result: 'ok' },
    });
    const [after] = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(after?.verifiedAt).toBeInstanceOf(Date);
    // Opening the same link again still says ok; a tampered one does not.
    expect((await visitor.get(`/api${clientPath}`)).status).toBe(200);
    expect((await visitor.get(`/api${clientPath.slice(0, -2)}xx`)).status).toBe(404);
  });
});

describe('links without PUBLIC_URL', () => {
  let smtp: LocalSmtpServer;
  let t: MailTestApp;
  beforeAll(async () => {
    // PUBLIC_URL set empty, over the helper's default: links are built on localhost and PORT.
    t = await startMailTestApp('pglite', { PUBLIC_URL: '', PORT: '3456' });
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('point at localhost on PORT whatever the Host, and sign-in redirects stay relative', async () => {
    const username = newUsername('Host');
    const email = `${username.toLowerCase()}@example.com`;
    // The Host header is the client's to write: a forged one must not reach the mail.
    const agent = new TestAgent(t.app, { headers: { host: 'evil.example' } });
    expect((await agent.post('/api/register', { username, email, password: 'abcd' })).status).toBe(
      200,
    );
    const mail = await smtp.waitForMailTo(email);
    const unfolded = mail.raw.replace(/=\r?\n/g, '');
    expect(unfolded).toMatch(
      new RegExp(`http://localhost:3456/users/${username}/verify/[A-Za-z0-9_-]+`),
    );
    expect(unfolded).not.toContain('evil.example');

    // A provider without credentials sends the browser back to /login on the host it used.
    const redirect = await agent.get('/api/auth/vk');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/login?error=not_configured&provider=vk');
  });
});
