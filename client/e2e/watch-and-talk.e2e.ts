import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import {
  guessOnScreen,
  newUsername,
  registerThroughForm,
  startVersusGame,
} from './support/actions.ts';
import type { Player } from './support/browser.ts';
import { useTwoPlayers } from './support/two-players.ts';

/** A player's 'Guesses: N' in the spectator's scores box. */
async function guessesSeenBySpectator(page: Page, username: string): Promise<number> {
  const text = await page
    .getByTestId(`player-${username}`)
    .getByText(/^Guesses:/)
    .textContent();
  return Number(/Guesses:\s*(\d+)/.exec(text ?? '')?.[1] ?? NaN);
}

/** Options, Give up, Yes: the player's game ends. */
async function giveUp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
}

describe('watch and talk in three browsers', () => {
  const players = useTwoPlayers('w');
  const { names } = players;

  it('two play, one watches from /watch, a phrase reaches both others, the spectator sees both boards at the end', async () => {
    const { alice, bob } = players;
    const carolName = newUsername('wc');
    const carol: Player = await players.chromium.player({ width: 360, height: 780 });
    await registerThroughForm(carol.page, carolName);

    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    await alice.page.goto(`/game/${gameId}`);
    await bob.page.goto(`/game/${gameId}`);
    await alice.page.getByText('Live', { exact: true }).waitFor();
    await bob.page.getByText('Live', { exact: true }).waitFor();

    // Carol finds the game on the Watch page and opens it.
    await carol.page.goto('/watch');
    const watchLink = carol.page.getByRole('link', {
      name: new RegExp(`^Watch .*${names.alice}`),
    });
    await watchLink.waitFor();
    await watchLink.click();
    await carol.page.waitForURL(`**/watch/${gameId}`);
    await carol.page.getByRole('region', { name: 'Scores' }).getByText('Live').waitFor();
    // The players see her.
    await alice.page.getByText('1 watching').waitFor();
    await bob.page.getByText('1 watching').waitFor();

    // Bob's guess reaches Carol live, as a count: never the word before the game is over.
    await guessOnScreen(bob.page, 'crane');
    await expect
      .poll(() => guessesSeenBySpectator(carol.page, names.bob), { timeout: 2_000 })
      .toBe(1);
    expect(await carol.page.getByText(/crane/i).count()).toBe(0);

    // Alice says 'Good luck!': Bob sees the bubble, Carol the line.
    await alice.page.getByRole('button', { name: 'Say…' }).click();
    await alice.page
      .getByRole('group', { name: 'Quick phrases' })
      .getByRole('button', { name: 'Good luck!' })
      .click();
    await bob.page.getByText('Good luck!').first().waitFor();
    await carol.page
      .getByRole('region', { name: 'Said' })
      .getByText(`${names.alice}: Good luck!`)
      .waitFor();

    // Both give up: the game is settled, and Carol sees the word and both boards.
    await guessOnScreen(alice.page, 'pious');
    await giveUp(bob.page);
    await giveUp(alice.page);
    await carol.page
      .getByRole('img', { name: /^The word was [A-Z]{5}$/ })
      .waitFor({ timeout: 8_000 });
    await carol.page.getByRole('region', { name: names.alice }).getByText('pious').waitFor();
    await carol.page.getByRole('region', { name: names.bob }).getByText('crane').waitFor();
    await expectAccessible(carol.page, 'the spectator view of a settled game');

    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
    await carol.context.close();
  });
});
