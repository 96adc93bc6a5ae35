import { describe, expect, it } from 'vitest';
import { useChromium } from './support/browser.ts';

describe('how the built client is delivered', () => {
  const chromium = useChromium();

  it('serves compressed, long-cached hashed assets, no source maps, and an icon and manifest', async () => {
    const player = await chromium.player();
    const isScriptAsset = (url: string) => url.includes('/public/assets/') && url.endsWith('.js');
    const assets: Array<{ url: string; encoding?: string; cache?: string; body: string }> = [];
    // Each response is read as it comes; the test awaits every read before it asserts.
    const reads: Promise<void>[] = [];
    player.page.on('response', (response) => {
      if (!isScriptAsset(response.url())) return;
      reads.push(
        (async () => {
          const headers = await response.allHeaders();
          assets.push({
            url: response.url(),
            encoding: headers['content-encoding'],
            cache: headers['cache-control'],
            body: await response.text(),
          });
        })(),
      );
    });
    const page = await player.page.goto('/');
    expect(page?.headers()['cache-control']).toBe('no-cache');
    await player.page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
    // Every script the page asks for (chunks it loads late included) has come, and been read.
    await player.page.waitForLoadState('networkidle');
    await Promise.all(reads);
    const loaded = await player.page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.map((asset) => asset.url).sort()).toEqual(loaded.filter(isScriptAsset).sort());
    for (const asset of assets) {
      // The build leaves files under 1 KB uncompressed (client/vite.config.ts).
      if (asset.body.length >= 1024) expect(asset.encoding, asset.url).toBe('br');
      expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
      expect(asset.body, asset.url).not.toContain('sourceMappingURL');
    }
    const icon = await player.page.locator('link[rel="icon"]').getAttribute('href');
    const manifest = await player.page.locator('link[rel="manifest"]').getAttribute('href');
    expect((await player.page.request.get(icon!)).status()).toBe(200);
    expect((await player.page.request.get(manifest!)).status()).toBe(200);
    expect(player.failedRequests).toEqual([]);
    await player.context.close();
  });

  it("shows the client's own not-found page for a path it does not know", async () => {
    const player = await chromium.player();
    const response = await player.page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await player.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await player.page.getByRole('link', { name: 'Go to Jotto' }).click();
    await player.page.waitForURL('**/home');
    await player.context.close();
  });
});
