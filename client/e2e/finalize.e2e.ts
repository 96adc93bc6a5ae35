import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalSteamOpenId } from '@jotto/test-support/local-steam-openid';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import { type JottoServer, startJottoServerWithPublicUrl } from './support/jotto-server.ts';
import { newUsername } from './support/actions.ts';

// The Finalize page (docs/PRODUCT.md, 'Finalize page') is the first screen of a first social
// sign-in. Steam needs no credentials, so a stand-in for its OpenID endpoint on loopback signs a
// player in for real: the server checks the assertion with it and sends the browser to /finalize.
describe('the finalize page after a first social sign-in', () => {
  const chromium = useChromium();
  let steam: LocalSteamOpenId;
  let server: JottoServer;
  beforeAll(async () => {
    steam = await LocalSteamOpenId.start();
    // The sign-in's return address is absolute (PUBLIC_URL).
    server = await startJottoServerWithPublicUrl({ STEAM_OPENID_URL: steam.url });
  });
  afterAll(async () => {
    await server?.stop();
    await steam?.close();
  });

  it('is where a guest is sent to sign in first', async () => {
    const { page, context, errors } = await chromium.player({ baseUrl: server.url });
    await page.goto('/finalize');
    await page.getByRole('heading', { level: 1, name: 'Sign in to Jotto' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is designed like the other forms in both schemes, then sends the player home', async () => {
    const player = await chromium.player({ baseUrl: server.url, width: 360, height: 740 });
    const { page } = player;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Steam' }).click();
    await page.waitForURL('**/finalize');
    const heading = page.getByRole('heading', { level: 1, name: 'Pick your username' });
    await heading.waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    const input = page.getByRole('textbox', { name: 'Username' });
    expect(await input.evaluate((element) => (element as HTMLInputElement).labels?.length)).toBe(1);
    await expectAccessible(page, 'finalize, light, 360 px');
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page, 'finalize, dark, 1280 px');

    // Keyboard only: the field, then Enter.
    const name = newUsername('fin');
    await input.focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${name}!` }).waitFor();

    // Nothing to finalize any more: the page sends the player home.
    await page.goto('/finalize');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${name}!` }).waitFor();
    expect(player.errors).toEqual([]);
    await player.context.close();
  });
});
