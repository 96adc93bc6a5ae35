import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';
import { gameIdOf, newUsername } from './support/actions.ts';

/**
 * How long to keep watching after the first answer for a second request or an alert that must
 * NOT come: a second click's request leaves within milliseconds of the first, and its answer
 * arrives over loopback just as fast; 1 s leaves a wide margin on a loaded machine.
 */
const NOTHING_MORE_WITHIN_MS = 1_000;

/** Counts the requests the page sends whose path matches. */
function countRequests(page: Page, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

const alertShown = (page: Page) => page.getByRole('alertdialog').isVisible();

// Every control that changes state sends one request for a double click (docs/PRODUCT.md,
// 'Interface'): the second click of a double click came before the first request's busy state
// was drawn, and was sent too.
describe('a double click sends one request', () => {
  const chromium = useChromium();

  it('on Sign Up: one account, /home, and no alert', async () => {
    const player = await chromium.player();
    const { page } = player;
    const registrations = countRequests(page, /^\/api\/register$/);
    const username = newUsername('dbl');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('secret1');
    await form.getByLabel('Confirm password').fill('secret1');
    await form.getByRole('button', { name: 'Sign Up' }).dblclick();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${username}!` }).waitFor();
    await page.waitForTimeout(NOTHING_MORE_WITHIN_MS);
    expect(registrations()).toBe(1);
    expect(await alertShown(page)).toBe(false);
    expect(player.failedRequests).toEqual([]);
    expect(player.errors).toEqual([]);
    await player.context.close();
  });

  it('on Guess!: one guess, and no alert', async () => {
    const guest = await chromium.player({ width: 360, height: 780 });
    const { page } = guest;
    const guesses = countRequests(page, /^\/api\/game\/\d+\/play\//);
    await page.goto('/game');
    await page.waitForURL(/\/game\/\d+$/);
    await page.getByText('Make a Guess').waitFor();
    await page.getByRole('textbox', { name: 'Your guess' }).fill('crane');
    await page.getByRole('button', { name: 'Guess!' }).dblclick();
    const rows = page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(NOTHING_MORE_WITHIN_MS);
    expect(guesses()).toBe(1);
    expect(await rows.count()).toBe(1);
    expect(await alertShown(page)).toBe(false);
    expect(guest.failedRequests).toEqual([]);
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });

  it('on Play again!: one new game', async () => {
    const guest = await chromium.player({ width: 360, height: 780 });
    const { page } = guest;
    await page.goto('/game');
    await page.waitForURL(/\/game\/\d+$/);
    const first = gameIdOf(page);
    const newGames = countRequests(page, /^\/api\/games\/new$/);
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    const results = page.getByRole('dialog', { name: 'You lost!!!' });
    await results.getByRole('button', { name: 'Play again!' }).dblclick();
    await page.waitForURL(
      (url) => /^\/game\/\d+$/.test(url.pathname) && url.pathname !== `/game/${first}`,
    );
    await page.getByText('Make a Guess').waitFor();
    await page.waitForTimeout(NOTHING_MORE_WITHIN_MS);
    expect(newGames()).toBe(1);
    expect(guest.failedRequests).toEqual([]);
    await guest.context.close();
  });
});
