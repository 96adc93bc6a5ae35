import { describe, expect, it } from 'vitest';
import { addDays, dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import { solveOnScreen } from './support/actions.ts';

// The archive (docs/PRODUCT.md, 'Archive'): yesterday's word, played from the calendar to the
// end, on the server's real clock (the first daily was two days before this test was written,
// so yesterday always has one).
describe('the Daily Jotto archive in the browser', () => {
  const chromium = useChromium();
  const yesterday = addDays(dailyDayOf(new Date()), -1);
  const number = dailyNumberOf(yesterday);

  it('a guest opens the Archive tab, plays yesterday from the calendar and solves it', async () => {
    const { page } = await chromium.player({ width: 390, height: 844 });
    await page.goto('/daily');
    await page
      .getByRole('navigation', { name: 'Daily Jotto' })
      .getByRole('link', { name: 'Archive' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Daily Jotto archive' }).waitFor();
    const day = page.getByRole('button', {
      name: new RegExp(`^Play Daily Jotto #${number}, .*: not played$`),
    });
    await day.waitFor();
    await expectAccessible(page, 'daily archive calendar');
    await day.click();

    await page
      .getByRole('heading', { level: 1, name: `Daily Jotto #${number} · archive` })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/daily/${yesterday}`);
    const words = await solveOnScreen(page);
    const overlay = page.getByRole('dialog', { name: 'You won!!!' });
    await overlay
      .getByRole('region', { name: `Daily Jotto #${number}: solved in ${words.length}` })
      .getByText('From the archive: it earns no points and does not count for your streak.')
      .waitFor();
    // The word is shown: its day is over.
    await overlay
      .getByLabel(`The word was ${words.at(-1)!.toUpperCase()}`)
      .first()
      .waitFor();
    expect(await overlay.getByRole('button', { name: 'Share' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });

    // Back on the calendar, the day is solved.
    await page.getByRole('link', { name: 'Back to the archive' }).click();
    await page
      .getByRole('button', {
        name: new RegExp(`^View Daily Jotto #${number}, .*: solved in ${words.length} guess`),
      })
      .waitFor();
  });
});
