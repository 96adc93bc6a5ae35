import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { launchChromium, newPlayer, type Player } from './support/browser.ts';
import {
  guessOnScreen,
  newUsername,
  registerThroughForm,
  solveOnScreen,
  startVersusGame,
} from './support/actions.ts';

const CHART = 'Words still possible after each guess';
const HEADING = 'How each guess narrowed it down';

/** The points of one line of the chart in `scope` (mine or the opponent's). */
function points(scope: Locator, kind: 'mine' | 'opponent'): Promise<number> {
  return scope.locator(`[data-series="${kind}"] [data-point]`).count();
}

/** The game page's own analysis section (under the board, outside the overlay). */
function pageAnalysis(page: Page): Locator {
  return page.getByRole('region', { name: HEADING }).filter({
    has: page.getByRole('heading', { level: 2, name: HEADING }),
  });
}

async function giveUp(page: Page) {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
}

describe('post-game analysis in the browser', () => {
  let browser: Browser;
  const baseUrl = inject('jottoUrl');
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a solved solo game shows the chart with one point per guess, and each guess', async () => {
    const guest = await newPlayer(browser, baseUrl, { width: 390, height: 844 });
    const { page } = guest;
    await page.goto('/game');
    await page.getByText('Make a Guess').waitFor();
    // No analysis while the game is on.
    expect(await page.getByRole('heading', { name: HEADING }).count()).toBe(0);
    const words = await solveOnScreen(page);

    const results = page.getByRole('dialog', { name: 'You won!!!' });
    const chart = results.getByRole('img', { name: CHART });
    await chart.waitFor();
    expect(await points(chart, 'mine')).toBe(words.length);
    expect(await points(chart, 'opponent')).toBe(0);
    const table = results.getByRole('table', { name: 'You: guess by guess' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(words.length + 1);
    // The last guess solved it: one word left.
    expect(await rows.last().getByRole('cell').nth(2).textContent()).toBe('1');
    expect(await table.getByText(/cut the most/).count()).toBe(1);
    await expectAccessible(page, 'results with the analysis, light, 390 px');

    // Closed, the overlay leaves the same analysis on the game's page.
    await results.getByRole('button', { name: 'Close' }).click();
    const onPage = pageAnalysis(page);
    await onPage.getByRole('img', { name: CHART }).waitFor();
    expect(await points(onPage, 'mine')).toBe(words.length);
    expect(guest.errors).toEqual([]);
    expect(guest.failedRequests).toEqual([]);
    await guest.context.close();
  });

  it('versus: the analysis, with both lines, comes once both have finished', async () => {
    const names = { alice: newUsername('aa'), bob: newUsername('ab') };
    const alice: Player = await newPlayer(browser, baseUrl, { colorScheme: 'dark' });
    const bob: Player = await newPlayer(browser, baseUrl, { width: 390, height: 844 });
    await registerThroughForm(alice.page, names.alice);
    await registerThroughForm(bob.page, names.bob);
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    await alice.page.goto(`/game/${gameId}`);
    await bob.page.goto(`/game/${gameId}`);
    await alice.page.getByText('Live', { exact: true }).waitFor();
    await bob.page.getByText('Live', { exact: true }).waitFor();

    // Alice guesses twice and gives up; Bob has guessed once and plays on.
    await guessOnScreen(alice.page, 'crane');
    await guessOnScreen(bob.page, 'stone');
    await guessOnScreen(alice.page, 'pious');
    await giveUp(alice.page);
    await alice.page.getByText(`Waiting for ${names.bob}...`).waitFor();

    // The analysis shows the best guesses, which would help Bob: Alice, finished, is told when it
    // comes; Bob, still playing, sees no analysis at all.
    const aliceSection = pageAnalysis(alice.page);
    await aliceSection
      .getByText('The analysis comes with the word, once the game is over for both players.')
      .waitFor();
    expect(await aliceSection.getByRole('img', { name: CHART }).count()).toBe(0);
    expect(await bob.page.getByRole('heading', { name: HEADING }).count()).toBe(0);
    await expectAccessible(alice.page, 'game page waiting for the analysis, dark, 1280 px');

    // Bob gives up too: both lose, and each overlay shows both lines.
    await giveUp(bob.page);
    for (const [player, mine, theirs, opponent] of [
      [alice, 2, 1, names.bob],
      [bob, 1, 2, names.alice],
    ] as const) {
      const results = player.page.getByRole('dialog', { name: 'You lost!!!' });
      const chart = results.getByRole('img', { name: CHART });
      await chart.waitFor();
      await expect.poll(() => points(chart, 'opponent'), { timeout: 10_000 }).toBe(theirs);
      expect(await points(chart, 'mine')).toBe(mine);
      await results.getByRole('table', { name: `${opponent}: guess by guess` }).waitFor();
    }
    // Behind the overlay, Alice's page has her opponent's line now as well.
    await alice.page
      .getByRole('dialog', { name: 'You lost!!!' })
      .getByRole('button', { name: 'Close' })
      .click();
    const aliceChart = aliceSection.getByRole('img', { name: CHART });
    await aliceChart.waitFor();
    expect(await points(aliceChart, 'mine')).toBe(2);
    expect(await points(aliceChart, 'opponent')).toBe(1);
    for (const player of [alice, bob]) {
      expect(player.errors).toEqual([]);
      expect(player.failedRequests).toEqual([]);
      await player.context.close();
    }
  });
});
