import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTwoPlayers } from './support/two-players.ts';
import { startVersusGame } from './support/actions.ts';

/**
 * How long the player waits, offline, with the guess in the input: nothing may be sent in that
 * time nor when the connection comes back (the old client fired the held guess at once then).
 */
const OFFLINE_FOR_MS = 2_000;

/** The banner the page shows while the browser is offline. */
const OFFLINE_BANNER = 'You are offline. Nothing is sent until you are back online.';

/** The requests of guesses the page has sent so far (even those that never left). */
function guessRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/game\/\d+\/play\//.test(path)) sent.push(path);
  });
  return sent;
}

// Offline is said, and a move is sent when the player makes it or not at all (docs/PRODUCT.md,
// 'Offline').
describe('a versus game offline', () => {
  const players = useTwoPlayers('off');
  const { names } = players;

  it('says Offline, keeps the guess in the input unsent, and lets the player send it once back', async () => {
    const { alice, bob } = players;
    const { page, context } = alice;
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    await page.goto(`/game/${gameId}`);
    const scores = page.getByRole('region', { name: 'Scores' });
    await scores.getByText('Live', { exact: true }).waitFor();
    const sent = guessRequests(page);

    // On a phone, scrolled to the end of the game: the banner must still come into view.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await context.setOffline(true);
    // Said the moment it happens, before any guess, under the header, over neither the input
    // nor the letter tiles.
    const banner = page.getByText(OFFLINE_BANNER);
    await banner.waitFor({ timeout: 2_000 });
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(55);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    for (const covered of [
      page.getByRole('form', { name: 'Guess' }),
      page.getByRole('toolbar', { name: 'Alphabet' }),
    ]) {
      const other = (await covered.boundingBox())!;
      expect(other.y >= box.y + box.height - 1 || other.y + other.height <= box.y + 1).toBe(true);
    }
    if (viewport) await page.setViewportSize(viewport);
    await scores.getByText('Offline', { exact: true }).waitFor();
    expect(await scores.getByText('Updating every 3 s').count()).toBe(0);
    const input = page.getByRole('textbox', { name: 'Your guess' });
    await input.fill('crane');
    await input.press('Enter');
    await page.getByText('You are offline: your guess was not sent.').waitFor();
    expect(await input.inputValue()).toBe('crane');
    expect(await page.getByRole('alertdialog').isVisible()).toBe(false);
    await page.waitForTimeout(OFFLINE_FOR_MS);
    expect(sent).toEqual([]);

    await context.setOffline(false);
    await scores.getByText(/^(Live|Updating every 3 s)$/).waitFor();
    await page.getByText(OFFLINE_BANNER).waitFor({ state: 'detached' });
    expect(await page.getByText('You are offline: your guess was not sent.').count()).toBe(0);
    await page.waitForTimeout(OFFLINE_FOR_MS);
    expect(sent).toEqual([]);
    expect(await input.inputValue()).toBe('crane');

    await page.getByRole('button', { name: 'Guess!' }).click();
    const rows = page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(sent).toEqual([`/api/game/${gameId}/play/crane`]);
    await scores.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
  });

  it('stays Offline when an answer that was on its way arrives after the connection dropped', async () => {
    const { alice, bob } = players;
    const { page, context } = alice;
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    // No real-time channel: the game polls its counts every 3 s.
    await page.route('**/api/socket.io/**', (route) => route.abort());
    const held: Route[] = [];
    // By path: the poll asks `?since=` too (for the quick phrases said meanwhile).
    await page.route(
      (url) => url.pathname === `/api/game/${gameId}/counts`,
      (route) => void held.push(route),
    );
    await page.goto(`/game/${gameId}`);
    const scores = page.getByRole('region', { name: 'Scores' });
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.getByText(OFFLINE_BANNER).waitFor({ timeout: 2_000 });
    // The poll sent before the drop gets its answer now (fetched outside the browser).
    const answer = await held[0]!.fetch();
    await held[0]!.fulfill({ response: answer });
    await page.waitForTimeout(4_000);
    expect(await page.getByText(OFFLINE_BANNER).count()).toBe(1);
    expect(await scores.getByText('Offline', { exact: true }).count()).toBe(1);

    await context.setOffline(false);
    await page.getByText(OFFLINE_BANNER).waitFor({ state: 'detached' });
  });
});
