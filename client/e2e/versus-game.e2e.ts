import { describe, expect, it } from 'vitest';
import { useTwoPlayers } from './support/two-players.ts';
import { gameIdOf, guessOnScreen, opponentGuesses, startVersusGame } from './support/actions.ts';

describe('versus play in two browsers', () => {
  const players = useTwoPlayers('v');
  const { names } = players;

  it("shows B's guesses on A's screen live, without a reload", async () => {
    const { alice, bob } = players;
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    await alice.page.goto(`/game/${gameId}`);
    await bob.page.goto(`/game/${gameId}`);
    await alice.page.getByText('Live', { exact: true }).waitFor();
    await alice.page.getByTestId('opponent').getByText(names.bob).waitFor();
    expect(await opponentGuesses(alice.page)).toBe(0);

    await guessOnScreen(bob.page, 'crane');
    await expect.poll(() => opponentGuesses(alice.page), { timeout: 2_000 }).toBe(1);
    await guessOnScreen(bob.page, 'pious');
    await expect.poll(() => opponentGuesses(alice.page), { timeout: 2_000 }).toBe(2);
    // The board was not reloaded: the same document got the events.
    expect(await alice.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      1,
    );
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  it("with A's WebSocket blocked, B's guesses arrive through the 3-second poll", async () => {
    const { alice, bob } = players;
    const blocked = await players.chromium.player();
    // Everything Socket.IO tries (long-polling and WebSocket) fails, as behind a strict proxy.
    await blocked.context.route('**/api/socket.io/**', (route) => route.abort());
    await blocked.page.goto('/');
    await blocked.context.addCookies(await alice.context.cookies());
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    await blocked.page.goto(`/game/${gameId}`);
    await bob.page.goto(`/game/${gameId}`);
    await blocked.page.getByText('Updating every 3 s').waitFor();

    await guessOnScreen(bob.page, 'stone');
    const started = Date.now();
    await expect.poll(() => opponentGuesses(blocked.page), { timeout: 8_000 }).toBe(1);
    // Within one polling period (plus the request), never instantly by accident of a socket.
    expect(Date.now() - started).toBeLessThan(6_000);
    await blocked.context.close();
  });

  it('ends with both results, and a rematch from the overlay reaches the other browser', async () => {
    const { alice, bob } = players;
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    await alice.page.goto(`/game/${gameId}`);
    await bob.page.goto(`/game/${gameId}`);
    await alice.page.getByText('Live', { exact: true }).waitFor();
    await bob.page.getByText('Live', { exact: true }).waitFor();

    await guessOnScreen(bob.page, 'crane');
    // Bob gives up: Options, Give up, and the confirmation.
    await bob.page.getByRole('button', { name: 'Options' }).click();
    await bob.page.getByRole('button', { name: 'Give up' }).click();
    await bob.page.getByRole('alertdialog').getByText('Are you sure?').waitFor();
    await bob.page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    // Bob is done, Alice is not: Bob waits.
    await bob.page.getByText('Waiting...').first().waitFor();
    await expect.poll(() => alice.page.getByTestId('opponent').textContent()).toContain('gave up');

    await guessOnScreen(alice.page, 'pious');
    await alice.page.getByRole('button', { name: 'Options' }).click();
    await alice.page.getByRole('button', { name: 'Give up' }).click();
    await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();

    // Both forfeited: both lose (a forfeit is a loss). Each sees both lists.
    const aliceResults = alice.page.getByRole('dialog', { name: 'You lost!!!' });
    const bobResults = bob.page.getByRole('dialog', { name: 'You lost!!!' });
    await aliceResults.waitFor();
    await bobResults.waitFor();
    await aliceResults
      .getByRole('region', { name: `${names.bob}'s results` })
      .getByText('crane')
      .waitFor();
    await bobResults
      .getByRole('region', { name: `${names.alice}'s results` })
      .getByText('pious')
      .waitFor();

    // Behind the results: no input, alphabet or Options once the game is over.
    for (const page of [alice.page, bob.page]) {
      expect(await page.locator('#guess-input').count()).toBe(0);
      expect(await page.locator('[role="toolbar"][aria-label="Alphabet"]').count()).toBe(0);
      expect(await page.locator('[aria-controls="game-options"]').count()).toBe(0);
    }

    await aliceResults.getByRole('button', { name: 'Rematch!' }).click();
    await aliceResults.getByRole('button', { name: 'Challenge Sent!' }).waitFor();
    await bobResults.getByText(`${names.alice} wants a rematch!`).waitFor();
    await bobResults.getByRole('button', { name: 'Accept Rematch' }).click();
    await bob.page.waitForURL((url) => url.pathname !== `/game/${gameId}`);
    await alice.page.waitForURL((url) => url.pathname !== `/game/${gameId}`);
    expect(gameIdOf(alice.page)).toBe(gameIdOf(bob.page));
    await alice.page.getByText('Make a Guess').waitFor();
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
