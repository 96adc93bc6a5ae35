import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChallengeItem, ChallengeInfoResponse } from '@jotto/shared/challenge-schemas';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { fakeApi, type FakeHandlers } from '@/test/fake-api.ts';
import {
  alertText,
  currentPath,
  linksIn,
  renderScreen,
  statusToastText,
} from '@/test/render-screen.tsx';
import { UNRATED_REASON } from './challenge-terms.tsx';
import { ChallengesPage } from './challenges-page.tsx';

const signedIn = { result: 'ok', msg: 'alice' } as const;

const challenge = (
  id: number,
  sender: string,
  recipient = 'alice',
  terms: Pick<ChallengeItem, 'timeControl' | 'rated'> = { timeControl: '3d', rated: true },
): ChallengeItem => ({
  id,
  sender,
  recipient,
  timeAgo: `${id} minutes ago`,
  createdAt: '2024-05-01T10:00:00.000Z',
  ...terms,
});

/** A promise the test settles: for answers that must stay pending while we look. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderChallenges(handlers: FakeHandlers, path = '/challenges') {
  const api = fakeApi({
    userInfo: signedIn,
    challengesList: { result: 'ok', challenges: [] },
    // A sent challenge still pending, unless a test says otherwise.
    challengeInfo: ({ params }) => ({ result: 'ok', challengeId: params.id }),
    ...handlers,
  });
  const rendered = renderScreen(<ChallengesPage />, { path, route: '/challenges/*' });
  return { api, ...rendered };
}

/** A list answer by type: received `incoming`, sent `outgoing`. */
const lists =
  (incoming: () => ChallengeItem[], outgoing: () => ChallengeItem[] = () => []) =>
  ({ body }: { body: { type: 'in' | 'out' } }) => ({
    result: 'ok' as const,
    challenges: body.type === 'in' ? incoming() : outgoing(),
  });

const dialog = (name: string) => screen.getByRole('dialog', { name });
const listCalls = (api: ReturnType<typeof fakeApi>, type: 'in' | 'out') =>
  api.callsOf('challengesList').filter((call) => (call.body as { type: string }).type === type);

describe('ChallengesPage: the lists', () => {
  it('shows the game-list tabs and the received challenges, From, Received at and Time control', async () => {
    renderChallenges({
      challengesList: lists(() => [challenge(3, 'bob'), challenge(4, 'carol')]),
    });
    expect(screen.getByRole('link', { name: 'Solo' }).getAttribute('href')).toBe('/list_solo');
    expect(screen.getByRole('link', { name: 'Versus' }).getAttribute('href')).toBe('/list_versus');
    expect(screen.getByRole('link', { name: 'Challenges' }).getAttribute('href')).toBe(
      '/challenges',
    );
    expect(screen.getByText('Loading...').getAttribute('role')).toBe('status');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['From', 'Received at', 'Time control']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'bob3 minutes ago3 days',
      'carol4 minutes ago3 days',
    ]);
  });

  it("shows each time control in words, and 'Unrated' with the reason when the game would not be rated", async () => {
    renderChallenges({
      challengesList: lists(
        () => [
          challenge(3, 'bob', 'alice', { timeControl: '5m', rated: false }),
          challenge(4, 'carol', 'alice', { timeControl: '1d', rated: true }),
        ],
        () => [challenge(8, 'alice', 'dave', { timeControl: '10m', rated: false })],
      ),
    });
    const table = await screen.findByRole('table');
    const [bob, carol] = within(table).getAllByRole<HTMLTableRowElement>('row').slice(1);
    const bobTerms = bob!.cells[2]!;
    expect(within(bobTerms).getByText('5 minutes')).toBeTruthy();
    const mark = within(bobTerms).getByText('Unrated', { exact: false });
    // The reason: a tooltip for the pointer, and the mark's own words for a screen reader.
    expect(mark.getAttribute('title')).toBe('You two have played 3 rated games today');
    expect(mark.textContent).toBe(`Unrated (${UNRATED_REASON})`);
    expect(carol!.cells[2]!.textContent).toBe('1 day');
    fireEvent.click(screen.getByRole('button', { name: 'View sent challenges' }));
    const sentRow = within(screen.getByRole('table')).getAllByRole<HTMLTableRowElement>('row')[1]!;
    expect(sentRow.cells[2]!.textContent).toBe(`10 minutesUnrated (${UNRATED_REASON})`);
  });

  it("says 'No challenges :(' when there are none", async () => {
    renderChallenges({});
    await screen.findByText('No challenges :(');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('loads the sent challenges on "View sent challenges": To, Sent at and Time control, an open one To @open, rows not clickable', async () => {
    const { api } = renderChallenges({
      challengesList: lists(
        () => [],
        () => [challenge(8, 'alice', 'dave'), challenge(9, 'alice', '@open')],
      ),
    });
    await screen.findByText('No challenges :(');
    fireEvent.click(screen.getByRole('button', { name: 'View sent challenges' }));
    screen.getByRole('heading', { name: 'Sent challenges' });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['To', 'Sent at', 'Time control']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'dave8 minutes ago3 days',
      '@open9 minutes ago3 days',
    ]);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    fireEvent.click(rows[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(listCalls(api, 'out').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'View received challenges' }));
    screen.getByRole('heading', { name: 'Challenges' });
  });

  it('tells a guest they must be logged in, asks the server nothing, and alerts on New Challenge', async () => {
    const { api } = renderChallenges({ userInfo: { result: 'guest' } });
    const sentence = await screen.findByText('You must be logged in to receive challenges');
    // Beside the sentence (which stays as it is): the ways to an account.
    expect(linksIn(sentence.parentElement!)).toEqual([
      ['Sign up', '/register'],
      ['Log in', '/login'],
    ]);
    expect(screen.queryByRole('button', { name: 'View sent challenges' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New Challenge' }));
    expect(alertText()).toBe('You must be logged in to issue a challenge');
    expect(currentPath()).toBe('/challenges');
    expect(api.callsOf('challengesList')).toHaveLength(0);
  });

  it('sends a guest who opens /challenges/new back to /challenges with the same alert', async () => {
    renderChallenges({ userInfo: { result: 'guest' } }, '/challenges/new');
    await waitFor(() => expect(currentPath()).toBe('/challenges'));
    expect(alertText()).toBe('You must be logged in to issue a challenge');
    expect(screen.queryByRole('dialog', { name: 'Issue Challenge' })).toBeNull();
  });
});

describe('ChallengesPage: the Incoming Challenge modal', () => {
  it("opens on a received row with 'From: {sender}'; Accept says 'Accepting...', blocks both, then goes to the game", async () => {
    const answer = deferred<{ result: 'ok'; challengeId: number; gameId: number }>();
    const { api } = renderChallenges({
      challengesList: lists(() => [challenge(3, 'bob')]),
      acceptChallenge: () => answer.promise,
      denyChallenge: { result: 'ok', challengeId: 3 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'bob' }));
    const modal = dialog('Incoming Challenge');
    within(modal).getByText('From: bob');
    // A double click, and Deny in the same instant: one request only.
    fireEvent.click(within(modal).getByRole('button', { name: 'Accept Challenge' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Accept Challenge' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Deny Challenge' }));
    const accepting = await within(modal).findByRole('button', { name: 'Accepting...' });
    fireEvent.click(accepting);
    fireEvent.click(within(modal).getByRole('button', { name: 'Deny Challenge' }));
    expect(api.callsOf('acceptChallenge')).toHaveLength(1);
    expect(api.callsOf('denyChallenge')).toHaveLength(0);
    expect(api.callsOf('acceptChallenge')[0]!.body).toEqual({ challenge_id: 3 });
    answer.resolve({ result: 'ok', challengeId: 3, gameId: 77 });
    await waitFor(() => expect(currentPath()).toBe('/game/77'));
  });

  it('says the time control before accepting, and that the game would be unrated, and why', async () => {
    renderChallenges({
      challengesList: lists(() => [
        challenge(3, 'bob', 'alice', { timeControl: '3m', rated: false }),
        challenge(4, 'carol', 'alice', { timeControl: '3d', rated: true }),
      ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'bob' }));
    const unrated = dialog('Incoming Challenge');
    within(unrated).getByText('From: bob');
    within(unrated).getByText('Time control: 3 minutes');
    within(unrated).getByText('Unrated');
    within(unrated).getByText('You two have played 3 rated games today.', { exact: false });
    fireEvent.click(within(unrated).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'carol' }));
    const rated = dialog('Incoming Challenge');
    within(rated).getByText('Time control: 3 days');
    expect(within(rated).queryByText('Unrated', { exact: false })).toBeNull();
  });

  it('opens from anywhere on the row too', async () => {
    renderChallenges({ challengesList: lists(() => [challenge(3, 'bob')]) });
    const row = (await screen.findByRole('button', { name: 'bob' })).closest('tr')!;
    fireEvent.click(row.cells[1]!);
    within(dialog('Incoming Challenge')).getByText('From: bob');
  });

  it('denies: the modal closes and the list reloads without the challenge', async () => {
    let pending = [challenge(3, 'bob')];
    const { api } = renderChallenges({
      challengesList: lists(() => pending),
      denyChallenge: ({ body }) => {
        pending = [];
        return { result: 'ok', challengeId: body.challenge_id };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'bob' }));
    fireEvent.click(
      within(dialog('Incoming Challenge')).getByRole('button', { name: 'Deny Challenge' }),
    );
    await screen.findByText('No challenges :(');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('denyChallenge')[0]!.body).toEqual({ challenge_id: 3 });
    expect(currentPath()).toBe('/challenges');
  });

  it("alerts the server's err when accepting fails", async () => {
    renderChallenges({
      challengesList: lists(() => [challenge(3, 'bob')]),
      acceptChallenge: { status: 409, err: 'This challenge is no longer pending' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'bob' }));
    fireEvent.click(
      within(dialog('Incoming Challenge')).getByRole('button', { name: 'Accept Challenge' }),
    );
    await waitFor(() => expect(alertText()).toBe('This challenge is no longer pending'));
    expect(currentPath()).toBe('/challenges');
  });

  it("alerts the server's err when denying fails", async () => {
    renderChallenges({
      challengesList: lists(() => [challenge(3, 'bob')]),
      denyChallenge: { status: 403, err: 'Only the challenged player can answer this challenge' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'bob' }));
    fireEvent.click(
      within(dialog('Incoming Challenge')).getByRole('button', { name: 'Deny Challenge' }),
    );
    await waitFor(() =>
      expect(alertText()).toBe('Only the challenged player can answer this challenge'),
    );
  });

  it('closes on its close icon', async () => {
    renderChallenges({ challengesList: lists(() => [challenge(3, 'bob')]) });
    fireEvent.click(await screen.findByRole('button', { name: 'bob' }));
    fireEvent.click(within(dialog('Incoming Challenge')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ChallengesPage: the Issue Challenge modal', () => {
  const issue = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'New Challenge' }));
    await waitFor(() => expect(currentPath()).toBe('/challenges/new'));
    return dialog('Issue Challenge');
  };

  it("'New Challenge' opens it at /challenges/new; Enter sends the username; 'Sending...'; then 'Challenge sent!' and the sent list at /challenges", async () => {
    const answer = deferred<{ result: 'ok'; challengeId: number; message: string }>();
    let sent: ChallengeItem[] = [];
    const { api } = renderChallenges({
      challengesList: lists(
        () => [],
        () => sent,
      ),
      newChallenge: async () => {
        const result = await answer.promise;
        sent = [challenge(5, 'alice', 'bob')];
        return result;
      },
    });
    const modal = await issue();
    const input = within(modal).getByLabelText('Username');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.submit(input.closest('form')!);
    fireEvent.submit(input.closest('form')!);
    await within(modal).findByRole('button', { name: 'Sending...' });
    fireEvent.submit(input.closest('form')!);
    fireEvent.click(within(modal).getByRole('button', { name: 'Open Challenge' }));
    expect(api.callsOf('newChallenge')).toHaveLength(1);
    expect(api.callsOf('newChallenge')[0]!.body).toEqual({ username: 'bob', timeControl: '3d' });
    answer.resolve({ result: 'ok', challengeId: 5, message: 'Challenge sent!' });
    // A status that needs no answer, not an alert.
    await waitFor(() => expect(statusToastText()).toBe('Challenge sent!'));
    expect(alertText()).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/challenges'));
    screen.getByRole('heading', { name: 'Sent challenges' });
    await screen.findByRole('cell', { name: 'bob' });
    // Opened again, it starts empty.
    fireEvent.click(screen.getByRole('button', { name: 'New Challenge' }));
    const again = await screen.findByRole('dialog', { name: 'Issue Challenge' });
    expect(within(again).getByLabelText<HTMLInputElement>('Username').value).toBe('');
  });

  it("'Challenge' sends the username too", async () => {
    const { api } = renderChallenges({
      newChallenge: { result: 'ok', challengeId: 5, message: 'Challenge sent!' },
    });
    const modal = await issue();
    fireEvent.change(within(modal).getByLabelText('Username'), { target: { value: 'carol' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Challenge' }));
    await waitFor(() => expect(api.callsOf('newChallenge')).toHaveLength(1));
    expect(api.callsOf('newChallenge')[0]!.body).toEqual({ username: 'carol', timeControl: '3d' });
  });

  it("'Open Challenge' sends '@open' and goes straight to the game when paired", async () => {
    const { api } = renderChallenges({
      newChallenge: { result: 'ok', challengeId: 6, gameId: 9, message: 'Paired' },
    });
    const modal = await issue();
    fireEvent.click(within(modal).getByRole('button', { name: 'Open Challenge' }));
    await waitFor(() => expect(currentPath()).toBe('/game/9'));
    expect(api.callsOf('newChallenge')[0]!.body).toEqual({ username: '@open', timeControl: '3d' });
    expect(alertText()).toBeNull();
  });

  it("offers the five time controls in words under 'Time control', '3 days' first chosen", async () => {
    renderChallenges({});
    const modal = await issue();
    const select = within(modal).getByLabelText<HTMLSelectElement>('Time control');
    expect(select.tagName).toBe('SELECT');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3 minutes', '5 minutes', '10 minutes', '1 day', '3 days']);
    expect(select.value).toBe('3d');
    expect(within(select).getByRole<HTMLOptionElement>('option', { selected: true }).text).toBe(
      '3 days',
    );
  });

  it('sends the time control chosen, with a named challenge and with an open one', async () => {
    const { api } = renderChallenges({
      newChallenge: { result: 'ok', challengeId: 5, message: 'Challenge sent!' },
    });
    const modal = await issue();
    fireEvent.change(within(modal).getByLabelText('Time control'), { target: { value: '5m' } });
    fireEvent.change(within(modal).getByLabelText('Username'), { target: { value: 'carol' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Challenge' }));
    await waitFor(() => expect(api.callsOf('newChallenge')).toHaveLength(1));
    expect(api.callsOf('newChallenge')[0]!.body).toEqual({ username: 'carol', timeControl: '5m' });
    await waitFor(() => expect(currentPath()).toBe('/challenges'));
    // Opened again, the name is empty but the time control is still the one chosen.
    const again = await issue();
    const select = within(again).getByLabelText<HTMLSelectElement>('Time control');
    expect(select.value).toBe('5m');
    fireEvent.change(select, { target: { value: '1d' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Open Challenge' }));
    await waitFor(() => expect(api.callsOf('newChallenge')).toHaveLength(2));
    expect(api.callsOf('newChallenge')[1]!.body).toEqual({ username: '@open', timeControl: '1d' });
  });

  it('shows the server message in the alert modal when sending fails, and stays open', async () => {
    renderChallenges({ newChallenge: { status: 404, err: 'No player has that username' } });
    const modal = await issue();
    fireEvent.change(within(modal).getByLabelText('Username'), { target: { value: 'nobody' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Challenge' }));
    await waitFor(() => expect(alertText()).toBe('No player has that username'));
    expect(currentPath()).toBe('/challenges/new');
    within(modal).getByRole('button', { name: 'Challenge' });
  });

  it('opens by itself at /challenges/new and its close icon returns to /challenges', async () => {
    renderChallenges({}, '/challenges/new');
    const modal = await screen.findByRole('dialog', { name: 'Issue Challenge' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentPath()).toBe('/challenges'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ChallengesPage: live and polling', () => {
  it('a challenge:received adds the row without a reload', async () => {
    let received: ChallengeItem[] = [];
    const { socket } = renderChallenges({ challengesList: lists(() => received) });
    await screen.findByText('No challenges :(');
    act(() => socket.connect());
    received = [challenge(12, 'erin')];
    act(() => socket.emit('challenge:received', { challengeId: 12, sender: 'erin' }));
    await screen.findByRole('button', { name: 'erin' });
  });

  it('a challenge:accepted takes the sender to the game at once', async () => {
    const { socket } = renderChallenges({});
    await screen.findByText('No challenges :(');
    act(() => socket.connect());
    act(() => socket.emit('challenge:accepted', { challengeId: 5, gameId: 31 }));
    await waitFor(() => expect(currentPath()).toBe('/game/31'));
  });

  it('a challenge:denied takes the challenge off the sent list', async () => {
    let sent = [challenge(5, 'alice', 'bob')];
    const { socket } = renderChallenges({
      challengesList: lists(
        () => [],
        () => sent,
      ),
    });
    act(() => socket.connect());
    fireEvent.click(await screen.findByRole('button', { name: 'View sent challenges' }));
    await screen.findByRole('cell', { name: 'bob' });
    sent = [];
    act(() => socket.emit('challenge:denied', { challengeId: 5 }));
    await screen.findByText('No challenges :(');
  });

  it('while the socket is not live, polls the info of pending sent challenges every 3000 ms and goes to the game', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let info: ChallengeInfoResponse = { result: 'ok', challengeId: 5 };
    const { api } = renderChallenges({
      challengesList: lists(
        () => [],
        () => [challenge(5, 'alice', 'bob')],
      ),
      challengeInfo: () => info,
    });
    await waitFor(() => expect(api.callsOf('challengeInfo')).toHaveLength(1));
    expect(api.callsOf('challengeInfo')[0]!.params).toEqual({ id: '5' });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(api.callsOf('challengeInfo')).toHaveLength(2);
    expect(currentPath()).toBe('/challenges');
    info = { result: 'ok', challengeId: 5, gameId: 40 };
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(currentPath()).toBe('/game/40'));
  });

  it("stops polling a challenge whose info says 'stop', and drops it from the sent list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sent = [challenge(5, 'alice', 'bob')];
    const { api } = renderChallenges({
      challengesList: lists(
        () => [],
        () => sent,
      ),
      challengeInfo: () => {
        sent = [];
        return { result: 'stop', challengeId: 5 };
      },
    });
    await waitFor(() => expect(api.callsOf('challengeInfo')).toHaveLength(1));
    await waitFor(() => expect(listCalls(api, 'out')).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(4 * POLL_INTERVAL_MS));
    expect(api.callsOf('challengeInfo')).toHaveLength(1);
    expect(currentPath()).toBe('/challenges');
  });

  it('does not poll while the socket is live; after a reconnect it catches up once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, socket } = renderChallenges({
      challengesList: lists(
        () => [],
        () => [challenge(5, 'alice', 'bob')],
      ),
    });
    // Polled once while the channel was still connecting, then it came up.
    await waitFor(() => expect(listCalls(api, 'out')).toHaveLength(1));
    act(() => socket.connect());
    await act(() => vi.advanceTimersByTimeAsync(100));
    const before = api.callsOf('challengeInfo').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS));
    expect(api.callsOf('challengeInfo')).toHaveLength(before);
    const listsBefore = api.callsOf('challengesList').length;
    act(() => socket.drop());
    act(() => socket.connect());
    await waitFor(() => expect(api.callsOf('challengesList').length).toBe(listsBefore + 2));
    await waitFor(() => expect(api.callsOf('challengeInfo').length).toBeGreaterThan(before));
  });
});
