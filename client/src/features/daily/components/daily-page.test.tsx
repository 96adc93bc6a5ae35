import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dailyDayOf,
  dailyNumberOf,
  dailyShareText,
  nextDailyStart,
} from '@jotto/shared/daily-rules';
import { type FakeHandlers, fakeApi } from '@/test/fake-api.ts';
import { fakeGameServer } from '@/test/fake-game-server.ts';
import { alertText, currentPath, renderScreen } from '@/test/render-screen.tsx';
import { DailyPage } from './daily-page.tsx';

const SIGNED_IN = { userInfo: { result: 'ok', msg: 'alice' } } satisfies FakeHandlers;
const GUEST = { userInfo: { result: 'guest' } } satisfies FakeHandlers;
// Today's: the countdown counts to the end of the daily's day.
const DAY = dailyDayOf(new Date());
const NUMBER = dailyNumberOf(DAY);
const TODAY = { result: 'ok', gameId: 7, day: DAY, number: NUMBER } as const;

function openDaily(handlers: FakeHandlers) {
  const api = fakeApi(handlers);
  const view = renderScreen(<DailyPage />, { path: '/daily' });
  return { api, ...view };
}

async function guess(word: string) {
  fireEvent.change(await screen.findByLabelText('Your guess'), { target: { value: word } });
  fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
}

const RESULT_NAME = new RegExp(`^Daily Jotto #${NUMBER}:`);
/** The result above the board (the results overlay has its own, see below). */
const result = () =>
  screen
    .getAllByRole('region', { name: RESULT_NAME, hidden: true })
    .find((region) => !region.closest('dialog'))!;

/** Stands in for the browser's clipboard (jsdom has none). */
function fakeClipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return writeText;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('DailyPage', () => {
  it('opens today’s game under the day’s number, with nothing of the result before the end', async () => {
    const server = fakeGameServer({ id: 7, target: 'plant' });
    const { api } = openDaily({ ...GUEST, daily: TODAY, ...server.handlers });
    await screen.findByRole('heading', { level: 1, name: `Daily Jotto #${NUMBER}` });
    await screen.findByText('Make a Guess');
    expect(api.callsOf('daily')).toHaveLength(1);
    expect(api.callsOf('game')[0]?.params).toEqual({ id: '7' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByText(/Next word in/)).toBeNull();
  });

  it('once solved, shows the result, copies a text without words, and counts down', async () => {
    const writeText = fakeClipboard();
    const server = fakeGameServer({ id: 7, target: 'plant' });
    const { api } = openDaily({ ...GUEST, daily: TODAY, ...server.handlers });
    await guess('crane');
    await screen.findByRole('img', { name: 'Last guess: CRANE' });
    await guess('plant');
    await screen.findAllByRole('region', { name: `Daily Jotto #${NUMBER}: solved in 2` });
    within(result()).getByText('95');
    const expected = dailyShareText({
      number: NUMBER,
      end: 'solved',
      matchCounts: [2, 5],
      score: 95,
      link: `${window.location.origin}/daily`,
    });
    expect(within(result()).getByLabelText('Share text').textContent).toBe(expected);
    fireEvent.click(within(result()).getByRole('button', { name: 'Share', hidden: true }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expected));
    expect(expected).not.toMatch(/crane|plant/i);
    await within(result()).findByText('Copied! Paste it anywhere.');
    expect(within(result()).getByRole('timer', { hidden: true }).textContent).toMatch(
      /^\d{1,2}:\d{2}:\d{2}$/,
    );
    // A guest has no record to show: the way to one instead, and no call for it.
    within(result()).getByRole('link', { name: 'Sign in', hidden: true });
    expect(api.callsOf('dailyStats')).toHaveLength(0);
  });

  it('gives the skill before the analysis, in the result and the share text', async () => {
    // Today's daily, as the server describes it: its analysis waits for its deadline, midnight UTC.
    const deadline = nextDailyStart(new Date()).toISOString();
    const server = fakeGameServer({ id: 7, target: 'plant', daily: { deadline } });
    const { api } = openDaily({
      ...GUEST,
      daily: TODAY,
      ...server.handlers,
      gameSkill: { result: 'ok', id: 7, skill: 87, luck: 42 },
    });
    await guess('crane');
    await screen.findByRole('img', { name: 'Last guess: CRANE' });
    expect(api.callsOf('gameSkill')).toHaveLength(0);
    await guess('plant');
    await screen.findAllByRole('region', { name: `Daily Jotto #${NUMBER}: solved in 2` });
    const numbers = await within(result()).findByLabelText('Your skill and luck');
    expect(numbers.textContent).toBe('Skill87Luck42');
    expect(within(result()).getByLabelText('Share text').textContent).toBe(
      dailyShareText({
        number: NUMBER,
        end: 'solved',
        matchCounts: [2, 5],
        score: 95,
        link: `${window.location.origin}/daily`,
        skill: 87,
      }),
    );
    // One request for the page and the overlay; never the analysis, which waits for midnight.
    expect(api.callsOf('gameSkill')).toEqual([
      { name: 'gameSkill', params: { id: '7' }, body: undefined },
    ]);
    expect(api.callsOf('analysis')).toHaveLength(0);
  });

  it('shows a signed-in player’s streak and guess distribution once the daily has ended', async () => {
    const distribution = Array.from({ length: 21 }, (_, n) => (n === 4 ? 2 : n === 6 ? 1 : 0));
    const server = fakeGameServer({
      id: 7,
      target: 'plant',
      me: {
        won: true,
        score: 85,
        guesses: [
          { word: 'plant', matches: 5 },
          { word: 'slate', matches: 3 },
          { word: 'crane', matches: 2 },
          { word: 'moist', matches: 1 },
        ],
      },
    });
    openDaily({
      ...SIGNED_IN,
      daily: TODAY,
      ...server.handlers,
      dailyStats: {
        result: 'ok',
        played: 4,
        solved: 3,
        currentStreak: 3,
        maxStreak: 5,
        distribution,
        archivePlayed: 0,
        archiveSolved: 0,
      },
    });
    await screen.findAllByRole('region', { name: `Daily Jotto #${NUMBER}: solved in 4` });
    const stats = await within(result()).findByText('Current streak');
    expect(stats.parentElement?.textContent).toBe('Current streak3');
    expect(within(result()).getByText('Max streak').parentElement?.textContent).toBe('Max streak5');
    within(result()).getByText('75%');
    const chart = within(result()).getByRole('img', {
      name: 'Guesses per solved daily',
      hidden: true,
    });
    expect(chart.querySelector('desc')?.textContent).toBe('3 solved: 2 in 4, 1 in 6. Today in 4.');
    const table = within(result()).getByRole('table', {
      name: 'Guesses per solved daily',
      hidden: true,
    });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .map((row) => row.textContent),
    ).toEqual(['GuessesDailies solved', '10', '20', '30', '42 (today)', '50', '61']);
  });

  it('opens its results overlay on the share text and the countdown, with a practice game to play', async () => {
    const writeText = fakeClipboard();
    const deadline = nextDailyStart(new Date(`${DAY}T00:00:00.000Z`)).toISOString();
    const server = fakeGameServer({ id: 7, target: 'plant', daily: { deadline } });
    openDaily({
      ...SIGNED_IN,
      daily: TODAY,
      ...server.handlers,
      dailyStats: {
        result: 'ok',
        played: 1,
        solved: 1,
        currentStreak: 1,
        maxStreak: 1,
        distribution: Array.from({ length: 21 }, (_, n) => (n === 2 ? 1 : 0)),
        archivePlayed: 0,
        archiveSolved: 0,
      },
    });
    await guess('crane');
    await screen.findByRole('img', { name: 'Last guess: CRANE' });
    await guess('plant');
    const results = await screen.findByRole('dialog', { name: 'You won!!!' });
    // First under the title: the day's result and its share text, then the rest.
    const summary = within(results).getByRole('region', {
      name: `Daily Jotto #${NUMBER}: solved in 2`,
    });
    expect(results.querySelector('section')).toBe(summary);
    const cheer = within(results).getByText('Good job!');
    expect(summary.compareDocumentPosition(cheer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const text = within(summary).getByLabelText('Share text').textContent;
    expect(text).toMatch(new RegExp(`^Jotto #${NUMBER} · solved in 2 · 95 pts`));
    fireEvent.click(within(summary).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(text));
    await within(summary).findByText('Copied! Paste it anywhere.');
    within(summary).getByText('Next word in', { exact: false });
    expect(within(summary).getByRole('timer').textContent).toMatch(/^\d{1,2}:\d{2}:\d{2}$/);
    // The stats stay on the page; the overlay is for what comes next.
    expect(within(results).queryByText('Current streak')).toBeNull();
    // Sharing the app is not sharing the result: no Facebook, no Tweet.
    expect(within(results).queryByRole('link', { name: 'Share on Facebook' })).toBeNull();
    expect(within(results).queryByRole('link', { name: 'Tweet' })).toBeNull();
    expect(within(results).queryByRole('button', { name: 'Play again!' })).toBeNull();
    fireEvent.click(within(results).getByRole('button', { name: 'Play a practice game' }));
    expect(currentPath()).toBe('/game');
  });

  it('says why when today’s game cannot be had, and goes home', async () => {
    openDaily({
      ...GUEST,
      daily: { status: 429, err: 'Too many attempts. Try again in 30 seconds.' },
    });
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again in 30 seconds.'));
    expect(currentPath()).toBe('/home');
  });
});
