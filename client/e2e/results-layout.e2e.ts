import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';
import { apiAs, newUsername, registerThroughForm, startVersusGame } from './support/actions.ts';

const PHONE = { width: 360, height: 740 };

/**
 * Valid guesses, none of them likely the secret (a hit would end the game won, which is fine
 * too): enough of them to make the guess lists long, as a real game's are.
 */
const MISSES = ['spine', 'toast', 'mound', 'pious', 'dream', 'light', 'bread', 'chump', 'fjord'];

/** Plays the misses (stopping if one happens to win), then gives up, through the API. */
async function playAndGiveUp(page: Page, gameId: number): Promise<void> {
  for (const word of MISSES) {
    const answer = await apiAs<{ win?: boolean }>(page, 'GET', `/game/${gameId}/play/${word}`);
    if (answer.win) return;
  }
  await apiAs(page, 'GET', `/game/${gameId}/play/giveup`);
}

/**
 * The results overlay, open by itself on the finished game: its main action is drawn inside
 * the viewport and inside the overlay's own visible part, before anything is scrolled.
 */
async function expectMainActionInView(page: Page, mainAction: string): Promise<void> {
  const overlay = page.getByRole('dialog', { name: /!!!$/ });
  const button = overlay.getByRole('button', { name: mainAction });
  await button.waitFor();
  const box = await button.boundingBox();
  const overlayBox = await overlay.boundingBox();
  if (!box || !overlayBox) throw new Error('the results overlay is not laid out');
  const scrolled = await overlay.evaluate((dialog) => dialog.scrollTop);
  expect(scrolled).toBe(0);
  expect(box.y).toBeGreaterThanOrEqual(overlayBox.y);
  expect(box.y + box.height).toBeLessThanOrEqual(
    Math.min(PHONE.height, overlayBox.y + overlayBox.height),
  );
}

// docs/PRODUCT.md, 'Results overlay': on a phone the main action is in view without scrolling.
describe('the results overlay at 360 × 740', () => {
  const chromium = useChromium();

  it("shows a solo game's 'Play again!' without scrolling", async () => {
    const player = await chromium.player(PHONE);
    const { page } = player;
    await page.goto('/home');
    const { gameId } = await apiAs<{ gameId: number }>(page, 'GET', '/games/new');
    await playAndGiveUp(page, gameId);
    await page.goto(`/game/${gameId}`);
    await expectMainActionInView(page, 'Play again!');
    expect(player.errors).toEqual([]);
    await player.context.close();
  });

  it("shows a versus game's 'Rematch!' without scrolling", async () => {
    const alice = await chromium.player(PHONE);
    const bob = await chromium.player();
    const bobName = newUsername('rb');
    await registerThroughForm(alice.page, newUsername('ra'));
    await registerThroughForm(bob.page, bobName);
    const gameId = await startVersusGame(alice.page, bob.page, bobName);
    await playAndGiveUp(alice.page, gameId);
    await playAndGiveUp(bob.page, gameId);
    await alice.page.goto(`/game/${gameId}`);
    await expectMainActionInView(alice.page, 'Rematch!');
    await alice.context.close();
    await bob.context.close();
  });

  it("shows a daily's 'Play a practice game' without scrolling, under its share text", async () => {
    const guest = await chromium.player(PHONE);
    const { page } = guest;
    await page.goto('/home');
    const { gameId } = await apiAs<{ gameId: number }>(page, 'GET', '/daily');
    await playAndGiveUp(page, gameId);
    await page.goto('/daily');
    await expectMainActionInView(page, 'Play a practice game');
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });
});
