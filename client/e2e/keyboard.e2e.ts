import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUsername, registerThroughForm } from './support/actions.ts';
import { useChromium } from './support/browser.ts';

/** Presses Tab (Shift+Tab backwards) until `target` has the focus; fails after `most` presses. */
async function tabTo(page: Page, target: Locator, { back = false, most = 40 } = {}) {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never got the focus`);
}

/** What has the focus: its tag and accessible text, for messages that say where it went. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active) return 'nothing';
    const label = active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : null;
    const name = active.getAttribute('aria-label') ?? label ?? active.textContent?.trim() ?? '';
    return `${active.tagName.toLowerCase()} ${name}`;
  });
}

// Keyboard only (docs/PRODUCT.md, 'Interface'): after a route change the focus is on the new
// page's h1, except where the page puts it itself (the guess input of a game); the alphabet is
// one tab stop, its letters reached with the arrow keys.
describe('the keyboard alone', () => {
  const chromium = useChromium();

  it('moves from page to page with the focus on each new h1, into a game, and over the alphabet', async () => {
    const player = await chromium.player({ width: 360, height: 740 });
    const { page } = player;
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome, guest!' }).waitFor();

    // The sidebar's Rules link.
    await tabTo(page, page.getByRole('button', { name: 'Menu' }));
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await tabTo(page, sidebar.getByRole('link', { name: 'Rules' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/rules');
    await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Rules');

    // Home's Solo, a screen whose list loads after it shows.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Welcome, guest!' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Welcome, guest!');
    await tabTo(page, page.getByRole('button', { name: 'Solo' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/list_solo');
    await expect.poll(() => focused(page)).toBe('h1 Solo games');

    // A new game: the guess input has the focus, not the game's h1.
    await tabTo(page, page.getByRole('button', { name: 'Start New Game' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/game\/\d+$/);
    const input = page.getByRole('textbox', { name: 'Your guess' });
    await input.waitFor();
    await expect.poll(() => focused(page)).toBe('input Your guess');
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Solo game']);

    // 'Guess!', then the alphabet once (at A), then out of it.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Guess!');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button A, not marked');
    await page.keyboard.press('Tab');
    const after = await focused(page);
    expect(after).not.toMatch(/^button [A-Z], /);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('button A, not marked');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('button C, not marked');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('button C, marked bad');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('button Z, not marked');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('button Z, not marked');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    // A row down: as many letters on as the board shows in a row at this width (7 at 360 px).
    expect(await focused(page)).toBe('button H, not marked');
    expect(player.errors).toEqual([]);
    await player.context.close();
  });

  it("reaches the daily's results, keeps its place through the offline banner, and sends a challenge with a time control", async () => {
    const player = await chromium.player({ width: 360, height: 740 });
    const { page, context } = player;
    await page.goto('/daily');
    const input = page.getByRole('textbox', { name: 'Your guess' });
    await input.waitFor();

    // Give up from the keyboard: Options, Give up, and the confirmation's Yes.
    await tabTo(page, page.getByRole('button', { name: 'Options' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Give up' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');

    // The results take the focus until Escape, which leaves it on 'Show results'; 'Play a
    // practice game' is reached on the way.
    const results = page.getByRole('dialog');
    await results.waitFor();
    await expect
      .poll(() => results.evaluate((dialog) => dialog.contains(document.activeElement)))
      .toBe(true);
    await tabTo(page, results.getByRole('button', { name: 'Play a practice game' }));
    // A native modal: Tab goes round its controls and the browser's own (the page reads that as
    // the body), never to the page behind it.
    const focusInside = () =>
      results.evaluate((dialog) =>
        dialog.contains(document.activeElement)
          ? 'inside'
          : document.activeElement === document.body || document.activeElement === null
            ? 'browser'
            : 'behind',
      );
    const visited = new Set<string>();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      visited.add(await focusInside());
    }
    expect(visited.has('behind')).toBe(false);
    expect(visited.has('inside')).toBe(true);
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('button Show results');

    // The offline banner says it without taking the focus or a tab stop.
    await context.setOffline(true);
    await page.getByText('You are offline. Nothing is sent until you are back online.').waitFor();
    expect(await focused(page)).toBe('button Show results');
    await context.setOffline(false);
    await page.getByText('You are offline.', { exact: false }).waitFor({ state: 'detached' });

    // Two accounts: the second challenges the first from the Issue Challenge modal, with a time
    // control picked by the arrow keys; 'Challenge sent!' is a status, with nothing to answer.
    const other = await chromium.player({ width: 1280, height: 800 });
    const [rival, sender] = [newUsername('kb'), newUsername('ks')];
    await registerThroughForm(page, rival);
    await registerThroughForm(other.page, sender);
    await other.page.goto('/challenges');
    await other.page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(other.page, other.page.getByRole('button', { name: 'New Challenge' }));
    await other.page.keyboard.press('Enter');
    const modal = other.page.getByRole('dialog', { name: 'Issue Challenge' });
    await modal.waitFor();
    await other.page.keyboard.type(rival);
    const timeControl = modal.getByRole('combobox', { name: 'Time control' });
    await tabTo(other.page, timeControl);
    const before = await timeControl.inputValue();
    await other.page.keyboard.press('ArrowUp');
    const picked = await timeControl.inputValue();
    expect(picked).not.toBe(before);
    await tabTo(other.page, modal.getByRole('button', { name: 'Challenge', exact: true }));
    await other.page.keyboard.press('Enter');
    await other.page.getByRole('status').getByText('Challenge sent!').waitFor();
    await modal.waitFor({ state: 'hidden' });
    expect(await other.page.getByRole('alertdialog').count()).toBe(0);
    expect(await focused(other.page)).not.toBe('body ');
    expect(player.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await player.context.close();
  });
});
