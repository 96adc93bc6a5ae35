import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RatingHistoryEntry } from '@jotto/shared/rating-schemas';
import type { Profile } from '@jotto/shared/social-schemas';
import { fakeApi, type FakeHandlers } from '@/test/fake-api.ts';
import { STATUS_TOAST_MS } from '@/components/status-toast.tsx';
import { alertText, currentPath, renderScreen, statusToastText } from '@/test/render-screen.tsx';
import { PROVISIONAL_HINT } from '@/features/ratings/rating-text.ts';
import { ProfilePage, SCORE_HINT, SCORE_TITLE } from './profile-page.tsx';
import { NO_RATED_GAMES, PROVISIONAL_NOTE } from './profile-rating.tsx';
import { RATING_CHART_TITLE } from './rating-chart.tsx';

const signedIn = { result: 'ok', msg: 'alice' } as const;

const profileOf = (username: string, more: Partial<Profile> = {}): Profile => ({
  username,
  displayName: username,
  admin: false,
  points: 120,
  gameCt: 5,
  winCt: 3,
  winRatio: 1.5,
  isFriend: false,
  rating: { value: 1500, deviation: 350, provisional: true, games: 0 },
  ...more,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderProfile(path: string, handlers: FakeHandlers) {
  const api = fakeApi({
    userInfo: signedIn,
    profileRatings: { result: 'ok', history: [] },
    ...handlers,
  });
  const route = path === '/profile' ? '/profile' : '/profile/:username';
  const rendered = renderScreen(<ProfilePage />, { path, route });
  return { api, ...rendered };
}

/** Each figure of a box by its label, as a screen reader reads it (its hint included). */
const figures = (region: string) =>
  Object.fromEntries(
    within(screen.getByRole('region', { name: region }))
      .getAllByRole('term')
      .map((term) => [
        term.textContent,
        [...term.parentElement!.querySelectorAll('dd')].map((dd) => dd.textContent).join(' · '),
      ]),
  );
const stats = () => figures('Stats');

const entry = (gameId: number, value: number, deviation: number): RatingHistoryEntry => ({
  gameId,
  at: `2026-03-0${gameId}T10:00:00.000Z`,
  value,
  deviation,
});

describe('ProfilePage', () => {
  it("shows a stranger's username, 'Add friend' and the Stats box, and no Friends box", async () => {
    const { api } = renderProfile('/profile/bob', {
      profile: { result: 'ok', data: profileOf('bob') },
    });
    await screen.findByRole('heading', { level: 1, name: 'bob' });
    expect(api.callsOf('profile')[0]!.params).toEqual({ username: 'bob' });
    screen.getByRole('button', { name: 'Add friend' });
    expect(screen.queryByRole('button', { name: 'Send Challenge' })).toBeNull();
    expect(stats()).toEqual({
      Score: `120 · ${SCORE_HINT}`,
      'Games Played': '5',
      'Games Won': '3',
      'Win/Loss Ratio': '1.5',
    });
    expect(screen.queryByRole('region', { name: 'Friends' })).toBeNull();
  });

  it("says what the Stats box's Score counts: points from games won, not a game's score", async () => {
    renderProfile('/profile/bob', { profile: { result: 'ok', data: profileOf('bob') } });
    await screen.findByRole('heading', { level: 1, name: 'bob' });
    const box = screen.getByRole('region', { name: 'Stats' });
    const score = within(box)
      .getAllByRole('term')
      .find((term) => term.textContent === 'Score')!.parentElement!;
    expect(SCORE_HINT).toBe('points from games won');
    // Seen under the figure, and in the figure's tooltip in full.
    expect(within(score).getByText(SCORE_HINT).tagName).toBe('DD');
    expect(score.getAttribute('title')).toBe(SCORE_TITLE);
    expect(SCORE_TITLE).toMatch(/games won, added up\. A game lost.*adds nothing/);
  });

  it("shows a newcomer's Rating box: '1500?', the deviation, no games, and what '?' means", async () => {
    const { api } = renderProfile('/profile/bob', {
      profile: { result: 'ok', data: profileOf('bob') },
    });
    await screen.findByRole('heading', { level: 1, name: 'bob' });
    expect(figures('Rating')).toEqual({
      Rating: `1500? (${PROVISIONAL_HINT})`,
      Deviation: '±350',
      'Rated Games': '0',
    });
    const rating = screen.getByRole('region', { name: 'Rating' });
    expect(within(rating).getByText('1500?').getAttribute('title')).toBe(PROVISIONAL_HINT);
    within(rating).getByText(PROVISIONAL_NOTE);
    await within(rating).findByText(NO_RATED_GAMES);
    expect(within(rating).queryByRole('img')).toBeNull();
    expect(api.callsOf('profileRatings')[0]!.params).toEqual({ username: 'bob' });
  });

  it('shows a settled rating without a ? and the chart of its history', async () => {
    renderProfile('/profile/bob', {
      profile: {
        result: 'ok',
        data: profileOf('bob', {
          rating: { value: 1587, deviation: 96, provisional: false, games: 14 },
        }),
      },
      profileRatings: {
        result: 'ok',
        history: [entry(1, 1662, 290), entry(2, 1540, 240), entry(3, 1587, 96)],
      },
    });
    const chart = await screen.findByRole('img', { name: RATING_CHART_TITLE });
    expect(figures('Rating')).toEqual({ Rating: '1587', Deviation: '±96', 'Rated Games': '14' });
    const rating = screen.getByRole('region', { name: 'Rating' });
    expect(within(rating).queryByText(PROVISIONAL_NOTE)).toBeNull();
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toBe(
      '3 rated games, from 1662 to 1587; highest 1662, lowest 1540. ' +
        'The shaded band is the rating plus or minus its deviation.',
    );
    const table = within(rating).getByRole('table', { name: RATING_CHART_TITLE });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'GameDateRatingDeviation',
      '12026-03-011662290',
      '22026-03-021540240',
      '32026-03-03158796',
    ]);
  });

  it("'Add friend' sends the request and says 'Friend request sent!'", async () => {
    const { api } = renderProfile('/profile/bob', {
      profile: { result: 'ok', data: profileOf('bob') },
      addFriend: { result: 'ok', msg: 'Friend request sent to bob!' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    await waitFor(() => expect(alertText()).toBe('Friend request sent!'));
    expect(api.callsOf('addFriend')).toHaveLength(1);
    expect(api.callsOf('addFriend')[0]!.params).toEqual({ username: 'bob' });
  });

  it("'Add friend' alerts 'Error: ' and the server's sentence when refused, and sends once at a time", async () => {
    const answer = deferred<{ status: number; err: string }>();
    const { api } = renderProfile('/profile/bob', {
      profile: { result: 'ok', data: profileOf('bob') },
      addFriend: () => answer.promise,
    });
    const button = await screen.findByRole('button', { name: 'Add friend' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(api.callsOf('addFriend')).toHaveLength(1));
    answer.resolve({ status: 409, err: 'You already sent this player a friend request' });
    await waitFor(() =>
      expect(alertText()).toBe('Error: You already sent this player a friend request'),
    );
  });

  it("shows a friend's 'Send Challenge' and their Friends box, names linking to profiles", async () => {
    renderProfile('/profile/carol', {
      profile: {
        result: 'ok',
        data: profileOf('carol', { isFriend: true, friends: ['alice', 'dave'] }),
      },
    });
    await screen.findByRole('button', { name: 'Send Challenge' });
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
    const box = screen.getByRole('region', { name: 'Friends' });
    const links = within(box).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/profile/alice',
      '/profile/dave',
    ]);
    fireEvent.click(within(box).getByRole('link', { name: /dave/ }));
    await waitFor(() => expect(currentPath()).toBe('/profile/dave'));
  });

  it("'Send Challenge' says 'Sending...', then 'Challenge sent!' (a status that leaves by itself) and shows the sent challenges", async () => {
    const answer = deferred<{ result: 'ok'; challengeId: number; message: string }>();
    const { api } = renderProfile('/profile/carol', {
      profile: { result: 'ok', data: profileOf('carol', { isFriend: true, friends: [] }) },
      newChallenge: () => answer.promise,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send Challenge' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    fireEvent.click(sending);
    expect(api.callsOf('newChallenge')).toHaveLength(1);
    expect(api.callsOf('newChallenge')[0]!.body).toEqual({ username: 'carol' });
    answer.resolve({ result: 'ok', challengeId: 4, message: 'Challenge sent!' });
    await waitFor(() => expect(statusToastText()).toBe('Challenge sent!'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(alertText()).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/challenges'));
    // Nothing to click: it is gone after its time.
    await waitFor(() => expect(statusToastText()).toBeNull(), {
      timeout: STATUS_TOAST_MS + 2_000,
    });
    expect(alertText()).toBeNull();
  });

  it("'Send Challenge' goes straight to the game when they had challenged me", async () => {
    renderProfile('/profile/carol', {
      profile: { result: 'ok', data: profileOf('carol', { isFriend: true }) },
      newChallenge: { result: 'ok', challengeId: 4, gameId: 12, message: 'game on!' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send Challenge' }));
    await waitFor(() => expect(currentPath()).toBe('/game/12'));
    expect(alertText()).toBeNull();
  });

  it("'Send Challenge' shows the server message when refused", async () => {
    renderProfile('/profile/carol', {
      profile: { result: 'ok', data: profileOf('carol', { isFriend: true }) },
      newChallenge: { status: 429, err: 'Too many requests, try again in a minute' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send Challenge' }));
    await waitFor(() => expect(alertText()).toBe('Too many requests, try again in a minute'));
    expect(currentPath()).toBe('/profile/carol');
  });

  it('hides the Friends box of a friend or myself whose list is empty', async () => {
    renderProfile('/profile/carol', {
      profile: { result: 'ok', data: profileOf('carol', { isFriend: true, friends: [] }) },
    });
    await screen.findByRole('region', { name: 'Stats' });
    expect(screen.queryByRole('region', { name: 'Friends' })).toBeNull();
  });

  it('/profile is my own: no Add friend, no Send Challenge, my friends shown', async () => {
    const { api } = renderProfile('/profile', {
      profile: { result: 'ok', data: profileOf('alice', { friends: ['bob'] }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'alice' });
    expect(api.callsOf('profile')[0]!.params).toEqual({ username: 'alice' });
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Challenge' })).toBeNull();
    within(screen.getByRole('region', { name: 'Friends' })).getByRole('link');
  });

  it('my own profile by name, in any case, hides both actions too', async () => {
    renderProfile('/profile/ALICE', {
      profile: { result: 'ok', data: profileOf('alice') },
    });
    await screen.findByRole('heading', { level: 1, name: 'alice' });
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
  });

  it('a guest opening /profile goes to /home, asking for no profile', async () => {
    const { api } = renderProfile('/profile', { userInfo: { result: 'guest' } });
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(api.callsOf('profile')).toHaveLength(0);
  });

  it('a profile that fails to load is logged and the player goes to /home', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProfile('/profile/nobody', {
      profile: { status: 404, err: 'No player has that username' },
    });
    await waitFor(() => expect(currentPath()).toBe('/home'));
    expect(logged).toHaveBeenCalledWith('profile failed to load', expect.anything());
    expect(alertText()).toBeNull();
  });

  it('asks for a profile again each time it is opened (friendship changes elsewhere)', async () => {
    let bobIsFriend = false;
    const { api } = renderProfile('/profile/bob', {
      profile: ({ params }) =>
        params.username === 'bob'
          ? { result: 'ok', data: profileOf('bob', { isFriend: bobIsFriend, friends: ['dave'] }) }
          : { result: 'ok', data: profileOf('dave', { isFriend: true, friends: ['bob'] }) },
    });
    await screen.findByRole('button', { name: 'Add friend' });
    fireEvent.click(screen.getByRole('link', { name: /dave/ }));
    await screen.findByRole('heading', { level: 1, name: 'dave' });
    bobIsFriend = true;
    fireEvent.click(screen.getByRole('link', { name: /bob/ }));
    await screen.findByRole('button', { name: 'Send Challenge' });
    expect(api.callsOf('profile').filter((call) => call.params.username === 'bob')).toHaveLength(2);
  });

  it("turns 'Add friend' into 'Send Challenge' when they accept, without a reload", async () => {
    let data = profileOf('bob');
    const { socket } = renderProfile('/profile/bob', {
      profile: () => ({ result: 'ok', data }),
    });
    await screen.findByRole('button', { name: 'Add friend' });
    act(() => socket.connect());
    data = profileOf('bob', { isFriend: true, friends: ['alice'] });
    act(() => socket.emit('friend:accepted', { name: 'bob' }));
    await screen.findByRole('button', { name: 'Send Challenge' });
  });

  it("offers 'Watch' while the player is in a game I may watch, not on my own profile", async () => {
    renderProfile('/profile/bob', {
      profile: { result: 'ok', data: profileOf('bob', { liveGameId: 42 }) },
    });
    const watch = await screen.findByRole('link', { name: "Watch bob's game" });
    expect(watch.textContent).toBe('Watch');
    expect(watch.getAttribute('href')).toBe('/watch/42');
  });

  it("offers no 'Watch' without a live game", async () => {
    renderProfile('/profile/bob', { profile: { result: 'ok', data: profileOf('bob') } });
    await screen.findByRole('heading', { level: 1, name: 'bob' });
    expect(screen.queryByRole('link', { name: /^Watch/ })).toBeNull();
  });
});
