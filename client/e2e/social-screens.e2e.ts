import { describe, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import { apiAs, newUsername, registerThroughForm } from './support/actions.ts';

// Both colour schemes and both widths, in two runs, like the other screens (screens.e2e.ts).
describe.each([
  { colorScheme: 'light', width: 360 },
  { colorScheme: 'dark', width: 1280 },
] as const)(
  'the challenges, friends and profile screens, $colorScheme at $width px',
  ({ colorScheme, width }) => {
    const chromium = useChromium();

    it('have no serious accessibility violation, with and without content, modals open', async () => {
      const player = await chromium.player({ width, height: 800, colorScheme });
      const other = await chromium.player();
      const { page } = player;
      const me = newUsername('xa');
      const them = newUsername('xb');
      await registerThroughForm(page, me);
      await registerThroughForm(other.page, them);

      // Empty first.
      await page.goto('/challenges');
      await page.getByText('No challenges :(').waitFor();
      await expectAccessible(page, 'challenges, empty');
      await page.goto('/friends');
      await page.getByText('No requests :(').waitFor();
      await expectAccessible(page, 'friends, empty');

      // Then with a challenge and a friend request from the other player.
      await apiAs(other.page, 'POST', '/challenges/new', { username: me });
      await apiAs(other.page, 'GET', `/friends/add/${me}`);
      await page.goto('/challenges');
      await page.getByRole('table').getByRole('button', { name: them }).click();
      await page.getByRole('dialog', { name: 'Incoming Challenge' }).waitFor();
      await expectAccessible(page, 'incoming challenge');
      // Denied, so that my challenge to them below waits instead of starting a game at once.
      await page
        .getByRole('dialog', { name: 'Incoming Challenge' })
        .getByRole('button', { name: 'Deny Challenge' })
        .click();
      await page.getByText('No challenges :(').waitFor();
      await page.getByRole('button', { name: 'New Challenge' }).click();
      await page.getByRole('dialog', { name: 'Issue Challenge' }).waitFor();
      await expectAccessible(page, 'issue challenge');
      await page.getByRole('dialog', { name: 'Issue Challenge' }).getByLabel('Username').fill(them);
      await page
        .getByRole('dialog', { name: 'Issue Challenge' })
        .getByLabel('Username')
        .press('Enter');
      // 'Challenge sent!' is a status that leaves by itself: nothing to answer.
      await page.getByRole('status').getByText('Challenge sent!').waitFor();
      await page.getByRole('cell', { name: them }).waitFor();
      await expectAccessible(page, 'sent challenges');

      await page.goto('/friends');
      await page.getByRole('list', { name: 'Friend Requests' }).getByRole('button').click();
      await page.getByRole('dialog', { name: 'Friend Request' }).waitFor();
      await expectAccessible(page, 'friend request');
      await page
        .getByRole('dialog', { name: 'Friend Request' })
        .getByRole('button', {
          name: 'Accept Request',
        })
        .click();
      await page.getByRole('list', { name: 'Friends' }).getByRole('link', { name: them }).waitFor();
      await expectAccessible(page, 'friends');

      await page.getByRole('link', { name: 'Add Friends' }).click();
      await page.getByLabel('Username').fill(them.slice(0, 3));
      await page.getByLabel('Username').press('Enter');
      await page.getByRole('list', { name: 'Players found' }).waitFor();
      await expectAccessible(page, 'add friends');

      await page.goto('/profile');
      await page.getByRole('region', { name: 'Stats' }).waitFor();
      await expectAccessible(page, 'own profile');
      await page.goto(`/profile/${them}`);
      await page.getByRole('button', { name: 'Send Challenge' }).waitFor();
      await expectAccessible(page, "a friend's profile");
      await player.context.close();
      await other.context.close();
    });
  },
);
