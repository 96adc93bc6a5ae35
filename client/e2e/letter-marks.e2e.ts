import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './support/browser.ts';
import { apiAs, gameIdOf, newUsername, registerThroughForm } from './support/actions.ts';

/** Every letter's mark as the alphabet shows it, e.g. `A, marked good` (letters unmarked left out). */
async function shownMarks(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('toolbar', { name: 'Alphabet' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.filter((label) => !label.endsWith('not marked'));
}

// A signed-in player's marks are the server's (docs/PRODUCT.md, 'Alphabet marks'): however
// quickly the letters are pressed, the screen ends on the marks the presses make, and a reload
// shows exactly those.
describe('letter marks of a signed-in game', () => {
  const chromium = useChromium();

  it('keeps quick presses in order: the screen and a reload show the cycle of every press', async () => {
    const player = await chromium.player();
    const { page } = player;
    await registerThroughForm(page, newUsername('marks'));
    await page.getByRole('button', { name: 'Solo' }).click();
    await page.waitForURL('**/list_solo');
    await page.getByRole('button', { name: 'Start New Game' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    const gameId = gameIdOf(page);
    await page.getByText('Make a Guess').waitFor();

    // The saves on their way, so that the test reads the screen once they are all answered.
    let saving = 0;
    const isSave = (url: string) => url.endsWith(`/game/${gameId}/update`);
    page.on('request', (request) => {
      if (isSave(request.url())) saving += 1;
    });
    const answered = (url: string) => {
      if (isSave(url)) saving -= 1;
    };
    page.on('requestfinished', (request) => answered(request.url()));
    page.on('requestfailed', (request) => answered(request.url()));

    // none → bad → maybe → good → none: 3 presses make good, 2 maybe, 5 bad, 4 none again.
    await page.getByRole('button', { name: 'A, not marked' }).focus();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    for (let press = 0; press < 2; press += 1) await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // Every save answered (and any event that follows them heard), the screen shows the cycle.
    await expect.poll(() => saving, { timeout: 15_000 }).toBe(0);
    await page.waitForTimeout(1_000);
    const expected = ['A, marked good', 'B, marked maybe', 'C, marked bad'];
    const before = await shownMarks(page);
    expect(before).toEqual(expected);

    await page.reload();
    await page.getByText('Make a Guess').waitFor();
    await expect.poll(() => shownMarks(page)).toEqual(before);
    const saved = await apiAs<{ alphabet: Record<string, string> }>(
      page,
      'GET',
      `/games/${gameId}`,
    );
    expect(saved.alphabet).toEqual({ a: 'good', b: 'maybe', c: 'bad' });
    expect(player.errors).toEqual([]);
    expect(player.failedRequests).toEqual([]);
    await player.context.close();
  });
});
