import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Friend, FriendRequest } from '@jotto/shared/social-schemas';
import { fakeApi, type FakeHandlers } from '@/test/fake-api.ts';
import { alertText, currentPath, linksIn, renderScreen } from '@/test/render-screen.tsx';
import { FriendsPage } from './friends-page.tsx';

const signedIn = { result: 'ok', msg: 'alice' } as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The server's friends of alice and requests to her, changed by the tests as the server would. */
function socialState(friends: Friend[] = [], requests: FriendRequest[] = []) {
  const state = { friends, requests };
  const handlers: FakeHandlers = {
    friends: () => ({ result: 'ok', friends: state.friends }),
    friendRequests: () => ({ result: 'ok', requests: state.requests }),
  };
  return { state, handlers };
}

function renderFriends(handlers: FakeHandlers, path = '/friends') {
  const api = fakeApi({ userInfo: signedIn, ...handlers });
  const rendered = renderScreen(<FriendsPage />, { path, route: '/friends/*' });
  return { api, ...rendered };
}

const list = (name: string) => screen.getByRole('list', { name });
const modal = () => screen.getByRole('dialog', { name: 'Friend Request' });

describe('FriendsPage: tabs', () => {
  it('has the Friends (current at /friends) and Add Friends tabs, which navigate', async () => {
    renderFriends(socialState().handlers);
    const tabs = screen.getByRole('navigation', { name: 'Friends' });
    const friendsTab = within(tabs).getByRole('link', { name: 'Friends' });
    const addTab = within(tabs).getByRole('link', { name: 'Add Friends' });
    expect(friendsTab.getAttribute('href')).toBe('/friends');
    expect(friendsTab.getAttribute('aria-current')).toBe('page');
    expect(addTab.getAttribute('href')).toBe('/friends/new');
    await screen.findByText('No friends :(');
    fireEvent.click(addTab);
    await waitFor(() => expect(currentPath()).toBe('/friends/new'));
    screen.getByRole('heading', { name: 'Search for friends:' });
    expect(addTab.getAttribute('aria-current')).toBe('page');
    fireEvent.click(friendsTab);
    await waitFor(() => expect(currentPath()).toBe('/friends'));
    screen.getByRole('heading', { name: 'Friend Requests' });
  });

  it('tells a guest friends need an account, and asks the server nothing', async () => {
    const { api } = renderFriends({ userInfo: { result: 'guest' } });
    const sentence = await screen.findByText('You must be logged in to add friends');
    // Beside the sentence (which stays as it is): the ways to an account.
    expect(linksIn(sentence.parentElement!)).toEqual([
      ['Sign up', '/register'],
      ['Log in', '/login'],
    ]);
    expect(api.callsOf('friends')).toHaveLength(0);
    expect(api.callsOf('friendRequests')).toHaveLength(0);
  });
});

describe('FriendsPage: the Friends tab', () => {
  it("says 'Loading..' in each list while it loads, then 'No friends :(' and 'No requests :('", async () => {
    const friends = deferred<{ result: 'ok'; friends: Friend[] }>();
    const requests = deferred<{ result: 'ok'; requests: FriendRequest[] }>();
    renderFriends({ friends: () => friends.promise, friendRequests: () => requests.promise });
    await waitFor(() => expect(screen.getAllByText('Loading..')).toHaveLength(2));
    friends.resolve({ result: 'ok', friends: [] });
    await screen.findByText('No friends :(');
    expect(screen.getAllByText('Loading..')).toHaveLength(1);
    requests.resolve({ result: 'ok', requests: [] });
    await screen.findByText('No requests :(');
    expect(screen.queryByText('Loading..')).toBeNull();
  });

  it('lists friends, each opening their profile', async () => {
    renderFriends(
      socialState([
        { id: 2, name: 'bob' },
        { id: 3, name: 'Carol' },
      ]).handlers,
    );
    await screen.findByRole('list', { name: 'Friends' });
    const links = within(list('Friends')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bbob›', '/profile/bob'],
      ['CCarol›', '/profile/Carol'],
    ]);
    fireEvent.click(within(list('Friends')).getByRole('link', { name: /Carol/ }));
    await waitFor(() => expect(currentPath()).toBe('/profile/Carol'));
  });

  it("alerts 'Error: ' and the server's err when a list cannot be loaded", async () => {
    renderFriends({
      friends: { status: 401, err: 'You must be logged in to do that' },
      friendRequests: { result: 'ok', requests: [] },
    });
    await waitFor(() => expect(alertText()).toBe('Error: You must be logged in to do that'));
  });

  it('only logs a network error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFriends({
      friends: () => {
        throw new TypeError('Failed to fetch');
      },
      friendRequests: { result: 'ok', requests: [] },
    });
    await waitFor(
      () => expect(logged).toHaveBeenCalledWith('friends failed to load', expect.anything()),
      {
        timeout: 3000,
      },
    );
    expect(alertText()).toBeNull();
  });
});

describe('FriendsPage: the Friend Request modal', () => {
  it("opens on a request with 'From: {name}'; Accept says 'Accepting...' and ignores clicks until answered; then closes and both lists refresh", async () => {
    const { state, handlers } = socialState([], [{ id: 7, name: 'dave' }]);
    const answer = deferred<{ result: 'ok' }>();
    const { api } = renderFriends({
      ...handlers,
      acceptFriend: async () => {
        await answer.promise;
        state.friends = [{ id: 4, name: 'dave' }];
        state.requests = [];
        return { result: 'ok' };
      },
      denyFriend: { result: 'ok' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /dave/ }));
    const dialog = modal();
    within(dialog).getByText('From: dave');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept Request' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny Request' }));
    const accepting = await within(dialog).findByRole('button', { name: 'Accepting...' });
    fireEvent.click(accepting);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny Request' }));
    expect(api.callsOf('acceptFriend')).toHaveLength(1);
    expect(api.callsOf('acceptFriend')[0]!.body).toEqual({ id: 7 });
    expect(api.callsOf('denyFriend')).toHaveLength(0);
    answer.resolve({ result: 'ok' });
    await screen.findByText('No requests :(');
    within(list('Friends')).getByRole('link', { name: /dave/ });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentPath()).toBe('/friends');
  });

  it("denies with the 'Deny Request' link: the modal closes and the request goes", async () => {
    const { state, handlers } = socialState([], [{ id: 7, name: 'dave' }]);
    const { api } = renderFriends({
      ...handlers,
      denyFriend: () => {
        state.requests = [];
        return { result: 'ok' };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /dave/ }));
    const deny = within(modal()).getByRole('button', { name: 'Deny Request' });
    expect(deny.className).toContain('link-button');
    fireEvent.click(deny);
    await screen.findByText('No requests :(');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('denyFriend')[0]!.body).toEqual({ id: 7 });
    screen.getByText('No friends :(');
  });

  it("alerts the server's err when the answer fails, and keeps the modal for another try", async () => {
    const { handlers } = socialState([], [{ id: 7, name: 'dave' }]);
    renderFriends({
      ...handlers,
      acceptFriend: { status: 409, err: 'This friend request was already answered' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /dave/ }));
    fireEvent.click(within(modal()).getByRole('button', { name: 'Accept Request' }));
    await waitFor(() => expect(alertText()).toBe('This friend request was already answered'));
    within(modal()).getByRole('button', { name: 'Accept Request' });
  });

  it('closes on its close icon, at /friends', async () => {
    const { handlers } = socialState([], [{ id: 7, name: 'dave' }]);
    renderFriends(handlers);
    fireEvent.click(await screen.findByRole('button', { name: /dave/ }));
    fireEvent.click(within(modal()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentPath()).toBe('/friends');
  });
});

describe('FriendsPage: live', () => {
  it('a friend:request adds the request and a friend:accepted the friend, without a reload', async () => {
    const { state, handlers } = socialState();
    const { socket } = renderFriends(handlers);
    await screen.findByText('No requests :(');
    await screen.findByText('No friends :(');
    act(() => socket.connect());
    state.requests = [{ id: 9, name: 'erin' }];
    act(() => socket.emit('friend:request', { id: 9, name: 'erin' }));
    await screen.findByRole('button', { name: /erin/ });
    state.friends = [{ id: 5, name: 'frank' }];
    act(() => socket.emit('friend:accepted', { name: 'frank' }));
    await screen.findByRole('link', { name: /frank/ });
  });

  it('fetches both lists again after the socket reconnects', async () => {
    const { handlers } = socialState();
    const { api, socket } = renderFriends(handlers);
    await screen.findByText('No requests :(');
    act(() => socket.connect());
    await waitFor(() => expect(api.callsOf('friends')).toHaveLength(2));
    act(() => socket.drop());
    act(() => socket.connect());
    await waitFor(() => expect(api.callsOf('friends')).toHaveLength(3));
    await waitFor(() => expect(api.callsOf('friendRequests')).toHaveLength(3));
  });
});

describe('FriendsPage: the Add Friends tab', () => {
  it("has 'Search for friends:' and a Username input; Enter searches and the results open profiles", async () => {
    const { api } = renderFriends(
      {
        searchUsers: ({ body }) => ({
          result: 'ok',
          users: body.username === 'bo' ? [{ id: 2, username: 'bob' }] : [],
        }),
      },
      '/friends/new',
    );
    screen.getByRole('heading', { name: 'Search for friends:' });
    const input = screen.getByLabelText('Username');
    fireEvent.change(input, { target: { value: 'bo' } });
    fireEvent.submit(input.closest('form')!);
    const found = await screen.findByRole('list', { name: 'Players found' });
    const link = within(found).getByRole('link', { name: /bob/ });
    expect(link.getAttribute('href')).toBe('/profile/bob');
    expect(api.callsOf('searchUsers')[0]!.body).toEqual({ username: 'bo' });
    fireEvent.click(link);
    await waitFor(() => expect(currentPath()).toBe('/profile/bob'));
  });

  it('sends an empty name too (no client-side check), and the same name again searches again', async () => {
    const { api } = renderFriends({ searchUsers: { result: 'ok', users: [] } }, '/friends/new');
    const form = screen.getByLabelText('Username').closest('form')!;
    fireEvent.submit(form);
    await waitFor(() => expect(api.callsOf('searchUsers')).toHaveLength(1));
    expect(api.callsOf('searchUsers')[0]!.body).toEqual({ username: '' });
    await screen.findByText('No players found.');
    fireEvent.submit(form);
    await waitFor(() => expect(api.callsOf('searchUsers')).toHaveLength(2));
  });

  it('searches once for a double click on Search, a first search or the same name again', async () => {
    const answers: Array<() => void> = [];
    const { api } = renderFriends(
      {
        searchUsers: () =>
          new Promise((resolve) => answers.push(() => resolve({ result: 'ok', users: [] }))),
      },
      '/friends/new',
    );
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bo' } });
    const search = screen.getByRole('button', { name: 'Search' });
    fireEvent.click(search);
    fireEvent.click(search);
    await waitFor(() => expect(api.callsOf('searchUsers')).toHaveLength(1));
    await act(async () => answers.splice(0).forEach((answer) => answer()));
    await screen.findByText('No players found.');
    fireEvent.click(search);
    fireEvent.click(search);
    await waitFor(() => expect(api.callsOf('searchUsers')).toHaveLength(2));
    await act(async () => {});
    expect(answers).toHaveLength(1);
    expect(api.callsOf('searchUsers')).toHaveLength(2);
  });

  it("alerts 'something went wrong' when the search fails", async () => {
    renderFriends({ searchUsers: { status: 429, err: 'Too many requests' } }, '/friends/new');
    const input = screen.getByLabelText('Username');
    fireEvent.change(input, { target: { value: 'bo' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(alertText()).toBe('something went wrong'));
  });
});
