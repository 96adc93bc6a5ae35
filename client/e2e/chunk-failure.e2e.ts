import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';

// A screen's code is a chunk fetched on first use. When that fetch fails (offline for a moment,
// or a deploy has renamed the chunks since the page was opened) only the part that needed it
// says so: the app does not go blank.
describe('a chunk that fails to load', () => {
  const chromium = useChromium();

  it("the analysis's: the lost game's results and 'Play again!' stay", async () => {
    const guest = await chromium.player({ width: 390, height: 844 });
    const { page } = guest;
    await page.route(/\/assets\/game-analysis-[^/]*\.(js|css)$/, (route) => route.abort());
    await page.goto('/game');
    await page.waitForURL(/\/game\/\d+$/);
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    const results = page.getByRole('dialog', { name: 'You lost!!!' });
    await results.getByText('The analysis could not be loaded.').waitFor();
    expect(await results.getByRole('button', { name: 'Play again!' }).isVisible()).toBe(true);
    expect(await results.getByText('The word was').isVisible()).toBe(true);
    await guest.context.close();
  });

  it("a screen's: the header and menu stay, and the next screen loads", async () => {
    const guest = await chromium.player({ width: 390, height: 844 });
    const { page } = guest;
    await page.route(/\/assets\/leaderboards-page-[^/]*\.(js|css)$/, (route) => route.abort());
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome, guest!' }).waitFor();
    await page.getByRole('button', { name: 'Leaderboards' }).click();
    await page.getByRole('alert').getByText('This page could not be loaded.').waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'guest' }).isVisible()).toBe(
      true,
    );
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Rules' })
      .click();
    await page.waitForURL('**/rules');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('This page could not be loaded.').count()).toBe(0);
    await guest.context.close();
  });
});
