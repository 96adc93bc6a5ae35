import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility.ts';
import { gameIdOf, newUsername, registerThroughForm, solveOnScreen } from './support/actions.ts';
import { useTwoPlayers } from './support/two-players.ts';

const waitingPanel = (page: Page) => page.getByRole('dialog', { name: 'Finding an opponent' });

/** The profile's Rating box as the screen shows it: its value and the rated games played. */
async function profileRating(page: Page, username: string) {
  await page.goto(`/profile/${username}`);
  const box = page.getByRole('region', { name: 'Rating' });
  await box.getByText('Rated Games', { exact: true }).waitFor();
  const stats = Object.fromEntries(
    await box.locator('dl > div').evaluateAll((rows) =>
      rows.map((row) => {
        // What is seen: without the words only screen readers get (what a '?' means).
        const value = row.querySelector('dd')?.cloneNode(true) as HTMLElement | undefined;
        value?.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
        return [row.querySelector('dt')?.textContent ?? '', value?.textContent ?? ''];
      }),
    ),
  ) as Record<string, string>;
  return { rating: stats['Rating'] ?? '', games: stats['Rated Games'] ?? '' };
}

describe("'Play now' in two browsers", () => {
  const players = useTwoPlayers('pn');
  const { names } = players;

  it('Cancel by keyboard leaves the queue: the next seeker waits instead of pairing', async () => {
    const { alice, bob } = players;
    await alice.page.goto('/home');
    await bob.page.goto('/home');
    await alice.page.getByRole('button', { name: 'Play now' }).click();
    const panel = waitingPanel(alice.page);
    await panel.waitFor();
    // The focus is on Cancel: Enter presses it.
    await alice.page.keyboard.press('Enter');
    await panel.waitFor({ state: 'hidden' });
    await bob.page.getByRole('button', { name: 'Play now' }).click();
    const bobPanel = waitingPanel(bob.page);
    await bobPanel.waitFor();
    await bob.page.keyboard.press('Escape');
    await bobPanel.waitFor({ state: 'hidden' });
    expect(alice.page.url()).toMatch(/\/home$/);
    expect(bob.page.url()).toMatch(/\/home$/);
  });

  it('pairs the two in one game, which they play out, and both see their ratings change', async () => {
    const { alice, bob } = players;
    // Read, not assumed: a retry of this test starts from the first try's ratings.
    const aliceBefore = await profileRating(alice.page, names.alice);
    const bobBefore = await profileRating(bob.page, names.bob);
    await alice.page.goto('/home');
    await bob.page.goto('/home');

    // Alice waits: the panel, its clock and Cancel.
    await alice.page.getByRole('button', { name: 'Play now' }).click();
    const panel = waitingPanel(alice.page);
    await panel.getByText('Looking for a player near your rating...').waitFor();
    expect(await panel.getByRole('timer').textContent()).toMatch(/^00:0\d$/);
    await expectAccessible(alice.page, "the 'Play now' waiting panel");

    // Bob is paired at once; Alice is taken to the same game by the event, at once.
    await bob.page.getByRole('button', { name: 'Play now' }).click();
    await bob.page.waitForURL(/\/game\/\d+$/);
    const pairedAt = Date.now();
    await alice.page.waitForURL(/\/game\/\d+$/);
    expect(Date.now() - pairedAt).toBeLessThan(2_000);
    expect(gameIdOf(alice.page)).toBe(gameIdOf(bob.page));
    await alice.page.getByRole('heading', { name: `Versus game vs ${names.bob}` }).waitFor();
    await bob.page.getByRole('heading', { name: `Versus game vs ${names.alice}` }).waitFor();

    // Bob gives up; Alice solves it.
    await bob.page.getByRole('button', { name: 'Options' }).click();
    await bob.page.getByRole('button', { name: 'Give up' }).click();
    await bob.page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await bob.page.getByText('Waiting...').first().waitFor();
    await solveOnScreen(alice.page);

    // The results overlay shows each player's rating with the change the game made.
    const aliceResults = alice.page.getByRole('dialog', { name: 'You won!!!' });
    const bobResults = bob.page.getByRole('dialog', { name: 'You lost!!!' });
    const change = (results: typeof aliceResults, name: string) =>
      results
        .getByRole('region', { name: `${name}'s results` })
        .locator('[data-rating-change]')
        .textContent();
    await aliceResults.waitFor();
    await bobResults.waitFor();
    await expect.poll(() => change(aliceResults, names.alice)).toMatch(/^\(\+\d+\)$/);
    await expect.poll(() => change(aliceResults, names.bob)).toMatch(/^\(\u2212\d+\)$/);
    await expect.poll(() => change(bobResults, names.bob)).toMatch(/^\(\u2212\d+\)$/);
    await expect.poll(() => change(bobResults, names.alice)).toMatch(/^\(\+\d+\)$/);

    // And so do their profiles: one rated game more each, the winner up, the loser down.
    const aliceAfter = await profileRating(alice.page, names.alice);
    const bobAfter = await profileRating(bob.page, names.bob);
    expect(Number(aliceAfter.games)).toBe(Number(aliceBefore.games) + 1);
    expect(Number(bobAfter.games)).toBe(Number(bobBefore.games) + 1);
    expect(Number.parseInt(aliceAfter.rating, 10)).toBeGreaterThan(
      Number.parseInt(aliceBefore.rating, 10),
    );
    expect(Number.parseInt(bobAfter.rating, 10)).toBeLessThan(
      Number.parseInt(bobBefore.rating, 10),
    );
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  it('a player whose real-time channel is blocked lands in the game through the 3-second poll', async () => {
    const carol = await players.chromium.player();
    const dave = await players.chromium.player({ width: 360, height: 740 });
    // Everything Socket.IO tries (long-polling and WebSocket) fails, as behind a strict proxy.
    await carol.context.route('**/api/socket.io/**', (route) => route.abort());
    await registerThroughForm(carol.page, newUsername('pnc'));
    await registerThroughForm(dave.page, newUsername('pnd'));

    await carol.page.getByRole('button', { name: 'Play now' }).click();
    await waitingPanel(carol.page).waitFor();
    await dave.page.getByRole('button', { name: 'Play now' }).click();
    await dave.page.waitForURL(/\/game\/\d+$/);
    const pairedAt = Date.now();
    await carol.page.waitForURL(/\/game\/\d+$/, { timeout: 8_000 });
    // Within one polling period (plus the request).
    expect(Date.now() - pairedAt).toBeLessThan(4_500);
    expect(gameIdOf(carol.page)).toBe(gameIdOf(dave.page));
    await carol.context.close();
    await dave.context.close();
  });
});
