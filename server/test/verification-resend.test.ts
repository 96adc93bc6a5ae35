import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { users } from '../src/db/account-tables.ts';
import { type LocalSmtpServer, type MailTestApp, startMailTestApp } from './mail-test-app.ts';
import { newUsername, TestAgent } from './test-app.ts';
import { DATABASE_KINDS, uniqueClientAddress } from './test-environment.ts';

type Json = Record<string, unknown>;

/** The client path of every verification link in the mails to `email`, oldest first. */
function linksMailedTo(smtp: LocalSmtpServer, email: string): string[] {
  return smtp.inbox
    .filter((mail) => mail.to.includes(email))
    .map((mail) => {
      const unfolded = mail.raw.replace(/=\r?\n/g, '');
      return /http:\/\/play\.jotto\.test(\/users\/[^/\s]+\/verify\/[A-Za-z0-9_-]+)/.exec(
        unfolded,
      )?.[1];
    })
    .filter((link) => link !== undefined);
}

async function mailsTo(smtp: LocalSmtpServer, email: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  while (linksMailedTo(smtp, email).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return linksMailedTo(smtp, email);
}

describe.each(DATABASE_KINDS)('verification state and mail again on %s', (kind) => {
  let smtp: LocalSmtpServer;
  let t: MailTestApp;
  beforeAll(async () => {
    t = await startMailTestApp(kind, { RATE_LIMIT_VERIFY_RESEND: '2' });
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A registered account, from an address of its own (the resend limit counts per address). */
  async function register() {
    const username = newUsername('Ver');
    const email = `${username.toLowerCase()}@example.com`;
    const agent = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    const response = await agent.post('/api/register', { username, email, password: 'abcd' });
    expect(response.status).toBe(200);
    return { username, email, agent };
  }

  it('says pending with the address until the link is opened; mailing again sends a new link that replaces the first', async () => {
    const { email, agent } = await register();
    const [first] = await mailsTo(smtp, email, 1);
    expect(first).toBeDefined();
    expect((await agent.get('/api/user/verification')).body).toEqual({
      result: 'ok',
      verification: 'pending',
      email,
    });

    expect(await agent.post('/api/user/verify/resend')).toMatchObject({
      status: 200,
      body: { result: 'ok' },
    });
    const links = await mailsTo(smtp, email, 2);
    expect(links).toHaveLength(2);
    const [, second] = links;
    expect(second).not.toBe(first);
    const subjects = smtp.inbox
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim());
    expect(subjects).toEqual(['Verify your Jotto account', 'Verify your Jotto account']);

    // Only the newest code is kept: the first link no longer verifies, the new one does.
    const reader = new TestAgent(t.app);
    expect((await reader.get(`/api${first!}`)).status).toBe(404);
    expect((await agent.get('/api/user/verification')).body).toMatchObject({
      verification: 'pending',
    });
    expect((await reader.get(`/api${second!}`)).status).toBe(200);
    expect((await agent.get('/api/user/verification')).body).toEqual({
      result: 'ok',
      verification: 'verified',
    });
    expect(await agent.post('/api/user/verify/resend')).toMatchObject({
      status: 409,
      body: { result: 'error', err: 'Your e-mail address is already verified' },
    });
    expect(linksMailedTo(smtp, email)).toHaveLength(2);
  });

  it('answers 429 past RATE_LIMIT_VERIFY_RESEND per address per minute, and mails no more', async () => {
    const { email, agent } = await register();
    await mailsTo(smtp, email, 1);
    expect((await agent.post('/api/user/verify/resend')).status).toBe(200);
    expect((await agent.post('/api/user/verify/resend')).status).toBe(200);
    const refused = await agent.post<Json>('/api/user/verify/resend');
    expect(refused.status).toBe(429);
    expect(refused.body.err).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Give a third mail time to arrive if one had been sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(linksMailedTo(smtp, email)).toHaveLength(3);
  });

  it('has nothing to verify for an account from a social sign-in', async () => {
    const [social] = await t.app.db
      .insert(users)
      .values({ username: newUsername('Soc'), email: `${newUsername('soc')}@example.com` })
      .returning({ id: users.id });
    const session = await t.app.sessions.create(social!.id);
    const agent = new TestAgent(t.app, { remoteAddress: uniqueClientAddress() });
    agent.cookies.set(SESSION_COOKIE, session.sessionId);
    expect((await agent.get('/api/user/verification')).body).toEqual({
      result: 'ok',
      verification: 'none',
    });
    expect(await agent.post('/api/user/verify/resend')).toMatchObject({
      status: 409,
      body: { err: 'This account has no e-mail address to verify' },
    });
  });
});

describe('the verification link without SMTP_URL', () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());

  it('is one readable line of the pretty log, ending with the link, which works', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: 'memory://',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        PUBLIC_URL: '',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'pretty',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };
    const base = `http://127.0.0.1:${port}`;
    // A deadline, not a count of tries: on a busy machine compiling and starting the server
    // from source takes far longer than on a quiet one.
    const startBy = Date.now() + 90_000;
    while (
      Date.now() < startBy &&
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const username = newUsername('Log');
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-jotto-client': 'web' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'abcd' }),
    });
    expect(registered.status, output).toBe(200);
    const deadline = Date.now() + 5_000;
    while (!output.includes(`Verification link for ${username}`) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const line = output
      .split('\n')
      .find((text) => text.includes(`Verification link for ${username}`));
    expect(line, output).toBeDefined();
    // Plain text (no colour codes when not a terminal), the address, and the link last: on
    // localhost and the port, without PUBLIC_URL.
    const link = new RegExp(
      `INFO: Verification link for ${username} <${username}@example\\.com> \\(SMTP_URL is not set: logged, not mailed\\): (http://localhost:${port}/users/${username}/verify/[A-Za-z0-9_-]+)$`,
    ).exec(line!.trimEnd());
    expect(link, line).not.toBeNull();
    const verified = await fetch(`${base}/api${new URL(link![1]!).pathname}`, {
      headers: { 'x-jotto-client': 'web' },
    });
    expect(verified.status).toBe(200);
  }, 120_000);
});
