import { describe, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import { guessOnScreen, newUsername, registerThroughForm } from './support/actions.ts';

// Both colour schemes and both widths, in two runs (each run walks every screen, ~20 s).
describe.each([
  { colorScheme: 'light', width: 360 },
  { colorScheme: 'dark', width: 1280 },
] as const)('every screen, $colorScheme at $width px', ({ colorScheme, width }) => {
  const chromium = useChromium();

  it('have no serious accessibility violation', async () => {
    const player = await chromium.player({ width, height: 800, colorScheme });
    const { page } = player;
    await registerThroughForm(page, newUsername('ax'));
    await expectAccessible(page, 'home');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expectAccessible(page, 'sidebar');
    await page.getByRole('link', { name: 'Rules' }).click();
    await page.getByRole('heading', { name: 'Rules' }).waitFor();
    await expectAccessible(page, 'rules');

    await page.goto('/list_solo');
    await page.getByRole('button', { name: 'Start New Game' }).waitFor();
    await expectAccessible(page, 'solo list');
    await page.goto('/list_versus');
    await page.getByRole('button', { name: 'New Challenge' }).waitFor();
    await expectAccessible(page, 'versus list');

    await page.goto('/game');
    await page.getByText('Make a Guess').waitFor();
    await guessOnScreen(page, 'crane');
    await page.getByRole('button', { name: /^C, not marked$/ }).click();
    await page.getByRole('button', { name: /^R, not marked$/ }).click();
    await page.getByRole('button', { name: /^R, marked bad$/ }).click();
    await page.getByRole('button', { name: 'Options' }).click();
    await expectAccessible(page, 'game');
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure?').waitFor();
    await expectAccessible(page, 'confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('dialog', { name: 'You lost!!!' }).waitFor();
    await expectAccessible(page, 'results');

    await page.goto('/list_solo');
    await page.getByRole('button', { name: 'View old games' }).click();
    await page.getByRole('columnheader', { name: 'Target' }).waitFor();
    await expectAccessible(page, 'old games');
    await player.context.close();
  });
});
