import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';
import {
  gameIdOf,
  logInThroughForm,
  newUsername,
  registerThroughForm,
  solveOnScreen,
} from './support/actions.ts';

describe('solo play in the browser', () => {
  const chromium = useChromium();

  it('a guest starts a game from Home and plays it to a win with match counts alone', async () => {
    const guest = await chromium.player({ width: 390, height: 844 });
    const { page } = guest;
    await page.goto('/home');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome, guest!');
    await page.getByRole('button', { name: 'Solo' }).click();
    await page.waitForURL('**/list_solo');
    await page.getByText('You must be logged in to save games').waitFor();
    await page.getByRole('button', { name: 'Start New Game' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    const firstGame = gameIdOf(page);
    await page.getByText('Make a Guess').waitFor();
    // The guess input has focus when the game opens (docs/PRODUCT.md, 'Interface').
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('guess-input');

    // A guess of the wrong length is refused in the browser with the wrong-length alert.
    await page.getByRole('textbox', { name: 'Your guess' }).fill('abc');
    await page.getByRole('textbox', { name: 'Your guess' }).press('Enter');
    const alert = page.getByRole('alertdialog');
    await alert.getByText('lets do this together.. 1... 2... 3... 4... 5!').waitFor();
    // The alert's answer has focus, and Enter closes it back to the guess input.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
    await page.keyboard.press('Enter');
    await alert.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('guess-input');

    const words = await solveOnScreen(page);
    const results = page.getByRole('dialog', { name: 'You won!!!' });
    await results.waitFor();
    await results.getByText('Good job!').waitFor();
    const finalScore = 100 - 5 * (words.length - 1);
    expect(await results.getByText(/^Score/).textContent()).toContain(String(finalScore));
    await results.getByRole('link', { name: 'Tweet' }).waitFor();
    expect(await results.getByRole('link', { name: 'Tweet' }).getAttribute('href')).toContain(
      encodeURIComponent('Check out this fun game I just played!'),
    );
    // Behind the results, the finished game offers what still makes sense, and no more
    // (docs/PRODUCT.md, 'Game screen').
    await results.getByRole('button', { name: 'Close' }).click();
    await results.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Show results' }).waitFor();
    await page.getByRole('button', { name: 'Play again!' }).waitFor();
    await page.getByRole('img', { name: /^The word was / }).waitFor();
    expect(
      await page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem').count(),
    ).toBe(words.length);
    expect(await page.getByRole('textbox', { name: 'Your guess' }).count()).toBe(0);
    expect(await page.getByRole('toolbar', { name: 'Alphabet' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Options' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset Board' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show results' }).click();
    await results.getByRole('button', { name: 'Play again!' }).click();
    await page.waitForURL(
      (url) => /^\/game\/\d+$/.test(url.pathname) && url.pathname !== `/game/${firstGame}`,
    );
    await page.getByText('Make a Guess').waitFor();
    expect(guest.errors).toEqual([]);
    expect(guest.failedRequests).toEqual([]);
    await guest.context.close();
  });

  it('registers and logs in through the forms', async () => {
    const player = await chromium.player();
    const username = newUsername('reg');
    await registerThroughForm(player.page, username);
    await player.page.getByRole('button', { name: 'Logout' }).click();
    await player.page.waitForURL((url) => url.pathname === '/');
    await logInThroughForm(player.page, username);
    await expect
      .poll(() => player.page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Welcome, ${username}!`);
    expect(player.failedRequests).toEqual([]);
    expect(player.errors).toEqual([]);
    await player.context.close();
  });
});
