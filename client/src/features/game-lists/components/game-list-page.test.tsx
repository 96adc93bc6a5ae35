import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameListItem } from '@jotto/shared/game-schemas';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { alertText, currentPath, linksIn, renderScreen } from '@/test/render-screen.tsx';
import { GameListPage } from './game-list-page.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;
const GUEST = { userInfo: { result: 'guest' } } satisfies FakeHandlers;

const item = (overrides: Partial<GameListItem>): GameListItem => ({
  id: 1,
  score: 100,
  timeAgo: '5 minutes ago',
  lastPlayedAt: '2025-01-01T10:00:00Z',
  guess: null,
  won: false,
  forfeit: false,
  ...overrides,
});

const SOLO_NEW = [
  item({ id: 11, score: 85, guess: 'plumb', timeAgo: '2 minutes ago' }),
  item({ id: 12, score: 100, guess: null, timeAgo: '1 hour ago' }),
];
const SOLO_OLD = [
  item({ id: 21, score: 90, won: true, guess: 'crane', target: 'crane', timeAgo: '1 day ago' }),
  item({
    id: 22,
    score: 70,
    forfeit: true,
    guess: 'giveup',
    target: 'tiger',
    timeAgo: '2 days ago',
  }),
];
const VERSUS_NEW = [
  item({ id: 31, score: 95, opponent: 'bob', enemyScore: 90, guess: 'react', outcome: 'pending' }),
];
const VERSUS_OLD = [
  item({ id: 41, score: 95, opponent: 'bob', enemyScore: 0, target: 'crane', outcome: 'win' }),
  item({ id: 42, score: 60, opponent: 'carol', enemyScore: 85, target: 'sheep', outcome: 'lose' }),
  item({ id: 43, score: 0, opponent: 'dave', enemyScore: 0, target: 'tiger', outcome: 'draw' }),
];

function openList(mode: 'solo' | 'versus', handlers: FakeHandlers) {
  const api = fakeApi(handlers);
  const path = mode === 'solo' ? '/list_solo' : '/list_versus';
  renderScreen(<GameListPage mode={mode} />, { path });
  return api;
}

const lists: FakeHandlers = {
  gamesList: ({ body }) => ({
    result: 'ok',
    games:
      body.type === 'solo'
        ? body.age === 'new'
          ? SOLO_NEW
          : SOLO_OLD
        : body.age === 'new'
          ? VERSUS_NEW
          : VERSUS_OLD,
  }),
};

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
const rows = () => screen.getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('GameListPage', () => {
  it('has the Solo, Versus and Challenges tabs, the current one marked', async () => {
    openList('solo', { ...SIGNED_IN, ...lists });
    const tabs = within(screen.getByRole('navigation', { name: 'Game lists' })).getAllByRole(
      'link',
    );
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Solo', '/list_solo'],
      ['Versus', '/list_versus'],
      ['Challenges', '/challenges'],
    ]);
    expect(tabs[0]!.getAttribute('aria-current')).toBe('page');
    expect(tabs[1]!.getAttribute('aria-current')).toBeNull();
    await screen.findByRole('table');
  });

  it("shows 'Loading...' until the list comes", async () => {
    let answer: (() => void) | null = null;
    const api = openList('solo', {
      ...SIGNED_IN,
      gamesList: () =>
        new Promise((resolve) => {
          answer = () => resolve({ result: 'ok', games: SOLO_NEW });
        }),
    });
    screen.getByText('Loading...');
    await waitFor(() => expect(api.callsOf('gamesList')).toHaveLength(1));
    screen.getByText('Loading...');
    await act(async () => answer?.());
    await screen.findByRole('table');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("says 'No games :(' for an empty list", async () => {
    openList('solo', { ...SIGNED_IN, gamesList: { result: 'ok', games: [] } });
    await screen.findByText('No games :(');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells a guest games are saved only with an account, and asks nothing', async () => {
    const api = openList('solo', { ...GUEST, ...lists });
    const sentence = await screen.findByText('You must be logged in to save games');
    // Beside the sentence (which stays as it is): the ways to an account.
    expect(linksIn(sentence.parentElement!)).toEqual([
      ['Sign up', '/register'],
      ['Log in', '/login'],
    ]);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'View old games' })).toBeNull();
    expect(api.callsOf('gamesList')).toHaveLength(0);
  });

  it("only logs a failed load, and shows no 'Loading...' after it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = openList('solo', { ...SIGNED_IN, gamesList: { status: 404, err: 'Nope' } });
    await waitFor(() => expect(api.callsOf('gamesList')).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(alertText()).toBeNull();
  });

  describe('solo', () => {
    it('lists Score, Last play and Last guess, with (none) before the first guess', async () => {
      const api = openList('solo', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      expect(headers()).toEqual(['Score', 'Last play', 'Last guess']);
      expect(rows().map(cells)).toEqual([
        ['85', '2 minutes ago', 'plumb'],
        ['100', '1 hour ago', '(none)'],
      ]);
      expect(api.callsOf('gamesList').map((call) => call.body)).toEqual([
        { type: 'solo', age: 'new' },
      ]);
    });

    it("'View old games' loads the finished ones, whose last column is the Target", async () => {
      const api = openList('solo', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'View old games' }));
      await waitFor(() => expect(headers()).toEqual(['Score', 'Last play', 'Target']));
      await waitFor(() =>
        expect(rows().map(cells)).toEqual([
          ['90 ✓won', '1 day ago', 'crane'],
          ['70 ✕lost', '2 days ago', 'tiger'],
        ]),
      );
      expect(api.callsOf('gamesList').map((call) => call.body)).toEqual([
        { type: 'solo', age: 'new' },
        { type: 'solo', age: 'old' },
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'View current games' }));
      await waitFor(() => expect(headers()).toEqual(['Score', 'Last play', 'Last guess']));
    });

    it('marks won rows and lost rows, by colour and in words', async () => {
      openList('solo', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'View old games' }));
      await waitFor(() => expect(rows()).toHaveLength(2));
      await waitFor(() => expect(rows()[0]!.textContent).toContain('crane'));
      const [won, lost] = rows();
      expect(won!.className).toMatch(/won/);
      expect(won!.className).not.toMatch(/lost/);
      within(won!).getByText('won');
      expect(lost!.className).toMatch(/lost/);
      within(lost!).getByText('lost');
    });

    it('opens a game from its row, or from the link in its first cell', async () => {
      openList('solo', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      fireEvent.click(within(rows()[1]!).getByText('1 hour ago'));
      expect(currentPath()).toBe('/game/12');
    });

    it('has a link per row for the keyboard', async () => {
      openList('solo', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      const link = within(rows()[0]!).getByRole('link', { name: '85' });
      expect(link.getAttribute('href')).toBe('/game/11');
      fireEvent.click(link);
      expect(currentPath()).toBe('/game/11');
    });

    it("'Start New Game' goes to /game, for guests too", async () => {
      openList('solo', { ...GUEST });
      fireEvent.click(await screen.findByRole('button', { name: 'Start New Game' }));
      expect(currentPath()).toBe('/game');
    });
  });

  describe('versus', () => {
    it('lists Opponent, My score, Opponent score, Last play and Last guess', async () => {
      const api = openList('versus', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      expect(headers()).toEqual([
        'Opponent',
        'My score',
        'Opponent score',
        'Last play',
        'Last guess',
      ]);
      expect(rows().map(cells)).toEqual([['bob', '95', '90', '5 minutes ago', 'react']]);
      expect(api.callsOf('gamesList').map((call) => call.body)).toEqual([
        { type: 'multi', age: 'new' },
      ]);
      expect(screen.queryByRole('button', { name: 'Start New Game' })).toBeNull();
    });

    it('old games: the Target column, won and lost by the versus outcome, a draw neither', async () => {
      openList('versus', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'View old games' }));
      await waitFor(() => expect(headers().at(-1)).toBe('Target'));
      await waitFor(() => expect(rows()).toHaveLength(3));
      expect(rows().map(cells)).toEqual([
        ['bob ✓won', '95', '0', '5 minutes ago', 'crane'],
        ['carol ✕lost', '60', '85', '5 minutes ago', 'sheep'],
        ['dave', '0', '0', '5 minutes ago', 'tiger'],
      ]);
      expect(rows()[0]!.className).toMatch(/won/);
      expect(rows()[1]!.className).toMatch(/lost/);
      expect(rows()[2]!.className).not.toMatch(/won|lost/);
      fireEvent.click(within(rows()[1]!).getByText('sheep'));
      expect(currentPath()).toBe('/game/42');
    });

    it("says 'No games :(' for an empty list", async () => {
      openList('versus', { ...SIGNED_IN, gamesList: { result: 'ok', games: [] } });
      await screen.findByText('No games :(');
    });

    it("'New Challenge' goes to /challenges/new", async () => {
      openList('versus', { ...SIGNED_IN, ...lists });
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'New Challenge' }));
      expect(currentPath()).toBe('/challenges/new');
    });

    it("tells a guest to log in for 'New Challenge', and stays", async () => {
      const api = openList('versus', { ...GUEST, ...lists });
      await screen.findByText('You must be logged in to save games');
      fireEvent.click(screen.getByRole('button', { name: 'New Challenge' }));
      expect(alertText()).toBe('You must be logged in to issue a challenge');
      expect(currentPath()).toBe('/list_versus');
      expect(api.callsOf('gamesList')).toHaveLength(0);
    });

    it("offers 'Play now' beside 'New Challenge', which opens the waiting panel", async () => {
      const api = openList('versus', {
        ...SIGNED_IN,
        ...lists,
        matchSeek: { result: 'ok', status: 'waiting' },
        matchStatus: { result: 'ok', status: 'waiting' },
        matchCancel: { result: 'ok' },
      });
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
      await screen.findByRole('dialog', { name: 'Finding an opponent' });
      expect(api.callsOf('matchSeek')).toHaveLength(1);
    });

    it("greys 'Play now' out for a guest, and says why", async () => {
      const api = openList('versus', { ...GUEST, ...lists });
      await screen.findByText('You must be logged in to save games');
      const playNow = screen.getByRole('button', { name: 'Play now' });
      expect(playNow.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(playNow);
      expect(alertText()).toBe('You must be logged in to play Versus mode');
      expect(api.callsOf('matchSeek')).toHaveLength(0);
    });
  });
});
