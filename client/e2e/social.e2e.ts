import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTwoPlayers } from './support/two-players.ts';
import { apiAs, gameIdOf, newUsername, registerThroughForm } from './support/actions.ts';

/**
 * Marks the document a page shows now; `stillSameDocument` is false once the page has been
 * reloaded or navigated by the browser (a client-side route change keeps the mark).
 */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { jottoE2eMark: true }));
}
function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => 'jottoE2eMark' in window);
}

/** Reads the alert modal's message, then closes it with OK. */
async function acknowledge(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog');
  await alert.getByText(message, { exact: true }).waitFor();
  await alert.getByRole('button', { name: 'OK' }).click();
  await alert.waitFor({ state: 'hidden' });
}

/**
 * Waits for `message` in the status toast: said, with no alert to answer (docs/PRODUCT.md,
 * 'Modals').
 */
async function statusSays(page: Page, message: string): Promise<void> {
  await page.getByRole('status').getByText(message, { exact: true }).waitFor();
  expect(await page.getByRole('alertdialog').count()).toBe(0);
}

describe('friends, challenges and profiles in two browsers', () => {
  const players = useTwoPlayers('s');
  const { names } = players;

  it("a friend request sent from a profile is accepted in the other browser's modal; both lists update without a reload", async () => {
    const { alice, bob } = players;
    // Both have the Friends screen open before anything happens.
    await bob.page.goto('/friends');
    await bob.page.getByText('No requests :(').waitFor();
    await bob.page.getByText('No friends :(').waitFor();
    await markDocument(bob.page);

    // Alice finds Bob with the search of the Add Friends tab and opens his profile.
    await alice.page.goto('/friends');
    await alice.page.getByText('No friends :(').waitFor();
    await alice.page.getByRole('link', { name: 'Add Friends' }).click();
    await alice.page.waitForURL('**/friends/new');
    await alice.page.getByLabel('Username').fill(names.bob);
    await alice.page.getByLabel('Username').press('Enter');
    await alice.page
      .getByRole('list', { name: 'Players found' })
      .getByRole('link', { name: names.bob })
      .click();
    await alice.page.waitForURL(`**/profile/${names.bob}`);
    await alice.page.getByRole('heading', { level: 1, name: names.bob }).waitFor();
    expect(await alice.page.getByRole('button', { name: 'Send Challenge' }).count()).toBe(0);
    await alice.page.getByRole('button', { name: 'Add friend' }).click();
    await acknowledge(alice.page, 'Friend request sent!');

    // Alice waits on her friends list (through the sidebar); the request reaches Bob's open
    // list by itself.
    await alice.page.getByRole('button', { name: 'Menu' }).click();
    await alice.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Friends' })
      .click();
    await alice.page.waitForURL('**/friends');
    await alice.page.getByText('No friends :(').waitFor();
    await markDocument(alice.page);
    const request = bob.page
      .getByRole('list', { name: 'Friend Requests' })
      .getByRole('button', { name: new RegExp(names.alice) });
    await request.click();
    const modal = bob.page.getByRole('dialog', { name: 'Friend Request' });
    await modal.getByText(`From: ${names.alice}`).waitFor();
    await modal.getByRole('button', { name: 'Accept Request' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Both friends lists now show the other, neither page reloaded.
    await bob.page
      .getByRole('list', { name: 'Friends' })
      .getByRole('link', { name: names.alice })
      .waitFor();
    await bob.page.getByText('No requests :(').waitFor();
    await alice.page
      .getByRole('list', { name: 'Friends' })
      .getByRole('link', { name: names.bob })
      .waitFor();
    expect(await stillSameDocument(bob.page)).toBe(true);
    expect(await stillSameDocument(alice.page)).toBe(true);

    // Friends now: Bob's profile offers a challenge, and shows his friends (Alice).
    await alice.page.getByRole('link', { name: names.bob }).click();
    await alice.page.getByRole('button', { name: 'Send Challenge' }).waitFor();
    await alice.page
      .getByRole('region', { name: 'Friends' })
      .getByRole('link', { name: names.alice })
      .waitFor();
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    expect(alice.failedRequests).toEqual([]);
    expect(bob.failedRequests).toEqual([]);
  });

  it("a challenge sent from the modal appears in the other browser's list without a reload; accepting takes both to the game", async () => {
    const { alice, bob } = players;
    await bob.page.goto('/challenges');
    await bob.page.getByText('No challenges :(').waitFor();
    await markDocument(bob.page);

    await alice.page.goto('/challenges/new');
    const issue = alice.page.getByRole('dialog', { name: 'Issue Challenge' });
    await issue.getByLabel('Username').fill(names.bob);
    await issue.getByLabel('Username').press('Enter');
    await statusSays(alice.page, 'Challenge sent!');
    await alice.page.waitForURL((url) => url.pathname === '/challenges');
    await alice.page.getByRole('heading', { name: 'Sent challenges' }).waitFor();
    await alice.page.getByRole('cell', { name: names.bob }).waitFor();

    // The challenge arrives in Bob's open list.
    const row = bob.page.getByRole('table').getByRole('button', { name: names.alice });
    await row.waitFor({ timeout: 5_000 });
    expect(await stillSameDocument(bob.page)).toBe(true);
    await row.click();
    const incoming = bob.page.getByRole('dialog', { name: 'Incoming Challenge' });
    await incoming.getByText(`From: ${names.alice}`).waitFor();
    await incoming.getByRole('button', { name: 'Accept Challenge' }).click();

    // Bob goes to the new game, and Alice, waiting on her sent list, is taken there too.
    await bob.page.waitForURL(/\/game\/\d+$/);
    await alice.page.waitForURL(/\/game\/\d+$/, { timeout: 5_000 });
    expect(gameIdOf(alice.page)).toBe(gameIdOf(bob.page));
    await alice.page.getByText('Make a Guess').waitFor();
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    expect(alice.failedRequests).toEqual([]);
    expect(bob.failedRequests).toEqual([]);
  });

  it('an open challenge is paired by two browsers', async () => {
    const { alice, bob } = players;
    await alice.page.goto('/challenges');
    await alice.page.getByRole('button', { name: 'New Challenge' }).click();
    await alice.page.waitForURL('**/challenges/new');
    await alice.page
      .getByRole('dialog', { name: 'Issue Challenge' })
      .getByRole('button', { name: 'Open Challenge' })
      .click();
    await statusSays(alice.page, 'Challenge sent!');
    await alice.page.getByRole('cell', { name: '@open' }).waitFor();

    await bob.page.goto('/challenges/new');
    await bob.page
      .getByRole('dialog', { name: 'Issue Challenge' })
      .getByRole('button', { name: 'Open Challenge' })
      .click();
    await bob.page.waitForURL(/\/game\/\d+$/);
    await alice.page.waitForURL(/\/game\/\d+$/, { timeout: 5_000 });
    expect(gameIdOf(alice.page)).toBe(gameIdOf(bob.page));
    await bob.page.getByTestId('opponent').getByText(names.alice).waitFor();
    // 'Challenge sent!' never covers the game's input, and leaves by itself.
    const input = alice.page.getByRole('textbox', { name: 'Your guess' });
    const toast = alice.page.getByRole('status').getByText('Challenge sent!', { exact: true });
    const [inputBox, toastBox] = [await input.boundingBox(), await toast.boundingBox()];
    if (inputBox && toastBox) {
      const apart =
        toastBox.y + toastBox.height <= inputBox.y ||
        inputBox.y + inputBox.height <= toastBox.y ||
        toastBox.x + toastBox.width <= inputBox.x ||
        inputBox.x + inputBox.width <= toastBox.x;
      expect(apart).toBe(true);
    }
    await toast.waitFor({ state: 'detached', timeout: 6_000 });
    expect(await alice.page.getByRole('alertdialog').count()).toBe(0);
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    expect(alice.failedRequests).toEqual([]);
    expect(bob.failedRequests).toEqual([]);
  });

  it("with the sender's socket blocked, the 3-second challenge-info poll takes them to the game", async () => {
    const { bob } = players;
    const carol = await players.chromium.player();
    // Everything Socket.IO tries fails, as behind a strict proxy.
    await carol.context.route('**/api/socket.io/**', (route) => route.abort());
    const carolName = newUsername('sc');
    await registerThroughForm(carol.page, carolName);
    await carol.page.goto('/challenges/new');
    const issue = carol.page.getByRole('dialog', { name: 'Issue Challenge' });
    await issue.getByLabel('Username').fill(names.bob);
    await issue.getByRole('button', { name: 'Challenge', exact: true }).click();
    await statusSays(carol.page, 'Challenge sent!');
    await carol.page.getByRole('cell', { name: names.bob }).waitFor();

    const { challenges } = await apiAs<{ challenges: Array<{ id: number; sender: string }> }>(
      bob.page,
      'POST',
      '/challenges',
      { type: 'in' },
    );
    const challenge = challenges.find((item) => item.sender === carolName);
    const { gameId } = await apiAs<{ gameId: number }>(bob.page, 'POST', '/challenges/accept', {
      challenge_id: challenge!.id,
    });
    const accepted = Date.now();
    await carol.page.waitForURL(`**/game/${gameId}`, { timeout: 8_000 });
    // Within one polling period plus the request.
    expect(Date.now() - accepted).toBeLessThan(6_000);
    await carol.context.close();
  });
});
