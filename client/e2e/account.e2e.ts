import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer } from '@jotto/test-support/local-smtp-server';
import { expectAccessible } from './support/accessibility.ts';
import { launchChromium, newPlayer, type Player } from './support/browser.ts';
import { apiAs, newUsername, registerThroughForm, solveOnScreen } from './support/actions.ts';
import { type JottoServer, startJottoServerWithPublicUrl } from './support/jotto-server.ts';

type Smtp = Awaited<ReturnType<typeof startLocalSmtpServer>>;

interface Profile {
  data: { gameCt: number; winCt: number; points: number; winRatio: number };
}

/**
 * A player's account from sign-up to the leaderboards, on a server of its own: verification
 * mail goes to a local SMTP server, and the leaderboards are recomputed every 5 seconds.
 */
describe('an account, from the Sign Up form to the leaderboards', () => {
  let browser: Browser;
  let smtp: Smtp;
  let server: JottoServer;
  let player: Player;
  const username = newUsername('acct');
  let points = 0;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startJottoServerWithPublicUrl({
      SMTP_URL: smtp.url,
      LEADERBOARD_REFRESH_SECONDS: '5',
    });
    browser = await launchChromium();
    player = await newPlayer(browser, server.url, { width: 390, height: 844 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('registers through the form and verifies through the mailed link', async () => {
    await registerThroughForm(player.page, username);
    const mail = await smtp.waitForMailTo(`${username}@example.com`, 15_000);
    const unfolded = mail.raw.replace(/=\r?\n/g, '');
    const link = new RegExp(
      `http://127\\.0\\.0\\.1:\\d+/users/${username}/verify/[A-Za-z0-9_-]+`,
    ).exec(unfolded)?.[0];
    expect(link, unfolded).toBeDefined();

    // Opened from the mail in a browser that is not signed in.
    const reader = await newPlayer(browser, server.url, { width: 1280 });
    await reader.page.goto(link!);
    await reader.page.getByText('Verified!').waitFor();
    await reader.page.waitForURL((url) => url.pathname === '/');
    await reader.page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
    expect(reader.errors).toEqual([]);
    expect(reader.failedRequests).toEqual([]);

    // A link whose code was tampered with is refused.
    await reader.page.goto(`${link!.slice(0, -3)}xyz`);
    await reader.page.getByText('Error verifying!').waitFor();
    await reader.context.close();
  });

  it('counts a won game in the profile stats', async () => {
    const { page } = player;
    await page.goto('/game');
    await page.getByText('Make a Guess').waitFor();
    const words = await solveOnScreen(page);
    points = 100 - 5 * (words.length - 1);
    const profile = await apiAs<Profile>(page, 'GET', `/profile/${username}`);
    expect(profile.data).toMatchObject({ gameCt: 1, winCt: 1, points });
  });

  it('shows the player on the Daily, Weekly and All-Time leaderboards', async () => {
    const { page } = player;
    await page.goto('/leaderboards');
    await page.getByRole('heading', { level: 1, name: 'Daily Leaderboards' }).waitFor();
    // The snapshot is recomputed every 5 s on this server; a reload asks for it again.
    const row = page.getByRole('row').filter({ hasText: username });
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await page.reload();
          // The table shows "Loading..." until the snapshot is in: wait for that to go.
          const table = page.getByRole('table');
          await table.waitFor();
          await table.getByText('Loading...').waitFor({ state: 'detached' });
          return (await row.count()) > 0;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await row.getByRole('cell').last().textContent()).toBe(String(points));
    await page.getByText('Updated every 5 minutes').waitFor();
    await expectAccessible(page, 'leaderboards');

    for (const [tab, title] of [
      ['Weekly', 'Weekly Leaderboards'],
      ['All-Time', 'All-Time Leaderboards'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await row.waitFor();
      expect(await row.getByRole('cell').last().textContent()).toBe(String(points));
    }
    await row.getByRole('cell').last().click();
    await page.waitForURL(`**/profile/${username}`);
    expect(player.errors).toEqual([]);
    expect(player.failedRequests).toEqual([]);
  });
});
