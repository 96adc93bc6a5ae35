import { describe, expect, it } from 'vitest';
import { countMatches } from '@jotto/shared/game-rules';
import { SECRET_WORDS } from '@jotto/shared/word-lists';
import { useChromium } from './support/browser.ts';
import { guessOnScreen, newUsername, registerThroughForm } from './support/actions.ts';

describe('hard mode in the browser', () => {
  const chromium = useChromium();

  it('a guest turns it on in Settings, and a guess that does not fit is refused with why', async () => {
    const guest = await chromium.player({ width: 390, height: 844 });
    const { page } = guest;
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome, guest!' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL('**/settings');
    await page.getByText(/^Saved in this browser\./).waitFor();
    const toggle = page.getByRole('switch', { name: 'Hard mode' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.press('Space');
    expect(await toggle.isChecked()).toBe(true);

    // A new game is hard, and says so.
    await page.goto('/game');
    await page.waitForURL(/\/game\/\d+$/);
    await page.getByText('Make a Guess').waitFor();
    await page.getByRole('region', { name: 'Score' }).getByText('Hard mode').waitFor();

    // Any first guess is fine (none came before it); the secret may be it: then nothing to
    // refuse, and the test says so rather than pass quietly.
    const first = 'crane';
    const count = await guessOnScreen(page, first);
    expect(count, 'the secret was the first guess').not.toBeNull();
    const misfit = SECRET_WORDS.find(
      (word) => word !== first && countMatches(word, first) !== count,
    )!;
    await page.getByRole('textbox', { name: 'Your guess' }).fill(misfit);
    await page.getByRole('textbox', { name: 'Your guess' }).press('Enter');
    const alert = page.getByRole('alertdialog');
    await alert
      .getByText(
        `Error: Hard mode: ${misfit.toUpperCase()} does not fit ${first.toUpperCase()} (${count})`,
      )
      .waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    // Refused: nothing changed on the board.
    expect(
      await page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem').count(),
    ).toBe(1);
    await page.getByRole('region', { name: 'Score' }).getByText('95').waitFor();
    // The refusal is the one failed request (the browser logs its status as a console error).
    expect(guest.failedRequests).toEqual([expect.stringMatching(/^400 GET .*\/play\//)]);
    expect(guest.errors).toEqual([expect.stringContaining('400')]);
    await guest.context.close();
  });

  it('a signed-in player’s setting is saved to the account and makes the daily hard', async () => {
    const player = await chromium.player();
    const { page } = player;
    await registerThroughForm(page, newUsername('hm'));
    await page.goto('/settings');
    await page.getByText(/^Saved to your account\./).waitFor();
    const toggle = page.getByRole('switch', { name: 'Hard mode' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/user/settings') && response.request().method() === 'POST',
    );
    await toggle.click();
    expect((await saved).status()).toBe(200);
    // Kept on the account: a fresh load shows it from the server.
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Hard mode' }).isChecked()).toBe(true);
    await page.goto('/daily');
    await page.getByRole('textbox', { name: 'Your guess' }).waitFor();
    await page.getByRole('region', { name: 'Score' }).getByText('Hard mode').waitFor();
    expect(player.errors).toEqual([]);
    expect(player.failedRequests).toEqual([]);
    await player.context.close();
  });
});
