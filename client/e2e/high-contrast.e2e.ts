import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import {
  guessOnScreen,
  newUsername,
  registerThroughForm,
  solveOnScreen,
} from './support/actions.ts';

/** What a letter tile draws besides its colour: its border and its ::after overlay. */
interface MarkShape {
  borderStyle: string;
  overlay: string;
  overlayImage: string;
  overlayRadius: string;
  overlayBorder: string;
}

async function shapeOf(page: Page, label: string): Promise<MarkShape> {
  return page.getByRole('button', { name: label, exact: true }).evaluate((tile) => {
    const own = getComputedStyle(tile);
    const after = getComputedStyle(tile, '::after');
    return {
      borderStyle: own.borderTopStyle,
      overlay: after.content,
      overlayImage: after.backgroundImage,
      overlayRadius: after.borderTopLeftRadius,
      overlayBorder: after.borderTopStyle,
    };
  });
}

const contrastShown = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.contrast);

/** A solo game with a guess made and C marked bad, R maybe and A good. */
async function markedGame(page: Page): Promise<void> {
  await registerThroughForm(page, newUsername('hc'));
  await page.goto('/game');
  await page.getByText('Make a Guess').waitFor();
  await guessOnScreen(page, 'crane');
  const press = async (letter: string, times: number) => {
    for (let time = 0; time < times; time += 1) {
      await page.getByRole('button', { name: new RegExp(`^${letter}, `) }).click();
    }
  };
  await press('C', 1);
  await press('R', 2);
  await press('A', 3);
  await page.getByRole('button', { name: 'A, marked good', exact: true }).waitFor();
}

// docs/PRODUCT.md, 'High contrast': on a device that asks for more contrast the marks carry
// shapes as well as colours and the game screen's text reaches 7:1 (in play, the results and the
// ended game), at both widths and in both colour schemes; back to standard contrast, the shapes
// go and the AA checks still pass.
describe.each([
  { colorScheme: 'light', width: 360 },
  { colorScheme: 'dark', width: 360 },
  { colorScheme: 'light', width: 1280 },
  { colorScheme: 'dark', width: 1280 },
] as const)('high contrast, $colorScheme at $width px', ({ colorScheme, width }) => {
  const chromium = useChromium();

  it('gives each mark a shape and passes the AAA contrast check on the game screen', async () => {
    const player = await chromium.player({ width, height: 800, colorScheme });
    const { page } = player;
    await page.emulateMedia({ contrast: 'more' });
    await markedGame(page);
    expect(await contrastShown(page)).toBe('more');

    const bad = await shapeOf(page, 'C, marked bad');
    expect(bad.borderStyle).toBe('dashed');
    expect(bad.overlayImage).toContain('linear-gradient');
    const maybe = await shapeOf(page, 'R, marked maybe');
    expect(maybe.overlay).toBe('""');
    expect(maybe.overlayBorder).toBe('solid');
    expect(maybe.overlayRadius).not.toBe('0px');
    const good = await shapeOf(page, 'A, marked good');
    expect(good.borderStyle).toBe('double');
    // Three different shapes: no two marks alike but for their colour.
    expect(new Set([bad, maybe, good].map((shape) => JSON.stringify(shape))).size).toBe(3);

    await page.getByRole('button', { name: 'Options' }).click();
    await expectAccessible(page, 'game in high contrast', { enhancedContrast: true });

    // The device goes back to standard contrast: the page follows without a reload.
    await page.emulateMedia({ contrast: 'no-preference' });
    await expect.poll(() => contrastShown(page)).toBe('standard');
    const standard = await shapeOf(page, 'C, marked bad');
    expect(standard.overlay).toBe('none');
    expect(standard.borderStyle).toBe('solid');
    await expectAccessible(page, 'game in standard contrast');

    // And to more again: the end of the game (results, analysis) at 7:1 too.
    await page.emulateMedia({ contrast: 'more' });
    await expect.poll(() => contrastShown(page)).toBe('more');
    await solveOnScreen(page);
    const results = page.getByRole('dialog', { name: 'You won!!!' });
    await results.getByRole('table').first().waitFor();
    await expectAccessible(page, 'results in high contrast', { enhancedContrast: true });
    await results.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Show results' }).waitFor();
    await page.getByRole('main').getByRole('table').first().waitFor();
    await expectAccessible(page, 'ended game in high contrast', { enhancedContrast: true });
    expect(player.errors).toEqual([]);
    await player.context.close();
  });
});

describe('the contrast setting', () => {
  const chromium = useChromium();

  it('overrides the device either way, is kept across a reload, and passes the AAA check', async () => {
    const player = await chromium.player({ width: 360, height: 800 });
    const { page } = player;
    await markedGame(page);
    expect(await contrastShown(page)).toBe('standard');

    const openSetting = async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      return page.getByRole('group', { name: 'Contrast' });
    };
    let setting = await openSetting();
    expect(await setting.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    await setting.getByRole('radio', { name: 'More' }).check();
    expect(await contrastShown(page)).toBe('more');
    await expectAccessible(page, 'menu in high contrast', { enhancedContrast: true });

    await page.reload();
    await page.getByRole('button', { name: 'A, marked good', exact: true }).waitFor();
    expect(await contrastShown(page)).toBe('more');
    expect((await shapeOf(page, 'R, marked maybe')).overlayBorder).toBe('solid');
    setting = await openSetting();
    expect(await setting.getByRole('radio', { name: 'More' }).isChecked()).toBe(true);

    // Standard, on a device that asks for more: the choice wins, and is kept too.
    await page.emulateMedia({ contrast: 'more' });
    await setting.getByRole('radio', { name: 'Standard' }).check();
    expect(await contrastShown(page)).toBe('standard');
    await page.reload();
    await page.getByRole('button', { name: 'A, marked good', exact: true }).waitFor();
    expect(await contrastShown(page)).toBe('standard');
    expect((await shapeOf(page, 'R, marked maybe')).overlay).toBe('none');
    expect(player.errors).toEqual([]);
    await player.context.close();
  });
});
