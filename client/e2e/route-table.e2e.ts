import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_ROUTES, type ClientRoute } from '@jotto/shared/client-routes';
import { DAILY_FIRST_DAY } from '@jotto/shared/daily-rules';
import { expectAccessible } from './support/accessibility.ts';
import { launchChromium, newPlayer, type Player } from './support/browser.ts';
import { apiAs, newUsername } from './support/actions.ts';

/** What proves a route shows its own screen (docs/PRODUCT.md, 'Client routes'), for a guest. */
interface RouteScreen {
  /** A concrete path of the route. */
  path: string;
  /** Text only that screen shows. */
  shows: (page: Page, memberName: string) => ReturnType<Page['getByRole']>;
  /** Where the browser ends up when the screen moves on by design (/game starts a game). */
  endsAt?: RegExp;
  /** Failed requests the visit provokes on purpose. */
  provokes?: RegExp;
  /** Whether axe-core checks it here (the shell's screens are checked by screens.e2e.ts). */
  audit?: boolean;
  /** Visited signed in rather than as a guest (screens that show a guest only a sentence). */
  signedIn?: boolean;
}

const heading =
  (name: string | RegExp, level = 1) =>
  (page: Page, memberName: string) =>
    page.getByRole('heading', {
      level,
      name: typeof name === 'string' ? name.replace('{member}', memberName) : name,
    });

/**
 * Every client route (shared/src/client-routes.ts: the record's type makes a
 * route missing here a compile error) and the screen it must show.
 */
const SCREENS: Record<ClientRoute, RouteScreen> = {
  '/': { path: '/', shows: heading('Jotto'), audit: true },
  '/home': { path: '/home', shows: heading('Welcome, guest!') },
  '/main': { path: '/main', shows: heading('Welcome, guest!') },
  '/rules': { path: '/rules', shows: heading('Rules') },
  '/list_solo': { path: '/list_solo', shows: heading('Solo games') },
  '/list_versus': { path: '/list_versus', shows: heading('Versus games') },
  '/challenges': { path: '/challenges', shows: heading('Challenges'), signedIn: true },
  '/challenges/new': {
    path: '/challenges/new',
    shows: (page) => page.getByRole('dialog', { name: 'Issue Challenge' }),
    signedIn: true,
  },
  '/game': {
    path: '/game',
    shows: (page) => page.getByRole('textbox', { name: 'Your guess' }),
    endsAt: /^\/game\/\d+$/,
  },
  '/game/:gameId': {
    path: '/game/{guest game}',
    shows: (page) => page.getByRole('textbox', { name: 'Your guess' }),
  },
  '/daily': { path: '/daily', shows: heading(/^Daily Jotto #\d+$/) },
  '/daily/archive': { path: '/daily/archive', shows: heading('Daily Jotto archive') },
  '/daily/:day': { path: `/daily/${DAILY_FIRST_DAY}`, shows: heading('Daily Jotto #1 · archive') },
  '/leaderboards': { path: '/leaderboards', shows: heading('Daily Leaderboards'), audit: true },
  '/settings': { path: '/settings', shows: heading('Settings'), audit: true },
  // Watching needs an account: a guest sees 'Watch' and the sentence asking to sign in.
  '/watch': { path: '/watch', shows: heading('Watch') },
  '/watch/:gameId': { path: '/watch/{guest game}', shows: heading('Watch') },
  '/login': { path: '/login', shows: heading('Sign in to Jotto'), audit: true },
  '/register': {
    path: '/register',
    shows: (page) => page.getByRole('form', { name: 'Register' }),
    audit: true,
  },
  // Only an account still without a username finalizes (finalize.e2e.ts signs one in); a guest
  // is sent to sign in first.
  '/finalize': { path: '/finalize', shows: heading('Sign in to Jotto'), endsAt: /^\/login$/ },
  '/profile': { path: '/profile', shows: heading('{member}'), signedIn: true },
  '/profile/:username': {
    path: '/profile/{member}',
    shows: heading('{member}'),
    signedIn: true,
  },
  '/friends': { path: '/friends', shows: heading('Friends'), signedIn: true },
  '/friends/new': { path: '/friends/new', shows: heading('Add Friends'), signedIn: true },
  '/users/:username/verify/:verifyCode': {
    path: '/users/nobody/verify/not-a-code',
    shows: (page) => page.getByText('Error verifying!'),
    provokes: /\/api\/users\/nobody\/verify\/not-a-code$/,
    audit: true,
  },
  '/forgot': { path: '/forgot', shows: heading('Forgot your password?'), audit: true },
  '/reset/:token': {
    path: '/reset/not-a-token',
    shows: heading('Choose a new password'),
    audit: true,
  },
  '/company': { path: '/company', shows: heading('Nomo Studios'), audit: true },
  '/nomostudios': { path: '/nomostudios', shows: heading('Nomo Studios'), audit: true },
  '/privacy': { path: '/privacy', shows: heading('Privacy Policy'), audit: true },
  '/mobile': { path: '/mobile', shows: heading('Mobile'), audit: true },
};

describe('every client route', () => {
  let browser: Browser;
  let guest: Player;
  let member: Player;
  const memberName = newUsername('walk');
  let gameId: number;
  const baseUrl = inject('jottoUrl');
  beforeAll(async () => {
    browser = await launchChromium();
    guest = await newPlayer(browser, baseUrl, { width: 390, height: 844 });
    // Let the landing's favicon finish loading: the first test navigates to / again, and a
    // request the navigation aborts would be reported as that test's failed request.
    await guest.page.goto('/', { waitUntil: 'networkidle' });
    ({ gameId } = await apiAs<{ gameId: number }>(guest.page, 'GET', '/games/new'));
    member = await newPlayer(browser, baseUrl, { width: 390, height: 844 });
    await member.page.goto('/');
    await apiAs(member.page, 'POST', '/register', {
      username: memberName,
      email: `${memberName}@example.com`,
      password: 'secret1',
    });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists every route of shared/src/client-routes.ts', () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...CLIENT_ROUTES].sort());
  });

  for (const route of CLIENT_ROUTES) {
    const screen = SCREENS[route];
    it(`${route} shows its own screen, with no console error or failed request`, async () => {
      const player = screen.signedIn ? member : guest;
      const { page } = player;
      player.errors.length = 0;
      player.failedRequests.length = 0;
      const path = screen.path
        .replace('{guest game}', String(gameId))
        .replace('{member}', memberName);
      const response = await page.goto(path);
      expect(response?.status(), 'the server answers index.html for a client route').toBe(200);
      await screen.shows(page, memberName).first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
      const landed = new URL(page.url()).pathname;
      if (screen.endsAt) expect(landed).toMatch(screen.endsAt);
      else expect(landed, 'no redirect to another screen').toBe(path);
      const provoked = (line: string) => screen.provokes?.test(line.split(' ').at(-1) ?? '');
      expect(player.failedRequests.filter((line) => !provoked(line))).toEqual([]);
      // A provoked 404 is also reported by Chromium as a console error about that resource.
      const unexpected = player.errors.filter(
        (line) => !(screen.provokes && line.startsWith('Failed to load resource')),
      );
      expect(unexpected).toEqual([]);
      if (screen.audit) await expectAccessible(page, route);
    });
  }
});
