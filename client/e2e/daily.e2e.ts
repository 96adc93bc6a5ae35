import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import { apiAs, newUsername, registerThroughForm, solveOnScreen } from './support/actions.ts';

interface DailyGame {
  gameId: number;
  day: string;
  number: number;
}

/**
 * What a finished daily's share text must look like: numbers and marks (the skill too, once it
 * has come), then the link.
 */
const SHARE_TEXT = (origin: string) =>
  new RegExp(
    `^Jotto #\\d+ · solved in \\d+ · \\d+ pts · Skill \\d+\\n(\\d )*✓\\n${origin.replace(/[.:/]/g, '\\$&')}/daily$`,
  );

/** Closes the results overlay that opens by itself at the end, to see the page under it. */
async function closeResults(page: Page) {
  const results = page.getByRole('dialog', { name: 'You won!!!' });
  await results.waitFor();
  await page.keyboard.press('Escape');
  await results.waitFor({ state: 'hidden' });
}

describe('Daily Jotto in the browser', () => {
  const chromium = useChromium();
  const origin = inject('jottoUrl');
  const number = dailyNumberOf(dailyDayOf(new Date()));

  it('a guest opens /daily, solves it, copies the share text and sees the countdown', async () => {
    const guest = await chromium.player({ width: 390, height: 844 });
    const { page, context } = guest;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.goto('/daily');
    await page.getByRole('heading', { level: 1, name: `Daily Jotto #${number}` }).waitFor();
    await page.getByText('Make a Guess').waitFor();
    // The same game on a second visit (the guest session made on the first holds it).
    const firstGame = await apiAs<DailyGame>(page, 'GET', '/daily');
    await page.reload();
    await page.getByText('Make a Guess').waitFor();
    const again = await apiAs<DailyGame>(page, 'GET', '/daily');
    expect(again).toEqual(firstGame);

    const words = await solveOnScreen(page);
    // The overlay opens on the share text and the countdown, and offers a practice game; it
    // shares the result, not the app.
    const overlay = page.getByRole('dialog', { name: 'You won!!!' });
    const summary = overlay.getByRole('region', {
      name: `Daily Jotto #${number}: solved in ${words.length}`,
    });
    // The skill comes before the word is revealed, from the player's own counts.
    await summary.getByLabel('Your skill and luck').waitFor();
    expect(await summary.getByLabel('Share text').textContent()).toMatch(SHARE_TEXT(origin));
    await summary.getByRole('timer').waitFor();
    await overlay.getByRole('button', { name: 'Play a practice game' }).waitFor();
    expect(await overlay.getByRole('link', { name: 'Tweet' }).count()).toBe(0);
    expect(await overlay.getByRole('link', { name: 'Share on Facebook' }).count()).toBe(0);
    await closeResults(page);
    const result = page.getByRole('region', {
      name: `Daily Jotto #${number}: solved in ${words.length}`,
    });
    await result.waitFor();
    await result.getByRole('button', { name: 'Share' }).click();
    await result.getByText('Copied! Paste it anywhere.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(SHARE_TEXT(origin));
    expect(copied).toContain(`solved in ${words.length} · ${100 - 5 * (words.length - 1)} pts`);
    // Spoiler-free: none of the words played (the last is the secret) is in it.
    const [head = '', marks = ''] = copied.split('\n');
    const tokens = `${head} ${marks}`.toLowerCase().split(/[^a-z]+/);
    for (const word of words) expect(tokens).not.toContain(word);
    expect(await result.getByLabel('Share text').textContent()).toBe(copied);

    // The countdown to 00:00 UTC ticks.
    const timer = result.getByRole('timer');
    const before = await timer.textContent();
    expect(before).toMatch(/^\d{1,2}:\d{2}:\d{2}$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(before);
    await result.getByText(/your time \(00:00 UTC\)/).waitFor();
    // A guest has no streak to see, but the way to one.
    await result.getByRole('link', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'finished daily, guest');
    expect(guest.errors).toEqual([]);
    expect(guest.failedRequests).toEqual([]);
    await context.close();
  });

  it('a signed-in player comes from Home, solves it, and sees the streak and the leaders', async () => {
    const player = await chromium.player();
    const { page, context } = player;
    const username = newUsername('day');
    await registerThroughForm(page, username);
    await page.getByRole('link', { name: new RegExp(`^Daily Jotto #${number}:`) }).click();
    await page.waitForURL('**/daily');
    const words = await solveOnScreen(page);
    await closeResults(page);
    const result = page.getByRole('region', {
      name: `Daily Jotto #${number}: solved in ${words.length}`,
    });
    const stat = (name: string) =>
      result
        .locator('dl div')
        .filter({ has: page.getByText(name, { exact: true }) })
        .locator('dd');
    await expect.poll(() => stat('Current streak').textContent()).toBe('1');
    expect(await stat('Max streak').textContent()).toBe('1');
    expect(await stat('Played').textContent()).toBe('1');
    expect(await stat('Solved').textContent()).toBe('100%');
    const chart = result.getByRole('img', { name: 'Guesses per solved daily' });
    expect(await chart.locator('desc').textContent()).toBe(
      `1 solved: 1 in ${words.length}. Today in ${words.length}.`,
    );
    await expectAccessible(page, 'finished daily, signed in');

    // The day's board under the game: everyone's, and the player's own solve on the Friends tab.
    const board = page.getByRole('region', { name: 'Today’s solvers' });
    await board.getByRole('link', { name: username }).waitFor({ timeout: 5_000 });
    await board.getByRole('tab', { name: 'Friends' }).click();
    await board
      .getByRole('tabpanel', { name: 'Friends' })
      .getByRole('link', { name: username })
      .waitFor({ timeout: 5_000 });
    await expectAccessible(page, 'daily board, friends');

    // Today's solvers list the player at once: the solve made the board outdated.
    await page.goto('/leaderboards');
    await page.getByRole('tab', { name: 'Today’s solvers' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Today’s solvers' });
    await panel.getByText('Updated every few seconds').waitFor();
    await panel.getByRole('link', { name: username }).waitFor({ timeout: 5_000 });
    await expectAccessible(page, "leaderboards, today's solvers");
    expect(player.errors).toEqual([]);
    expect(player.failedRequests).toEqual([]);
    await context.close();
  });
});
