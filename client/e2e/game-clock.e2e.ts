import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  gameIdOf,
  guessOnScreen,
  newUsername,
  registerThroughForm,
  solveOnScreen,
} from './support/actions.ts';
import { type Player, useChromium } from './support/browser.ts';
import { type JottoServer, startJottoServer } from './support/jotto-server.ts';

/**
 * A Play now game of 30 seconds: time enough for both to start (the abort window is a quarter of
 * it) and for one to solve it, short enough to let the other's clock run out in a test.
 */
const TIME_CONTROL = '30s';

const clockOf = (page: Page): Locator =>
  page.getByRole('region', { name: 'Scores' }).getByRole('timer');

/** The seconds a live clock shows (`0:27` → 27). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await clockOf(page).textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  if (minutes === undefined || seconds === undefined) throw new Error(`not a clock: ${text}`);
  return minutes * 60 + seconds;
}

describe('the game clock in two browsers', () => {
  const chromium = useChromium();
  let server: JottoServer;
  let alice: Player;
  let bob: Player;
  const names = { alice: newUsername('gca'), bob: newUsername('gcb') };

  beforeAll(async () => {
    server = await startJottoServer({ PLAY_NOW_TIME_CONTROL: TIME_CONTROL });
    alice = await chromium.player({ baseUrl: server.url });
    bob = await chromium.player({ baseUrl: server.url, width: 360, height: 740 });
    await registerThroughForm(alice.page, names.alice);
    await registerThroughForm(bob.page, names.bob);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('runs on both screens; the one who lets it run out loses, and both see the result', async () => {
    await alice.page.getByRole('button', { name: 'Play now' }).click();
    await alice.page.getByRole('dialog', { name: 'Finding an opponent' }).waitFor();
    await bob.page.getByRole('button', { name: 'Play now' }).click();
    await bob.page.waitForURL(/\/game\/\d+$/);
    await alice.page.waitForURL(/\/game\/\d+$/);
    expect(gameIdOf(alice.page)).toBe(gameIdOf(bob.page));

    // One clock, the same on both screens, counting down.
    for (const page of [alice.page, bob.page]) {
      await clockOf(page).waitFor();
      await page.getByText('· 30 seconds game').waitFor();
    }
    const aliceAt = await secondsLeft(alice.page);
    expect(aliceAt).toBeLessThanOrEqual(30);
    expect(Math.abs(aliceAt - (await secondsLeft(bob.page)))).toBeLessThanOrEqual(1);
    await expect.poll(() => secondsLeft(alice.page)).toBeLessThan(aliceAt);
    await expect.poll(() => secondsLeft(bob.page)).toBeLessThan(aliceAt);

    // Both start (a player who does not would abort the game); Bob solves it, Alice stops.
    await guessOnScreen(alice.page, 'plumb');
    await solveOnScreen(bob.page);
    await bob.page.getByText(`Waiting for ${names.alice}...`).waitFor();
    // Bob waits with the clock still running: the word is not his before the game is settled.
    await clockOf(bob.page).waitFor();
    expect(await bob.page.getByRole('img', { name: /The word was/ }).count()).toBe(0);

    // The server ends Alice's game at the deadline; both screens show it without a reload.
    const aliceResults = alice.page.getByRole('dialog', { name: 'You lost!!!' });
    const bobResults = bob.page.getByRole('dialog', { name: 'You won!!!' });
    await aliceResults.waitFor({ timeout: 45_000 });
    await bobResults.waitFor({ timeout: 10_000 });
    await aliceResults
      .getByRole('region', { name: `${names.alice}'s results` })
      .getByText('out of time')
      .waitFor();
    await bobResults
      .getByRole('region', { name: `${names.alice}'s results` })
      .getByText('out of time')
      .waitFor();
    await aliceResults.getByRole('img', { name: /^The word was [A-Z]{5}$/ }).waitFor();
    await bobResults.getByRole('img', { name: /^The word was [A-Z]{5}$/ }).waitFor();
    expect(await clockOf(alice.page).count()).toBe(0);
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
