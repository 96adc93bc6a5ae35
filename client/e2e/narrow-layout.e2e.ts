import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';
import {
  apiAs,
  newUsername,
  registerThroughForm,
  solveOnScreen,
  startVersusGame,
} from './support/actions.ts';

/** How far the page reaches past the viewport's right edge (0: no sideways scrolling). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** A 14-character name (the longest allowed) of wide letters, unique to this run. */
function longName(letter: string): string {
  return `${letter.repeat(14)}${newUsername('')}`.slice(-14).replace(/^./, letter);
}

// The client works at 360 px (docs/PRODUCT.md, 'Interface'). These are the places where something
// wider than the screen once pushed the page sideways or out of its card.
describe('at 360 px nothing pushes the page sideways', () => {
  const chromium = useChromium();

  it("the landing's example game stays inside its card", async () => {
    const player = await chromium.player({ width: 360, height: 740 });
    const { page } = player;
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Jotto' });
    const example = hero.getByRole('list', { name: 'An example game' });
    await example.waitFor();
    const inside = await example.evaluate((list) => {
      const card = list.closest('section')!;
      const padding = parseFloat(getComputedStyle(card).paddingRight);
      const rows = Array.from(list.querySelectorAll('li'));
      return Math.max(
        ...rows.map(
          (row) =>
            row.getBoundingClientRect().right - (card.getBoundingClientRect().right - padding),
        ),
      );
    });
    expect(inside).toBeLessThanOrEqual(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    await player.context.close();
  });

  it('the versus list, current and old, with a 14-character opponent', async () => {
    const a = await chromium.player({ width: 360, height: 740 });
    const b = await chromium.player();
    const aName = longName('W');
    const bName = longName('M');
    await registerThroughForm(a.page, aName);
    await registerThroughForm(b.page, bName);
    const gameId = await startVersusGame(a.page, b.page, bName);
    await apiAs(a.page, 'GET', `/game/${gameId}/play/raced`);

    await a.page.goto('/list_versus');
    await a.page.getByRole('link', { name: bName }).waitFor();
    expect(await sidewaysOverflow(a.page)).toBe(0);

    await apiAs(a.page, 'GET', `/game/${gameId}/play/giveup`);
    await apiAs(b.page, 'GET', `/game/${gameId}/play/giveup`);
    await a.page.getByRole('button', { name: 'View old games' }).click();
    await a.page.getByRole('columnheader', { name: 'Target' }).waitFor();
    await a.page.getByRole('link', { name: bName }).waitFor();
    expect(await sidewaysOverflow(a.page)).toBe(0);

    // The finished game and its results, with both long names.
    await a.page.getByRole('link', { name: bName }).click();
    await a.page.getByRole('dialog', { name: 'You lost!!!' }).waitFor();
    expect(await sidewaysOverflow(a.page)).toBe(0);

    expect(a.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

describe('at 320 px the charts keep to the page', () => {
  const chromium = useChromium();

  // A chart's numbers are also a table for screen readers, hidden; a hidden table is still as
  // wide as its columns, and once pushed a narrow page sideways.
  it("a solved game's analysis, in the results and on the page", async () => {
    const player = await chromium.player({ width: 320, height: 700 });
    const { page } = player;
    await page.goto('/game');
    await page.getByText('Make a Guess').waitFor();
    await solveOnScreen(page);
    const results = page.getByRole('dialog', { name: 'You won!!!' });
    await results.getByRole('img', { name: 'Words still possible after each guess' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await results.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('table', { name: 'Words still possible after each guess' })
      .waitFor({ state: 'attached' });
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(player.errors).toEqual([]);
    await player.context.close();
  });
});

describe("a guest's game note keeps each link's words together", () => {
  const chromium = useChromium();

  it.each([360, 1280])('at %i px', async (width) => {
    const player = await chromium.player({ width, height: 800 });
    const { page } = player;
    await page.goto('/game');
    const note = page.getByText('As a guest, this game is kept for 24 hours.');
    await note.waitFor();
    // 'log in' broke between its two words in the 1280 px layout's game column.
    const linesPerLink = await note
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getClientRects().length));
    expect(linesPerLink).toEqual([1, 1]);
    await player.context.close();
  });
});
