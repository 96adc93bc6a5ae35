import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, type ClientRoute } from '@jotto/shared/client-routes';
import { DAILY_FIRST_DAY } from '@jotto/shared/daily-rules';
import { expectAccessible } from './support/accessibility.ts';
import { type Player, useChromium } from './support/browser.ts';
import { apiAs, newUsername, registerThroughForm, startVersusGame } from './support/actions.ts';

/** Who walks the routes, and what they have by then. */
interface Walker {
  who: 'guest' | 'member';
  player: Player;
  /** A game of theirs (the guest's solo game; the member's versus game with a guess). */
  gameId: number;
}

/** The names in play: 14 characters each, of the widest letters (the longest name allowed). */
interface Names {
  member: string;
  opponent: string;
  sender: string;
}

/** A route's concrete path, and what shows once its screen has loaded what it will show. */
interface RouteVisit {
  path: (walker: Walker, names: Names) => string;
  ready: (page: Page, walker: Walker, names: Names) => Locator;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const guessInput = (page: Page) => page.getByRole('textbox', { name: 'Your guess' });
/** Where a screen that sends the member home has landed: their welcome, not its first frame. */
const homeForMember =
  (guestScreen: (page: Page) => Locator) => (page: Page, walker: Walker, names: Names) =>
    walker.who === 'member'
      ? page.getByRole('heading', { level: 1, name: `Welcome, ${names.member}!` })
      : guestScreen(page);
/** The member's screens wait for the row naming someone; a guest's show a sentence at once. */
const rowOrH1 =
  (row: (page: Page, names: Names) => Locator) => (page: Page, walker: Walker, names: Names) =>
    walker.who === 'member' ? row(page, names) : h1(page);

/**
 * Every client route (the record's type makes a route missing here a compile error), visited as a
 * guest and signed in.
 */
const VISITS: Record<ClientRoute, RouteVisit> = {
  '/': { path: () => '/', ready: homeForMember(h1) },
  '/home': { path: () => '/home', ready: h1 },
  '/main': { path: () => '/main', ready: h1 },
  '/rules': { path: () => '/rules', ready: h1 },
  '/list_solo': {
    path: () => '/list_solo',
    ready: rowOrH1((page) => page.getByRole('cell', { name: 'CRANE' }).first()),
  },
  '/list_versus': {
    path: () => '/list_versus',
    ready: rowOrH1((page, names) => page.getByRole('link', { name: names.opponent }).first()),
  },
  '/challenges': {
    path: () => '/challenges',
    ready: rowOrH1((page, names) => page.getByRole('button', { name: names.sender })),
  },
  '/challenges/new': {
    path: () => '/challenges/new',
    ready: (page, walker) =>
      walker.who === 'member'
        ? page.getByRole('dialog', { name: 'Issue Challenge' })
        : page.getByRole('alertdialog'),
  },
  '/game': { path: () => '/game', ready: guessInput },
  '/game/:gameId': { path: ({ gameId }) => `/game/${gameId}`, ready: guessInput },
  '/daily': { path: () => '/daily', ready: guessInput },
  '/daily/archive': { path: () => '/daily/archive', ready: h1 },
  '/daily/:day': { path: () => `/daily/${DAILY_FIRST_DAY}`, ready: guessInput },
  '/leaderboards': { path: () => '/leaderboards', ready: h1 },
  '/settings': { path: () => '/settings', ready: h1 },
  '/watch': { path: () => '/watch', ready: h1 },
  // The walker's own game: a member is shown it (the game screen's h1 is for screen readers);
  // a guest is asked to sign in.
  '/watch/:gameId': { path: ({ gameId }) => `/watch/${gameId}`, ready: h1 },
  '/login': { path: () => '/login', ready: homeForMember(h1) },
  '/register': { path: () => '/register', ready: homeForMember(h1) },
  // Only an account without a username stays (finalize.e2e.ts): a guest goes to sign in.
  '/finalize': {
    path: () => '/finalize',
    ready: homeForMember((page) =>
      page.getByRole('heading', { level: 1, name: 'Sign in to Jotto' }),
    ),
  },
  '/profile': {
    path: () => '/profile',
    // A guest has no profile of their own and goes home.
    ready: (page, walker, names) =>
      page.getByRole('heading', {
        level: 1,
        name: walker.who === 'member' ? names.member : 'Welcome, guest!',
      }),
  },
  '/profile/:username': {
    // The guest looks at the member, the member at the opponent: long names both.
    path: ({ who }, names) => `/profile/${who === 'guest' ? names.member : names.opponent}`,
    ready: (page) => page.getByRole('region', { name: 'Stats' }),
  },
  '/friends': {
    path: () => '/friends',
    ready: rowOrH1((page, names) =>
      page.getByRole('list', { name: 'Friend Requests' }).getByRole('button', {
        name: new RegExp(names.sender),
      }),
    ),
  },
  '/friends/new': { path: () => '/friends/new', ready: h1 },
  '/users/:username/verify/:verifyCode': {
    path: () => '/users/nobody/verify/not-a-code',
    ready: (page) => page.getByText('Error verifying!'),
  },
  '/forgot': { path: () => '/forgot', ready: h1 },
  '/reset/:token': { path: () => '/reset/not-a-token', ready: h1 },
  '/company': { path: () => '/company', ready: h1 },
  '/nomostudios': { path: () => '/nomostudios', ready: h1 },
  '/privacy': { path: () => '/privacy', ready: h1 },
  '/mobile': { path: () => '/mobile', ready: h1 },
};

/** A unique 14-character name: `first`, then `rest` repeated, then this run's suffix. */
function longName(first: string, rest: string): string {
  const suffix = newUsername('').slice(-5);
  return `${first}${rest.repeat(13)}`.slice(0, 14 - suffix.length) + suffix;
}

/** How far the page reaches past 320 px (0 or less: no sideways scrolling). */
function widthPast320(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - 320);
}

/** Whether the page, at whatever width it has now, scrolls sideways. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

// No page scrolls sideways at 320 px or wider (docs/PRODUCT.md, 'Interface'): long names are cut
// with an ellipsis instead, tables keep to the screen. Every page has one h1 and no serious or
// critical axe-core violation, in both colour schemes.
describe('every route at 320 px, as a guest and signed in, with long names in the lists', () => {
  const chromium = useChromium();
  const names: Names = {
    member: longName('W', 'w'),
    opponent: longName('M', 'M'),
    sender: longName('W', 'W'),
  };
  const walkers: Walker[] = [];
  let others: Player[] = [];

  beforeAll(async () => {
    const guest = await chromium.player({ width: 320, height: 640 });
    await guest.page.goto('/');
    const guestGame = await apiAs<{ gameId: number }>(guest.page, 'GET', '/games/new');
    await apiAs(guest.page, 'GET', `/game/${guestGame.gameId}/play/crane`);

    const member = await chromium.player({ width: 320, height: 640, colorScheme: 'dark' });
    const opponent = await chromium.player();
    const sender = await chromium.player();
    others = [opponent, sender];
    await registerThroughForm(member.page, names.member);
    await registerThroughForm(opponent.page, names.opponent);
    await registerThroughForm(sender.page, names.sender);
    // A settled versus game and a settled solo game (the old lists), a versus and a solo game
    // going on with a guess, a challenge and a friend request received, a challenge sent, a
    // friend.
    const settled = await startVersusGame(member.page, opponent.page, names.opponent);
    await apiAs(member.page, 'GET', `/game/${settled}/play/giveup`);
    await apiAs(opponent.page, 'GET', `/game/${settled}/play/giveup`);
    const versus = await startVersusGame(member.page, opponent.page, names.opponent);
    await apiAs(member.page, 'GET', `/game/${versus}/play/crane`);
    const solo = await apiAs<{ gameId: number }>(member.page, 'GET', '/games/new');
    await apiAs(member.page, 'GET', `/game/${solo.gameId}/play/crane`);
    const givenUp = await apiAs<{ gameId: number }>(member.page, 'GET', '/games/new');
    await apiAs(member.page, 'GET', `/game/${givenUp.gameId}/play/giveup`);
    await apiAs(sender.page, 'POST', '/challenges/new', { username: names.member });
    await apiAs(sender.page, 'GET', `/friends/add/${names.member}`);
    await apiAs(member.page, 'POST', '/challenges/new', { username: names.opponent });
    await apiAs(member.page, 'GET', `/friends/add/${names.opponent}`);
    await apiAs(opponent.page, 'GET', `/friends/add/${names.member}`);
    walkers.push(
      { who: 'guest', player: guest, gameId: guestGame.gameId },
      { who: 'member', player: member, gameId: versus },
    );
  });
  afterAll(async () => {
    for (const player of [...walkers.map((walker) => walker.player), ...others]) {
      await player.context.close();
    }
  });

  it('visits every route of shared/src/client-routes.ts', () => {
    expect(Object.keys(VISITS).sort()).toEqual([...CLIENT_ROUTES].sort());
  });

  for (const who of ['guest', 'member'] as const) {
    // The guest in the light scheme, the member in the dark one.
    it(`no route scrolls sideways, each has one h1 and passes axe, for the ${who}`, async () => {
      const walker = walkers.find((candidate) => candidate.who === who)!;
      const { page } = walker.player;
      const wide: string[] = [];
      const headings: string[] = [];
      for (const [route, visit] of Object.entries(VISITS)) {
        await page.goto(visit.path(walker, names));
        await visit.ready(page, walker, names).first().waitFor({ timeout: 15_000 });
        const past = await widthPast320(page);
        if (past > 0) wide.push(`${route}: ${past} px too wide`);
        // Exactly one h1 a page: what it is, for screen readers and for the focus after a move.
        const h1s = await page.locator('h1').allTextContents();
        if (h1s.length !== 1) headings.push(`${route}: ${h1s.length} h1 (${h1s.join(', ')})`);
        await expectAccessible(page, `${route} for the ${who}`);
      }
      if (who === 'member') {
        // The lists' other states: settled games (with the target column) and sent challenges.
        for (const list of ['/list_versus', '/list_solo']) {
          await page.goto(list);
          await page.getByRole('button', { name: 'View old games' }).click();
          await page.getByRole('columnheader', { name: 'Target' }).waitFor();
          await page.getByRole('row').nth(1).waitFor();
          const past = await widthPast320(page);
          if (past > 0) wide.push(`${list}, old games: ${past} px too wide`);
        }
        await page.goto('/challenges');
        await page.getByRole('button', { name: 'View sent challenges' }).click();
        await page.getByRole('cell', { name: names.opponent }).waitFor();
        const past = await widthPast320(page);
        if (past > 0) wide.push(`/challenges, sent: ${past} px too wide`);
      }
      expect(wide).toEqual([]);
      expect(headings).toEqual([]);
      // Every route and an axe pass on each: past two minutes once on a loaded two-core machine.
    }, 300_000);
  }

  it("tells the member that the guest's game was not found, with the way back", async () => {
    const guest = walkers.find((walker) => walker.who === 'guest')!;
    const { page } = walkers.find((walker) => walker.who === 'member')!.player;
    await page.goto(`/game/${guest.gameId}`);
    await page.getByRole('heading', { level: 1, name: 'Game not found' }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await widthPast320(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'game not found');
    await page.getByRole('link', { name: 'Back to your games' }).click();
    await page.waitForURL('**/list_solo');
  });

  it('cuts a long name with an ellipsis and keeps it whole in the tooltip', async () => {
    const { page } = walkers.find((walker) => walker.who === 'member')!.player;
    await page.goto('/list_versus');
    const name = page.getByRole('link', { name: names.opponent }).first().locator('[title]');
    expect(await name.getAttribute('title')).toBe(names.opponent);
    const cut = await name.evaluate((element) => ({
      clipped: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow,
    }));
    expect(cut).toEqual({ clipped: true, ellipsis: 'ellipsis' });
  });

  it('the profile heading shows a 14-character name on one line, whole', async () => {
    const { page } = walkers.find((walker) => walker.who === 'guest')!.player;
    await page.goto(`/profile/${names.member}`);
    const heading = page.getByRole('heading', { level: 1, name: names.member });
    await heading.waitFor();
    const box = await heading.evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return {
        lines: Math.round(element.getBoundingClientRect().height / lineHeight),
        cut: element.scrollWidth > element.clientWidth,
      };
    });
    expect(box).toEqual({ lines: 1, cut: false });
  });

  // Five tabs are wider than 360 px: they keep one row, and the row scrolls sideways, not the page.
  it('keeps the five leaderboard tabs on one row at 360 and 320 px, the chosen one in view', async () => {
    const { page } = walkers.find((walker) => walker.who === 'guest')!.player;
    try {
      for (const width of [360, 320]) {
        await page.setViewportSize({ width, height: 640 });
        await page.goto('/leaderboards');
        await page.getByRole('heading', { level: 1, name: 'Daily Leaderboards' }).waitFor();
        const tops = await page
          .getByRole('tab')
          .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
        expect(tops, `${width} px`).toHaveLength(5);
        expect(new Set(tops).size, `rows of tabs at ${width} px`).toBe(1);
        expect(await scrollsSideways(page), `${width} px`).toBe(false);
        // The last tab, mostly out of the row at first, comes whole into it once chosen.
        await page.getByRole('tab', { name: 'Daily' }).focus();
        await page.keyboard.press('End');
        const last = page.getByRole('tab', { name: 'Today’s solvers', selected: true });
        await last.waitFor();
        const inRow = await last.evaluate((tab) => {
          const tabBox = tab.getBoundingClientRect();
          const rowBox = tab.parentElement!.getBoundingClientRect();
          return tabBox.left >= rowBox.left - 1 && tabBox.right <= rowBox.right + 1;
        });
        expect(inRow, `${width} px`).toBe(true);
      }
    } finally {
      await page.setViewportSize({ width: 320, height: 640 });
    }
  });

  // The sender's name, W's and then the run's suffix, 14 characters: about as wide as names get.
  it('welcomes a long name on a line of its own, whole, at 1280, 360 and 320 px', async () => {
    const { page } = others[1]!;
    for (const width of [1280, 360, 320]) {
      await page.setViewportSize({ width, height: 640 });
      await page.goto('/home');
      await page.getByRole('heading', { level: 1, name: `Welcome, ${names.sender}!` }).waitFor();
      const welcome = await h1(page).evaluate((element) => {
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return {
          text: element.textContent,
          lines: Math.round(element.getBoundingClientRect().height / lineHeight),
          cut: element.scrollWidth > element.clientWidth,
        };
      });
      // 'Welcome,' and then the name: never broken in the middle, nor cut, nor wider than the page.
      expect(welcome, `${width} px`).toEqual({
        text: `Welcome, ${names.sender}!`,
        lines: 2,
        cut: false,
      });
      expect(await scrollsSideways(page), `${width} px`).toBe(false);
    }
  });
});
