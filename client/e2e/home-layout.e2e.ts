import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';
import { newUsername, registerThroughForm } from './support/actions.ts';

const PHONE = { width: 360, height: 740 };

/** The texts of everything drawn as a primary action (the accent's filled look). */
function primaryActions(page: Page): Promise<string[]> {
  return page
    .locator('#content .button-primary')
    .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
}

/** Where `action` is on the page (scrolled to the top), in CSS pixels. */
async function boxOf(action: Locator) {
  const box = await action.boundingBox();
  if (!box) throw new Error('the main action is not laid out');
  return box;
}

// docs/PRODUCT.md, 'Home': one main action, in the first screen of a phone, the rest grouped
// below it in a quieter look.
describe('Home at 360 × 740', () => {
  const chromium = useChromium();

  it("shows a player 'Play now' as its one main action in the first screen, the e-mail banner and all", async () => {
    const player = await chromium.player(PHONE);
    const { page } = player;
    const name = newUsername('home');
    await registerThroughForm(page, name);
    // A cold load, as from a bookmark.
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${name}!` }).waitFor();
    // A new account's e-mail is not verified yet: the banner comes after the server answers,
    // and must not push the main action down.
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const playNow = page.getByRole('button', { name: 'Play now' });
    const box = await boxOf(playNow);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await primaryActions(page)).toEqual(['Play now']);
    // Every other way to start is still there, grouped under it.
    const more = page.getByRole('group', { name: 'More ways to play' });
    await more.getByRole('link', { name: /^Daily/ }).waitFor();
    expect((await boxOf(more)).y).toBeGreaterThan(box.y);
    expect(player.errors).toEqual([]);
    await player.context.close();
  });

  it("shows a guest today's Daily Jotto as its one main action in the first screen", async () => {
    const guest = await chromium.player(PHONE);
    const { page } = guest;
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome, guest!' }).waitFor();
    const daily = page.locator('#content').getByRole('link', { name: /^Daily/ });
    const box = await boxOf(daily);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await primaryActions(page)).toEqual([await daily.textContent()]);
    // 'Play now' is still offered (greyed out, it says why), among the others.
    await page
      .getByRole('group', { name: 'More ways to play' })
      .getByRole('button', { name: 'Play now' })
      .waitFor();
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });
});
