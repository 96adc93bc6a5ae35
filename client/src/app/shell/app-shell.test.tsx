import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { currentPath, renderScreen } from '@/test/render-screen.tsx';
import { AppShell } from './app-shell.tsx';

const SCREENS = [
  '/home',
  '/daily',
  '/list_solo',
  '/list_versus',
  '/challenges',
  '/friends',
  '/leaderboards',
  '/rules',
  '/settings',
];

function openShell(handlers: FakeHandlers, path = '/home') {
  const api = fakeApi(handlers);
  renderScreen(
    <Routes>
      <Route element={<AppShell />}>
        {SCREENS.map((screenPath) => (
          <Route key={screenPath} path={screenPath} element={<p>screen {screenPath}</p>} />
        ))}
      </Route>
      <Route path="*" element={<p>outside the shell</p>} />
    </Routes>,
    { path, route: '/*' },
  );
  return api;
}

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;
const toggle = () => screen.getByRole('button', { name: 'Menu' });
const sidebar = () => screen.queryByRole('dialog', { name: 'Menu' });
const openSidebar = () => {
  fireEvent.click(toggle());
  return screen.getByRole('dialog', { name: 'Menu' });
};

// jsdom does not scroll; the shell's scroll to the top is watched instead.
const watchScroll = () => vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
let scrolled: ReturnType<typeof watchScroll>;
beforeEach(() => {
  scrolled = watchScroll();
});

describe('AppShell', () => {
  it('shows the screen of the route under the header', async () => {
    openShell(SIGNED_IN, '/rules');
    await screen.findByText('screen /rules');
    within(screen.getByRole('main')).getByText('screen /rules');
  });

  it('links the title to /home and the username to its profile', async () => {
    openShell(SIGNED_IN, '/rules');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Jotto' }).getAttribute('href')).toBe('/home');
    const user = await within(banner).findByRole('link', { name: 'alice' });
    expect(user.getAttribute('href')).toBe('/profile/alice');
    fireEvent.click(within(banner).getByRole('link', { name: 'Jotto' }));
    expect(currentPath()).toBe('/home');
  });

  it("shows 'guest' for a guest", async () => {
    openShell({ userInfo: { result: 'guest' } });
    const guest = await within(screen.getByRole('banner')).findByRole('link', { name: 'guest' });
    // A guest has no profile (and /profile/guest could be someone's): it leads to sign-in.
    expect(guest.getAttribute('href')).toBe('/login');
  });

  it('shows no name for a player who has not picked a username yet, not even guest', async () => {
    const api = openShell({ userInfo: { result: 'finalize' } });
    await waitFor(() => expect(api.callsOf('userInfo')).not.toHaveLength(0));
    // Its answer handled: a macrotask after the fetch resolves is enough for the query to settle.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const banner = screen.getByRole('banner');
    expect(
      within(banner)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jotto']);
  });

  it('opens the sidebar from the menu toggle, with the links in their order', () => {
    openShell(SIGNED_IN);
    expect(sidebar()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const drawer = openSidebar();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Home',
      'Daily',
      'Solo',
      'Versus',
      'Challenges',
      'Friends',
      'Leaderboards',
      'Rules',
      'Settings',
      'Logout',
    ]);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(SCREENS);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("adds 'Watch' after 'Versus' for a signed-in player, not for a guest", async () => {
    openShell(SIGNED_IN);
    await within(screen.getByRole('banner')).findByRole('link', { name: 'alice' });
    const nav = within(openSidebar()).getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(labels.slice(2, 6)).toEqual(['Solo', 'Versus', 'Watch', 'Challenges']);
    expect(within(nav).getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe('/watch');
  });

  it("shows a guest no 'Watch'", async () => {
    openShell({ userInfo: { result: 'guest' } });
    await within(screen.getByRole('banner')).findByRole('link', { name: 'guest' });
    const nav = within(openSidebar()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Watch' })).toBeNull();
  });

  it('closes the sidebar when a link is picked, and goes there', () => {
    openShell(SIGNED_IN);
    const drawer = openSidebar();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Leaderboards' }));
    expect(currentPath()).toBe('/leaderboards');
    screen.getByText('screen /leaderboards');
    // A new page starts at the top.
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(sidebar()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it("closes it also for the current page's link", () => {
    openShell(SIGNED_IN);
    fireEvent.click(within(openSidebar()).getByRole('link', { name: 'Home' }));
    expect(currentPath()).toBe('/home');
    expect(sidebar()).toBeNull();
  });

  it('closes it with the toggle, Escape, or a click beside it', () => {
    openShell(SIGNED_IN);
    openSidebar();
    fireEvent.click(toggle());
    expect(sidebar()).toBeNull();

    const drawer = openSidebar();
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(drawer, escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(sidebar()).toBeNull();

    fireEvent.click(openSidebar());
    expect(sidebar()).toBeNull();
    expect(currentPath()).toBe('/home');
  });

  it('Logout in the sidebar closes it, ends the session and goes to /', async () => {
    const api = openShell({ ...SIGNED_IN, logout: { result: 'ok' } });
    fireEvent.click(within(openSidebar()).getByRole('button', { name: 'Logout' }));
    expect(sidebar()).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsOf('logout')).toHaveLength(1);
  });

  it('shows the notices over every screen of the shell, and keeps them from one to the next', async () => {
    openShell(
      {
        ...SIGNED_IN,
        notices: {
          result: 'ok',
          notices: [{ kind: 'challenge-received', challengeId: 4, sender: 'bob', rematch: false }],
        },
      },
      '/rules',
    );
    const notices = await screen.findByRole('region', { name: 'Notices' });
    within(notices).getByText('bob challenged you to a game!');
    fireEvent.click(within(openSidebar()).getByRole('link', { name: 'Leaderboards' }));
    screen.getByText('screen /leaderboards');
    within(screen.getByRole('region', { name: 'Notices' })).getByText(
      'bob challenged you to a game!',
    );
    // Outside the main content, before it: the keyboard reaches it from the header.
    expect(within(screen.getByRole('main')).queryByRole('region', { name: 'Notices' })).toBeNull();
  });
});
