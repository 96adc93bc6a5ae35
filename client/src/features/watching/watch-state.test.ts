import { describe, expect, it } from 'vitest';
import type { SaidEntry } from '@jotto/shared/phrase-schemas';
import type { WatchView } from './api/watching-api.ts';
import {
  isPlayerOf,
  mergeSaid,
  withAnswer,
  withCountsEvent,
  withSaidEvent,
  withWatchersEvent,
  wordsLeftText,
} from './watch-state.ts';

const said = (seq: number, from = 'alice'): SaidEntry => ({
  from,
  phrase: 'good_luck',
  at: '2026-11-28T12:00:00.000Z',
  seq,
});

const view = (more: Partial<WatchView> = {}): WatchView => ({
  result: 'ok',
  gameId: 7,
  seq: 2,
  players: [
    {
      username: 'alice',
      rating: 1500,
      score: 95,
      guesses: 1,
      finished: false,
      won: false,
      forfeit: false,
      wordsLeft: 300,
    },
    {
      username: 'Bob',
      rating: 1480,
      score: 100,
      guesses: 0,
      finished: false,
      won: false,
      forfeit: false,
      wordsLeft: 2000,
    },
  ],
  settled: false,
  watchers: 1,
  startedAt: '2026-11-28T12:00:00.000Z',
  said: [],
  ...more,
});

const { result: _result, said: _said, ...countsOf } = view({ seq: 3 });

describe('the spectator’s view state', () => {
  it('merges phrases once each, oldest first', () => {
    expect(mergeSaid([said(3), said(1)], [said(3), said(2)]).map((s) => s.seq)).toEqual([1, 2, 3]);
  });

  it('takes an answer, keeping the phrases it has and a view further along', () => {
    const shown = view({ seq: 4, said: [said(1)] });
    const answer = view({ seq: 5, said: [said(5)], watchers: 3 });
    expect(withAnswer(shown, answer)).toEqual({ ...answer, said: [said(1), said(5)] });
    const late = view({ seq: 3, said: [] });
    expect(withAnswer(shown, late)).toEqual(shown);
    expect(withAnswer(undefined, answer)).toBe(answer);
  });

  it('takes a watch:counts event newer than the view, and refetches a settlement without the word', () => {
    const shown = view({ said: [said(1)] });
    expect(withCountsEvent(shown, countsOf)).toEqual({
      result: 'ok',
      ...countsOf,
      said: [said(1)],
    });
    expect(withCountsEvent(view({ seq: 9 }), countsOf)).toEqual(view({ seq: 9 }));
    expect(withCountsEvent(undefined, countsOf)).toBe('refetch');
    expect(withCountsEvent(shown, { ...countsOf, settled: true })).toBe('refetch');
    expect(withCountsEvent(shown, { ...countsOf, settled: true, target: 'crane' })).toMatchObject({
      settled: true,
      target: 'crane',
    });
  });

  it('takes the count watching and a phrase said', () => {
    expect(withWatchersEvent(view(), { gameId: 7, count: 4 }).watchers).toBe(4);
    const shown = view();
    expect(withWatchersEvent(shown, { gameId: 7, count: 1 })).toBe(shown);
    expect(withSaidEvent(view(), { gameId: 7, ...said(3) }).said).toEqual([said(3)]);
  });

  it('knows a player of the game, whatever the case of the name', () => {
    expect(isPlayerOf(view(), 'bob')).toBe(true);
    expect(isPlayerOf(view(), 'carol')).toBe(false);
    expect(isPlayerOf(view(), '')).toBe(false);
  });

  it("says 'N words left'", () => {
    expect(wordsLeftText({ wordsLeft: 1 })).toBe('1 word left');
    expect(wordsLeftText({ wordsLeft: 250 })).toBe('250 words left');
  });
});
