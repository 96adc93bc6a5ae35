import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '@jotto/shared/notice-schemas';
import { POLL_INTERVAL_MS } from '@jotto/shared/polling';
import { challengeKeys } from '@/features/challenges/api/challenges-api.ts';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { advance, eventually, settle, useFakeClock } from '@/test/fake-clock.ts';
import { alertText, currentPath, goLive, renderScreen } from '@/test/render-screen.tsx';
import { NoticeStack } from './notice-stack.tsx';
import { SEEN_NOTICES_STORAGE_KEY } from '../seen-notices.ts';

const signedIn = { result: 'ok', msg: 'alice' } as const;

const received = (challengeId: number, sender: string, rematch = false): Notice => ({
  kind: 'challenge-received',
  challengeId,
  sender,
  rematch,
});
const friendRequest = (id: number, name: string): Notice => ({ kind: 'friend-request', id, name });
const accepted = (challengeId: number, gameId: number, name: string): Notice => ({
  kind: 'challenge-accepted',
  challengeId,
  gameId,
  name,
});

const denied = (challengeId: number, name: string): Notice => ({
  kind: 'challenge-denied',
  challengeId,
  name,
});

/** A promise the test settles: for answers that must stay pending while we look. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The notice stack as the shell holds it, over a screen at `path` (a page of the shell, a game,
 * or a screen watching a challenge). `server.notices` is what `GET /user/notices` answers now.
 */
function renderStack(handlers: FakeHandlers = {}, path = '/home', screenElement = <p>a screen</p>) {
  const server: { notices: Notice[] } = { notices: [] };
  const api = fakeApi({
    userInfo: signedIn,
    notices: () => ({ result: 'ok', notices: server.notices }),
    ...handlers,
  });
  const rendered = renderScreen(
    <>
      <NoticeStack />
      <Routes>
        <Route path="/home" element={screenElement} />
        <Route path="/game/:gameId" element={screenElement} />
        <Route path="*" element={null} />
      </Routes>
    </>,
    { path, route: '/*' },
  );
  return { server, api, ...rendered };
}

const stack = () => screen.queryByRole('region', { name: 'Notices' });
const shownTexts = () =>
  within(stack()!)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
/** The notice on the stack that says `text` (the live region says it too). */
const noticeOf = (text: string) => {
  const item = within(stack() ?? document.createElement('div'))
    .getByText(text)
    .closest('li');
  if (!item) throw new Error(`no notice says ${text}`);
  return item;
};
const findNotice = (text: string) => waitFor(() => noticeOf(text));
/** The notices' live regions: the app's status toast (role status) announces other things. */
const liveRegions = () =>
  [...document.querySelectorAll('[aria-live]')].filter(
    (region) => region.getAttribute('role') !== 'status',
  );

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  document.title = 'Jotto';
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
});

describe('NoticeStack: live', () => {
  it('shows a challenge the moment its event arrives, with Accept, Deny and Dismiss, announced politely', async () => {
    const { server, socket, api } = renderStack();
    await goLive(socket);
    await waitFor(() => expect(api.callsOf('notices').length).toBeGreaterThan(0));
    expect(stack()).toBeNull();
    const asked = api.callsOf('notices').length;

    server.notices = [received(4, 'bob')];
    act(() => socket.emit('challenge:received', { challengeId: 4, sender: 'bob' }));
    await findNotice('bob challenged you to a game!');
    expect(api.callsOf('notices')).toHaveLength(asked + 1);
    const notice = noticeOf('bob challenged you to a game!');
    expect(
      within(notice)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Deny', '×']);
    expect(within(notice).getByRole('button', { name: 'Dismiss' })).toBeDefined();
    // Each action says which notice it belongs to.
    const messageId = notice.querySelector('p')!.id;
    expect(
      within(notice).getByRole('button', { name: 'Accept' }).getAttribute('aria-describedby'),
    ).toBe(messageId);

    const regions = liveRegions();
    expect(regions).toHaveLength(1);
    expect(regions[0]!.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(regions[0]!.textContent).toBe('bob challenged you to a game!'));
  });

  it("says 'wants a rematch' for a challenge from the last opponent, and shows friend requests and answers", async () => {
    const { server, socket } = renderStack();
    await goLive(socket);
    server.notices = [
      accepted(9, 31, 'dave'),
      { kind: 'friend-accepted', id: 5, name: 'erin' },
      { kind: 'challenge-denied', challengeId: 8, name: 'frank' },
    ];
    act(() => socket.emit('challenge:accepted', { challengeId: 9, gameId: 31 }));
    await findNotice('dave accepted your challenge. Game on!');
    server.notices = [received(3, 'bob', true), friendRequest(6, 'carol'), ...server.notices];
    act(() => socket.emit('friend:request', { id: 6, name: 'carol' }));
    await findNotice('bob wants a rematch!');
    expect(shownTexts()).toEqual([
      'bob wants a rematch!',
      'carol wants to be your friend',
      'dave accepted your challenge. Game on!',
    ]);
    expect(screen.getByText('2 more waiting')).toBeDefined();
    const open = within(noticeOf('dave accepted your challenge. Game on!')).getByRole('link', {
      name: 'Open',
    });
    expect(open.getAttribute('href')).toBe('/game/31');
    expect(
      within(noticeOf('carol wants to be your friend'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Deny', '×']);
  });

  it('takes a request off at once when it was answered elsewhere (challenge:answered, friend:answered)', async () => {
    const { server, socket } = renderStack();
    await goLive(socket);
    server.notices = [received(4, 'bob'), friendRequest(7, 'carol')];
    act(() => socket.emit('friend:request', { id: 7, name: 'carol' }));
    await findNotice('bob challenged you to a game!');
    act(() => socket.emit('challenge:answered', { challengeId: 4 }));
    expect(screen.queryByText('bob challenged you to a game!')).toBeNull();
    act(() => socket.emit('friend:answered', { id: 7 }));
    expect(stack()).toBeNull();
  });
});

describe('NoticeStack: without the real-time channel', () => {
  it(`asks every ${POLL_INTERVAL_MS} ms and shows the same notices`, async () => {
    useFakeClock();
    const { server, api } = renderStack();
    await settle();
    expect(api.callsOf('notices')).toHaveLength(1);
    server.notices = [received(4, 'bob')];
    await advance(POLL_INTERVAL_MS - 1);
    expect(stack()).toBeNull();
    await advance(1);
    expect(api.callsOf('notices')).toHaveLength(2);
    expect(shownTexts()).toEqual(['bob challenged you to a game!']);
    expect(liveRegions()[0]!.textContent).toBe('bob challenged you to a game!');
    await advance(POLL_INTERVAL_MS);
    expect(api.callsOf('notices')).toHaveLength(3);
    expect(shownTexts()).toEqual(['bob challenged you to a game!']);
  });

  it('drops a request the server no longer lists (answered elsewhere), but keeps news until dismissed', async () => {
    useFakeClock();
    const { server } = renderStack();
    server.notices = [received(4, 'bob'), accepted(2, 30, 'dave')];
    await settle();
    expect(shownTexts()).toEqual([
      'bob challenged you to a game!',
      'dave accepted your challenge. Game on!',
    ]);
    server.notices = [];
    await advance(POLL_INTERVAL_MS);
    expect(shownTexts()).toEqual(['dave accepted your challenge. Game on!']);
  });

  it('asks nothing for a guest', async () => {
    useFakeClock();
    const { api } = renderStack({ userInfo: { result: 'guest' } });
    await settle();
    await advance(3 * POLL_INTERVAL_MS);
    expect(api.callsOf('notices')).toHaveLength(0);
  });
});

describe('NoticeStack: the stack', () => {
  it('shows three, newest first; the others wait and move up as one is dismissed, which never comes back', async () => {
    useFakeClock();
    const { server } = renderStack();
    server.notices = [1, 2, 3, 4, 5].map((id) => received(10 - id, `p${id}`)).reverse();
    await settle();
    expect(shownTexts()).toEqual([
      'p5 challenged you to a game!',
      'p4 challenged you to a game!',
      'p3 challenged you to a game!',
    ]);
    expect(screen.getByText('2 more waiting')).toBeDefined();

    fireEvent.click(
      within(noticeOf('p4 challenged you to a game!')).getByRole('button', { name: 'Dismiss' }),
    );
    expect(shownTexts()).toEqual([
      'p5 challenged you to a game!',
      'p3 challenged you to a game!',
      'p2 challenged you to a game!',
    ]);
    expect(screen.getByText('1 more waiting')).toBeDefined();
    // Still pending on the server, still listed: dismissed stays dismissed.
    await advance(POLL_INTERVAL_MS);
    expect(shownTexts()).not.toContain('p4 challenged you to a game!');

    // A newer one goes on top and pushes the oldest shown back into the queue.
    server.notices = [received(20, 'p6'), ...server.notices];
    await advance(POLL_INTERVAL_MS);
    expect(shownTexts()).toEqual([
      'p6 challenged you to a game!',
      'p5 challenged you to a game!',
      'p3 challenged you to a game!',
    ]);
    expect(screen.getByText('2 more waiting')).toBeDefined();
  });

  it('does not show again in this tab what it has shown, after a reload too; another tab shows it', async () => {
    useFakeClock();
    const first = renderStack();
    first.server.notices = [received(4, 'bob')];
    await settle();
    expect(shownTexts()).toEqual(['bob challenged you to a game!']);
    first.unmount();

    // The same tab, reloaded: its sessionStorage remembers.
    const again = renderStack();
    again.server.notices = [received(4, 'bob'), received(5, 'carol')];
    await settle();
    expect(shownTexts()).toEqual(['carol challenged you to a game!']);
    again.unmount();

    // Another tab starts with its own sessionStorage.
    sessionStorage.removeItem(SEEN_NOTICES_STORAGE_KEY);
    const other = renderStack();
    other.server.notices = [received(4, 'bob')];
    await settle();
    expect(shownTexts()).toEqual(['bob challenged you to a game!']);
  });

  it('while the tab is hidden, counts unseen notices in the title, and announces them once visible', async () => {
    useFakeClock();
    const { server } = renderStack();
    await settle();
    setVisibility('hidden');
    server.notices = [received(4, 'bob'), friendRequest(7, 'carol')];
    await advance(POLL_INTERVAL_MS);
    expect(document.title).toBe('(2) Jotto');
    expect(liveRegions()[0]!.textContent).toBe('');
    server.notices = [received(5, 'dave'), ...server.notices];
    await advance(POLL_INTERVAL_MS);
    expect(document.title).toBe('(3) Jotto');

    setVisibility('visible');
    await settle();
    expect(document.title).toBe('Jotto');
    expect(liveRegions()[0]!.textContent).toBe(
      'dave challenged you to a game! bob challenged you to a game! carol wants to be your friend',
    );
    // Seen now: hidden again, nothing new, nothing counted.
    setVisibility('hidden');
    await advance(POLL_INTERVAL_MS);
    expect(document.title).toBe('Jotto');
  });
});

describe('NoticeStack: answering', () => {
  it('accepts a challenge once however often Accept is pressed, says Accepting..., and lands in the game', async () => {
    const answer = deferred<{ result: 'ok'; challengeId: number; gameId: number }>();
    const { server, api } = renderStack({ acceptChallenge: () => answer.promise });
    server.notices = [received(4, 'bob')];
    const accept = within(await findNotice('bob challenged you to a game!')).getByRole('button', {
      name: 'Accept',
    });
    fireEvent.click(accept);
    fireEvent.click(accept);
    const deny = within(noticeOf('bob challenged you to a game!')).getByRole('button', {
      name: 'Deny',
    });
    fireEvent.click(deny);
    await waitFor(() => expect(accept.textContent).toBe('Accepting...'));
    expect(accept.getAttribute('aria-busy')).toBe('true');
    expect(deny.getAttribute('aria-disabled')).toBe('true');
    answer.resolve({ result: 'ok', challengeId: 4, gameId: 77 });
    await waitFor(() => expect(currentPath()).toBe('/game/77'));
    expect(api.callsOf('acceptChallenge')).toEqual([
      { name: 'acceptChallenge', params: {}, body: { challenge_id: 4 } },
    ]);
    expect(api.callsOf('denyChallenge')).toHaveLength(0);
    expect(stack()).toBeNull();
  });

  it('answers a friend request: Deny sends one denial and takes the notice off', async () => {
    const { server, api } = renderStack({ denyFriend: { result: 'ok' } });
    server.notices = [friendRequest(7, 'carol')];
    const deny = within(await findNotice('carol wants to be your friend')).getByRole('button', {
      name: 'Deny',
    });
    fireEvent.click(deny);
    fireEvent.click(deny);
    await waitFor(() => expect(stack()).toBeNull());
    expect(api.callsOf('denyFriend')).toEqual([
      { name: 'denyFriend', params: {}, body: { id: 7 } },
    ]);
    expect(currentPath()).toBe('/home');
  });

  it("alerts the server's sentence when the request is gone, and takes the notice off", async () => {
    const { server } = renderStack({
      acceptChallenge: { status: 409, err: 'This challenge is no longer pending' },
    });
    server.notices = [received(4, 'bob')];
    fireEvent.click(
      within(await findNotice('bob challenged you to a game!')).getByRole('button', {
        name: 'Accept',
      }),
    );
    await waitFor(() => expect(alertText()).toBe('This challenge is no longer pending'));
    expect(stack()).toBeNull();
    expect(currentPath()).toBe('/home');
  });

  it('opens the game of an accepted challenge, which takes its notice off', async () => {
    const { server } = renderStack();
    server.notices = [accepted(2, 30, 'dave')];
    fireEvent.click(
      within(await findNotice('dave accepted your challenge. Game on!')).getByRole('link', {
        name: 'Open',
      }),
    );
    expect(currentPath()).toBe('/game/30');
    await waitFor(() => expect(stack()).toBeNull());
  });
});

/** A screen that waits on one sent challenge's answer, as the rematch does. */
function WatchingChallenge({ challengeId }: { challengeId: number }) {
  useQuery({
    queryKey: challengeKeys.info(challengeId),
    queryFn: () => new Promise<never>(() => {}),
  });
  return <p>waiting for the answer</p>;
}

describe('NoticeStack: an accepted challenge the player is already on the way to', () => {
  it('is not shown while a screen waits on that challenge (it opens the game itself)', async () => {
    useFakeClock();
    const { server } = renderStack({}, '/home', <WatchingChallenge challengeId={2} />);
    server.notices = [accepted(2, 30, 'dave'), accepted(3, 31, 'erin')];
    await settle();
    expect(shownTexts()).toEqual(['erin accepted your challenge. Game on!']);
  });

  it('is not shown in its own game', async () => {
    useFakeClock();
    const { server } = renderStack({}, '/game/30');
    server.notices = [accepted(2, 30, 'dave')];
    await settle();
    await eventually(() => expect(screen.getByText('a screen')).toBeDefined());
    expect(stack()).toBeNull();
    // Nor later, elsewhere: it counts as seen.
    expect(JSON.parse(sessionStorage.getItem(SEEN_NOTICES_STORAGE_KEY) ?? '[]')).toContain(
      'challenge-accepted:2',
    );
  });
});

describe('NoticeStack: seen anywhere, never again', () => {
  const seenCalls = (api: ReturnType<typeof renderStack>['api']) =>
    api.callsOf('noticesSeen').flatMap((call) => (call.body as { notices: unknown[] }).notices);

  it('tells the server the news it showed, and not the requests, which wait for an answer', async () => {
    useFakeClock();
    const { server, api } = renderStack({ noticesSeen: { result: 'ok' } });
    server.notices = [received(4, 'bob'), accepted(2, 30, 'dave'), denied(3, 'erin')];
    await settle();
    expect(shownTexts()).toHaveLength(3);
    expect(seenCalls(api)).toEqual([
      { kind: 'challenge-accepted', id: 2 },
      { kind: 'challenge-denied', id: 3 },
    ]);
    // Listed again, shown already: told once.
    await advance(POLL_INTERVAL_MS);
    expect(seenCalls(api)).toHaveLength(2);
  });

  it('tells nothing while the tab is hidden, and tells what it shows once visible', async () => {
    useFakeClock();
    setVisibility('hidden');
    const { server, api } = renderStack({ noticesSeen: { result: 'ok' } });
    server.notices = [denied(3, 'erin')];
    await settle();
    expect(seenCalls(api)).toEqual([]);
    setVisibility('visible');
    await settle();
    expect(seenCalls(api)).toEqual([{ kind: 'challenge-denied', id: 3 }]);
  });

  it('takes off news seen in another tab or on another device, unless this tab shows it too', async () => {
    setVisibility('hidden');
    const { server, socket } = renderStack({ noticesSeen: { result: 'ok' } });
    await goLive(socket);
    server.notices = [denied(3, 'erin'), denied(5, 'frank')];
    act(() => socket.emit('challenge:denied', { challengeId: 5 }));
    await waitFor(() => expect(stack()).not.toBeNull());
    act(() => socket.emit('notices:seen', { notices: [{ kind: 'challenge-denied', id: 3 }] }));
    setVisibility('visible');
    await waitFor(() => expect(shownTexts()).toEqual(['frank declined your challenge.']));
    // Shown here now: seen elsewhere too, it stays until dismissed.
    act(() => socket.emit('notices:seen', { notices: [{ kind: 'challenge-denied', id: 5 }] }));
    await act(async () => {});
    expect(shownTexts()).toEqual(['frank declined your challenge.']);
  });

  it('drops news it has not shown once the server no longer lists it (seen elsewhere, its game over)', async () => {
    useFakeClock();
    setVisibility('hidden');
    const { server } = renderStack();
    server.notices = [accepted(2, 30, 'dave')];
    await settle();
    server.notices = [];
    await advance(POLL_INTERVAL_MS);
    setVisibility('visible');
    await settle();
    expect(stack()).toBeNull();
  });

  it('shows the same news twice as one card, and tells the server both were seen', async () => {
    useFakeClock();
    const { server, api } = renderStack({ noticesSeen: { result: 'ok' } });
    server.notices = [denied(7, 'bob'), denied(6, 'bob'), accepted(2, 30, 'dave')];
    await settle();
    expect(shownTexts()).toEqual([
      'bob declined your challenge.',
      'dave accepted your challenge. Game on!',
    ]);
    expect(screen.queryByText(/more waiting/)).toBeNull();
    expect(seenCalls(api)).toEqual(
      expect.arrayContaining([
        { kind: 'challenge-denied', id: 7 },
        { kind: 'challenge-denied', id: 6 },
        { kind: 'challenge-accepted', id: 2 },
      ]),
    );
  });
});
