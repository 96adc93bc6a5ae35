import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';

describe('the landing page in the browser', () => {
  const chromium = useChromium();

  it('has a mobile layout at 390 px and a desktop layout at 1280 px (from 600 px)', async () => {
    const layouts = [];
    for (const width of [390, 1280]) {
      const player = await chromium.player({ width, height: 900 });
      const { page } = player;
      await page.goto('/');
      const hero = page.getByRole('region', { name: 'Jotto' });
      const welcome = page.getByRole('region', { name: 'Welcome, guest!' });
      await welcome.waitFor();
      const badges = page.getByRole('banner').getByRole('list', { name: 'Mobile app' });
      const loginBar = page.getByRole('group', { name: 'Account' });
      layouts.push({
        width,
        hero: (await hero.boundingBox())!,
        welcome: (await welcome.boundingBox())!,
        badges: (await badges.boundingBox())!,
        loginBar: (await loginBar.boundingBox())!,
        smallLogo: await page.getByRole('banner').getByRole('link', { name: 'Jotto' }).isVisible(),
        // Up to 900 px the big logo is only for screen readers (a 1 px box).
        bigLogo:
          ((await page.getByRole('heading', { level: 1, name: 'Jotto' }).boundingBox())?.height ??
            0) > 20,
        bubble: await page.getByText('How many letters match?').isVisible(),
      });
      expect(player.errors).toEqual([]);
      expect(player.failedRequests).toEqual([]);
      await player.context.close();
    }
    const [mobile, desktop] = layouts;
    // Mobile: one column, the menu under the hero; the badges take the bar's second row; the
    // small logo names the game; no bubble.
    expect(mobile!.welcome.y).toBeGreaterThanOrEqual(mobile!.hero.y + mobile!.hero.height);
    expect(mobile!.badges.y).toBeGreaterThan(mobile!.loginBar.y + mobile!.loginBar.height - 1);
    expect(mobile!).toMatchObject({ smallLogo: true, bigLogo: false, bubble: false });
    // Desktop: the hero beside the menu, the bar on one row; above 900 px the big logo, and
    // from 970 px the bubble.
    expect(desktop!.welcome.x).toBeGreaterThanOrEqual(desktop!.hero.x + desktop!.hero.width);
    expect(desktop!.welcome.y).toBeLessThan(desktop!.hero.y + desktop!.hero.height);
    expect(Math.abs(desktop!.badges.y - desktop!.loginBar.y)).toBeLessThan(8);
    expect(desktop!).toMatchObject({ smallLogo: false, bigLogo: true, bubble: true });
  });

  it('toggles the forms, leads to /mobile from the badges, and is accessible', async () => {
    for (const [width, colorScheme] of [
      [360, 'light'],
      [1280, 'dark'],
    ] as const) {
      const player = await chromium.player({ width, height: 800, colorScheme });
      const { page } = player;
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
      expect(await page.getByRole('form').count()).toBe(0);
      await expectAccessible(page, `landing at ${width}`);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByRole('form', { name: 'Register' }).waitFor();
      await expectAccessible(page, `landing with the register form at ${width}`);
      await page
        .getByRole('group', { name: 'Account' })
        .getByRole('button', { name: 'Login' })
        .click();
      await page.getByRole('form', { name: 'Login' }).waitFor();
      expect(await page.getByRole('form', { name: 'Register' }).count()).toBe(0);
      // aria-disabled, not disabled: the player can press it and hear why (Playwright would wait).
      await page.getByRole('button', { name: 'Versus' }).click({ force: true });
      await page
        .getByRole('alertdialog')
        .getByText('You must be logged in to play Versus mode')
        .waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('link', { name: 'Get it on Google Play' }).click();
      await page.waitForURL('**/mobile');
      await page.getByRole('heading', { level: 1, name: 'Mobile' }).waitFor();
      expect(player.errors).toEqual([]);
      expect(player.failedRequests).toEqual([]);
      await player.context.close();
    }
  });
});
