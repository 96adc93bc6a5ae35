import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { expectAccessible } from './support/accessibility.ts';
import { apiAs, gameIdOf, newUsername, registerThroughForm } from './support/actions.ts';
import type { Player } from './support/browser.ts';
import { useTwoPlayers } from './support/two-players.ts';

/** The notice on the page that says `text`. */
const notice = (page: Page, text: string): Locator =>
  page.getByRole('region', { name: 'Notices' }).getByRole('listitem').filter({ hasText: text });

/**
 * Opens `path` and waits until its real-time channel is connected: the server's handshake
 * answer (Socket.IO's "40" packet) has come, over HTTP long-polling (how the client starts) or
 * the WebSocket. News from then on is live.
 */
async function openLive(page: Page, path: string): Promise<void> {
  const overPolling = page.waitForResponse(
    async (response) =>
      response.url().includes('/socket.io/') &&
      (await response.text().catch(() => '')).includes('40{'),
  );
  const overWebSocket = page
    .waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'))
    .then((socket) =>
      socket.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')),
    );
  await page.goto(path);
  await Promise.any([overPolling, overWebSocket]);
}

/** Sends a challenge as `from`'s browser would; returns its id. */
async function challenge(from: Player, to: string): Promise<number> {
  const sent = await apiAs<{ challengeId: number }>(from.page, 'POST', '/challenges/new', {
    username: to,
  });
  return sent.challengeId;
}

/** Milliseconds from now until `locator` shows. */
async function msUntilVisible(locator: Locator, timeout: number): Promise<number> {
  const started = Date.now();
  await locator.waitFor({ timeout });
  return Date.now() - started;
}

describe('notices in two browsers, live', () => {
  const players = useTwoPlayers('n');
  const { names } = players;

  it('a challenge reaches a player on /home at once; Accept from the notice lands in the game, and the sender hears of it', async () => {
    const { alice, bob } = players;
    await openLive(alice.page, '/home');
    await openLive(bob.page, '/home');

    const challengeId = await challenge(bob, names.alice);
    const received = notice(alice.page, `${names.bob} challenged you to a game!`);
    // Live: far sooner than a poll could bring it.
    expect(await msUntilVisible(received, 5_000)).toBeLessThan(POLL_INTERVAL_MS);
    await expectAccessible(alice.page, 'home with a notice');

    await received.getByRole('button', { name: 'Accept' }).click();
    await alice.page.waitForURL(/\/game\/\d+$/);
    await alice.page.getByTestId('opponent').getByText(names.bob).waitFor();
    const gameId = gameIdOf(alice.page);
    const info = await apiAs<{ gameId: number }>(
      bob.page,
      'GET',
      `/challenges/${challengeId}/info`,
    );
    expect(info.gameId).toBe(gameId);
    await expect.poll(() => alice.page.getByRole('region', { name: 'Notices' }).count()).toBe(0);

    // Bob was on /home: his notice opens the game.
    const answered = notice(bob.page, `${names.alice} accepted your challenge. Game on!`);
    await answered.waitFor({ timeout: 5_000 });
    await answered.getByRole('link', { name: 'Open' }).click();
    await bob.page.waitForURL(`**/game/${gameId}`);
    await expect.poll(() => bob.page.getByRole('region', { name: 'Notices' }).count()).toBe(0);
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    expect(alice.failedRequests).toEqual([]);
    expect(bob.failedRequests).toEqual([]);
  });

  it('a rematch offer reaches a player in a game at once; Deny tells the sender', async () => {
    const { alice, bob } = players;
    // Both are in the game of the previous test.
    const gameId = gameIdOf(alice.page);
    await openLive(alice.page, `/game/${gameId}`);
    await openLive(bob.page, '/home');
    await alice.page.getByText('Make a Guess').waitFor();

    // Bob's game ends (he gives up; 'Rematch!' comes after a player's game has ended) while
    // Alice plays on: his challenge to his last versus opponent is a rematch.
    await apiAs(bob.page, 'GET', `/game/${gameId}/play/giveup`);
    await challenge(bob, names.alice);
    const offer = notice(alice.page, `${names.bob} wants a rematch!`);
    expect(await msUntilVisible(offer, 5_000)).toBeLessThan(POLL_INTERVAL_MS);
    await expectAccessible(alice.page, 'a game with a notice');
    // On a phone, in a game in play, the notice sits above the board and covers neither the
    // guess input nor the letter tiles, at any scroll.
    const viewport = alice.page.viewportSize();
    await alice.page.setViewportSize({ width: 360, height: 640 });
    const overlaps = async () => {
      const stack = await alice.page.getByRole('region', { name: 'Notices' }).boundingBox();
      const covered = await Promise.all(
        [
          alice.page.getByRole('form', { name: 'Guess' }),
          alice.page.getByRole('toolbar', { name: 'Alphabet' }),
        ].map((locator) => locator.boundingBox()),
      );
      if (!stack || covered.some((box) => !box)) return 'not measured';
      return covered.filter(
        (box) =>
          box!.y < stack.y + stack.height - 1 &&
          stack.y < box!.y + box!.height - 1 &&
          box!.x < stack.x + stack.width - 1 &&
          stack.x < box!.x + box!.width - 1,
      ).length;
    };
    // And it stays in view under the header, however far the page is scrolled.
    const inView = async () => {
      const stack = await alice.page.getByRole('region', { name: 'Notices' }).boundingBox();
      return stack !== null && stack.y >= 55 && stack.y + stack.height <= 640;
    };
    for (const scroll of [0, 200, 10_000]) {
      await alice.page.evaluate((y) => window.scrollTo(0, y), scroll);
      await expect.poll(overlaps).toBe(0);
      expect(await inView()).toBe(true);
    }
    if (viewport) await alice.page.setViewportSize(viewport);
    await offer.getByRole('button', { name: 'Deny' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(alice.page.url()).toContain(`/game/${gameId}`);
    await notice(bob.page, `${names.alice} declined your challenge.`).waitFor({ timeout: 5_000 });
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  it('news seen in one tab is not shown by a tab opened after it', async () => {
    const { alice, bob } = players;
    await openLive(alice.page, '/home');
    const challengeId = await challenge(alice, names.bob);
    await apiAs(bob.page, 'POST', '/challenges/deny', { challenge_id: challengeId });
    const text = `${names.bob} declined your challenge.`;
    await notice(alice.page, text).waitFor({ timeout: 5_000 });
    // Dismissed here; the server hears it was seen as soon as it was shown.
    await notice(alice.page, text).getByRole('button', { name: 'Dismiss' }).click();
    await expect
      .poll(
        async () =>
          (await apiAs<{ notices: unknown[] }>(alice.page, 'GET', '/user/notices')).notices,
      )
      .toEqual([]);

    const later = await alice.context.newPage();
    const asked = later.waitForResponse((response) => response.url().endsWith('/user/notices'));
    await openLive(later, '/home');
    await asked;
    await later.getByRole('heading', { name: `Welcome, ${names.alice}!` }).waitFor();
    expect(await later.getByRole('region', { name: 'Notices' }).count()).toBe(0);
    await later.close();
  });

  it('a challenge answered on the challenge screen leaves the notice of the other tab', async () => {
    const { alice, bob } = players;
    await openLive(alice.page, '/home');
    const other = await alice.context.newPage();
    await openLive(other, '/challenges');
    await challenge(bob, names.alice);
    const text = `${names.bob} wants a rematch!`;
    await notice(alice.page, text).waitFor({ timeout: 5_000 });
    await notice(other, text).waitFor({ timeout: 5_000 });

    await other.getByRole('table').getByRole('button', { name: names.bob }).click();
    const modal = other.getByRole('dialog', { name: 'Incoming Challenge' });
    await modal.getByRole('button', { name: 'Deny Challenge' }).click();
    await notice(alice.page, text).waitFor({ state: 'detached', timeout: 5_000 });
    await notice(other, text).waitFor({ state: 'detached', timeout: 5_000 });
    await other.close();
  });
});

describe('notices with the real-time channel blocked', () => {
  const players = useTwoPlayers('b');
  const { names } = players;

  it(`a challenge reaches a player on /home and in a game within the ${POLL_INTERVAL_MS} ms poll; Accept lands in the game`, async () => {
    const { bob } = players;
    const carol = await players.chromium.player();
    // Everything Socket.IO tries (long-polling and WebSocket) fails, as behind a strict proxy.
    await carol.context.route('**/api/socket.io/**', (route) => route.abort());
    const carolName = newUsername('bc');
    await registerThroughForm(carol.page, carolName);
    await carol.page.goto('/home');
    // Let the first answer of the notices come and go: from now on news comes by the poll.
    await carol.page.waitForResponse((response) => response.url().endsWith('/api/user/notices'));

    await challenge(bob, carolName);
    const onHome = notice(carol.page, `${names.bob} challenged you to a game!`);
    // One poll period, plus the request and a render.
    expect(await msUntilVisible(onHome, 2 * POLL_INTERVAL_MS)).toBeLessThan(
      POLL_INTERVAL_MS + 1_500,
    );
    await onHome.getByRole('button', { name: 'Accept' }).click();
    await carol.page.waitForURL(/\/game\/\d+$/);
    const firstGame = gameIdOf(carol.page);
    await carol.page.getByText('Updating every 3 s').waitFor();

    // Bob's game ends while Carol plays on, and he offers a rematch: it comes by the poll too.
    await apiAs(bob.page, 'GET', `/game/${firstGame}/play/giveup`);
    await carol.page.waitForResponse((response) => response.url().endsWith('/api/user/notices'));
    await challenge(bob, carolName);
    const inGame = notice(carol.page, `${names.bob} wants a rematch!`);
    expect(await msUntilVisible(inGame, 2 * POLL_INTERVAL_MS)).toBeLessThan(
      POLL_INTERVAL_MS + 1_500,
    );
    await inGame.getByRole('button', { name: 'Accept' }).click();
    await carol.page.waitForURL((url) => url.pathname !== `/game/${firstGame}`);
    expect(carol.page.url()).toMatch(/\/game\/\d+$/);
    await carol.page.getByTestId('opponent').getByText(names.bob).waitFor();
    // The only failures are the blocked channel's (the browser logs each refused request).
    expect(carol.errors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
    expect(carol.failedRequests.filter((request) => !request.includes('/socket.io/'))).toEqual([]);
    await carol.context.close();
  });
});
