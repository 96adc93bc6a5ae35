import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { useTwoPlayers } from './support/two-players.ts';
import { guessOnScreen, startVersusGame } from './support/actions.ts';

/** The words of 'Your guesses' as a tab shows them, newest first. */
const listedWords = (page: Page) =>
  page.getByRole('list', { name: 'Your guesses' }).locator('.word').allTextContents();

/** Resolves once the tab lists `word`; answers how long that took from `since`. */
async function listedAfter(page: Page, word: string, since: number): Promise<number> {
  await expect.poll(() => listedWords(page), { timeout: 15_000, interval: 50 }).toContain(word);
  return Date.now() - since;
}

// A player's own moves reach every tab of theirs (docs/PRODUCT.md, 'Real-time channel'):
// two tabs of one browser, one game.
describe('one player, one game, two tabs', () => {
  const players = useTwoPlayers('tab');
  const { names } = players;

  it('a guess in one tab shows in the other within a second, live', async () => {
    const { alice, bob } = players;
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    const tab1 = alice.page;
    const tab2 = await alice.context.newPage();
    await tab1.goto(`/game/${gameId}`);
    await tab2.goto(`/game/${gameId}`);
    for (const tab of [tab1, tab2]) {
      await tab
        .getByRole('region', { name: 'Scores' })
        .getByText('Live', { exact: true })
        .waitFor();
    }

    await guessOnScreen(tab1, 'crane');
    expect(await listedAfter(tab2, 'crane', Date.now())).toBeLessThan(1_000);
    // The other tab's score and count follow too, and its next guess goes on after it.
    expect(
      await tab2
        .getByTestId('me')
        .getByText(/^Guesses:/)
        .textContent(),
    ).toContain('Guesses: 1');
    await guessOnScreen(tab2, 'sloth');
    expect(await listedAfter(tab1, 'sloth', Date.now())).toBeLessThan(1_000);
    expect(await listedWords(tab1)).toEqual(['sloth', 'crane']);
    expect(await listedWords(tab2)).toEqual(['sloth', 'crane']);
    expect(await tab2.getByRole('alertdialog').isVisible()).toBe(false);
    await tab2.close();
  });

  it('with the socket blocked in one tab, within one poll period', async () => {
    const { alice, bob } = players;
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    const tab1 = alice.page;
    const tab2 = await alice.context.newPage();
    // Everything Socket.IO tries in this tab fails, as behind a strict proxy; the other tab's
    // channel is fine.
    await tab2.route('**/socket.io/**', (route) => route.abort());
    await tab1.goto(`/game/${gameId}`);
    await tab2.goto(`/game/${gameId}`);
    await tab1.getByRole('region', { name: 'Scores' }).getByText('Live', { exact: true }).waitFor();
    await tab2.getByRole('region', { name: 'Scores' }).getByText('Updating every 3 s').waitFor();

    await guessOnScreen(tab1, 'crane');
    const took = await listedAfter(tab2, 'crane', Date.now());
    // One polling period, plus the request on a loaded machine (the bound the opponent's poll
    // is held to in versus-game.e2e.ts).
    expect(took).toBeLessThan(POLL_INTERVAL_MS + 3_000);
    console.info(`two tabs, socket blocked: shown after ${took} ms`);

    // The blocked tab guessing the same word is told why, and its list shows the word.
    await tab2.getByRole('textbox', { name: 'Your guess' }).fill('crane');
    await tab2.getByRole('textbox', { name: 'Your guess' }).press('Enter');
    await tab2.getByRole('alertdialog').getByText('Error: You already guessed that word').waitFor();
    expect(await listedWords(tab2)).toEqual(['crane']);
    await tab2.close();
  });
});
