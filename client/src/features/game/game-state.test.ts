import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMovedEvent } from '@jotto/shared/realtime-events';
import {
  changesAtDeadline,
  endTextOf,
  isAnalysisReady,
  versusReasonOf,
  sideEndText,
  mySideOf,
  opponentSideOf,
  EventSequence,
  type GameDetail,
  gameEnd,
  isOpponentFinished,
  mergeBoards,
  sameMarks,
  type OpponentCounts,
  type PlayAnswer,
  withCounts,
  withOwnMove,
  withPlay,
} from './game-state.ts';

const soloGame = (overrides: Partial<GameDetail> = {}): GameDetail => ({
  result: 'ok',
  id: 7,
  score: 100,
  guesses: [],
  alphabet: {},
  won: false,
  forfeit: false,
  finished: false,
  multiplayer: false,
  seq: 0,
  ...overrides,
});

const versusGame = (overrides: Partial<GameDetail> = {}): GameDetail =>
  soloGame({
    multiplayer: true,
    enemyName: 'bob',
    enemyScore: 100,
    enemyWon: false,
    enemyForfeit: false,
    enemyGuesses: 0,
    outcome: 'pending',
    ...overrides,
  });

const answer = (overrides: Partial<PlayAnswer> = {}): PlayAnswer => ({
  result: 'ok',
  matches: 2,
  score: 95,
  win: false,
  forfeit: false,
  finished: false,
  ...overrides,
});

/** The opponent after `guesses` misses, or having solved / given up on the last one. */
const report = (
  guesses: number,
  end: 'playing' | 'won' | 'forfeit' = 'playing',
  overrides: Partial<OpponentCounts> = {},
): OpponentCounts => ({
  seq: guesses,
  enemyGuesses: guesses,
  enemyScore: end === 'won' ? 100 - 5 * (guesses - 1) : 100 - 5 * guesses,
  enemyWon: end === 'won',
  enemyForfeit: end === 'forfeit',
  outcome: 'pending',
  ...overrides,
});

const opponentOf = (game: GameDetail) => ({
  enemyGuesses: game.enemyGuesses,
  enemyScore: game.enemyScore,
  enemyWon: game.enemyWon,
  enemyForfeit: game.enemyForfeit,
});

describe('withPlay', () => {
  it('puts the guess first with its matches and takes score and state from the answer', () => {
    const before = soloGame({ guesses: [{ word: 'crane', matches: 1 }] });
    const after = withPlay(before, 'plumb', answer({ matches: 3, score: 90 }));
    expect(after.guesses).toEqual([
      { word: 'plumb', matches: 3 },
      { word: 'crane', matches: 1 },
    ]);
    expect(after.score).toBe(90);
    expect(after.finished).toBe(false);
    expect(before.guesses).toHaveLength(1);
  });

  it('marks a win and keeps the target the answer brings', () => {
    const after = withPlay(
      soloGame(),
      'crane',
      answer({ matches: 5, score: 100, win: true, finished: true, target: 'crane' }),
    );
    expect(after).toMatchObject({ won: true, finished: true, target: 'crane', score: 100 });
    expect(gameEnd(after)).toBe('won');
  });

  it('adds no row for giveup (no matches) but records the forfeit and the target', () => {
    const before = soloGame({ guesses: [{ word: 'crane', matches: 1 }], score: 95 });
    const after = withPlay(
      before,
      'giveup',
      answer({ matches: undefined, score: 95, forfeit: true, finished: true, target: 'tiger' }),
    );
    expect(after.guesses).toEqual(before.guesses);
    expect(after).toMatchObject({ forfeit: true, finished: true, target: 'tiger' });
    expect(gameEnd(after)).toBe('lost');
  });

  it('keeps a known target and outcome when the answer has none', () => {
    const before = versusGame({ target: 'crane', outcome: 'win' });
    const after = withPlay(before, 'plumb', answer());
    expect(after.target).toBe('crane');
    expect(after.outcome).toBe('win');
  });

  it('takes the versus outcome the answer decides', () => {
    const after = withPlay(
      versusGame({ enemyForfeit: true }),
      'crane',
      answer({ win: true, finished: true, outcome: 'win', target: 'crane' }),
    );
    expect(after.outcome).toBe('win');
    expect(gameEnd(after)).toBe('won');
  });

  it('does not leave the opponent half-updated: their score still arrives with their count', () => {
    // The opponent made guess 3; my play answer mentions it before its report arrives.
    const shown = withCounts(versusGame(), report(2));
    const afterPlay = withPlay(shown, 'crane', answer({ enemyGuesses: 3 }));
    const afterReport = withCounts(afterPlay, report(3));
    expect(opponentOf(afterReport)).toEqual({
      enemyGuesses: 3,
      enemyScore: 85,
      enemyWon: false,
      enemyForfeit: false,
    });
  });
});

describe('withCounts', () => {
  it('takes a report further along than the board', () => {
    const after = withCounts(versusGame(), report(2));
    expect(opponentOf(after)).toEqual({
      enemyGuesses: 2,
      enemyScore: 90,
      enemyWon: false,
      enemyForfeit: false,
    });
  });

  it('never takes the opponent back with an older report', () => {
    const board = withCounts(versusGame(), report(3));
    expect(withCounts(board, report(2))).toBe(board);
    expect(opponentOf(withCounts(board, report(2)))).toEqual(opponentOf(board));
  });

  it('counts finishing on the same number of guesses as further along', () => {
    const playing = withCounts(versusGame(), report(3));
    const solved = withCounts(playing, report(3, 'won'));
    expect(solved.enemyWon).toBe(true);
    expect(withCounts(solved, report(3)).enemyWon).toBe(true);
  });

  it('takes a settled outcome, and never returns from it to pending', () => {
    const settled = withCounts(versusGame(), report(4, 'forfeit', { outcome: 'win' }));
    expect(settled.outcome).toBe('win');
    expect(withCounts(settled, report(5, 'playing', { outcome: 'pending' })).outcome).toBe('win');
    expect(withCounts(settled, report(1, 'playing', { outcome: 'pending' })).outcome).toBe('win');
  });

  it('settles the outcome even from a report that is not further along', () => {
    const board = withCounts(versusGame(), report(3, 'won'));
    const after = withCounts(board, report(3, 'won', { outcome: 'lose' }));
    expect(after.outcome).toBe('lose');
    expect(opponentOf(after)).toEqual(opponentOf(board));
  });

  it('ends on the furthest report whatever order the reports arrive in (property)', () => {
    const history = fc
      .record({
        guesses: fc.integer({ min: 1, max: 15 }),
        end: fc.constantFrom('playing' as const, 'won' as const, 'forfeit' as const),
      })
      .map(({ guesses, end }) => [
        ...Array.from({ length: guesses }, (_, i) => report(i)),
        report(guesses, end),
      ]);
    fc.assert(
      fc.property(
        history.chain((reports) =>
          fc.tuple(fc.constant(reports), fc.shuffledSubarray(reports, { minLength: 1 })),
        ),
        ([reports, arrived]) => {
          const board = arrived.reduce(withCounts, versusGame());
          const furthest = reports.filter((r) => arrived.includes(r)).at(-1)!;
          expect(opponentOf(board)).toEqual(opponentOf({ ...versusGame(), ...furthest }));
        },
      ),
    );
  });
});

describe('isOpponentFinished', () => {
  it.each([
    ['playing', {}, false],
    ['solved', { enemyWon: true }, true],
    ['gave up', { enemyForfeit: true }, true],
    ['ran out of points', { enemyScore: 0, enemyGuesses: 20 }, true],
  ] as const)('versus, opponent %s: %s', (_name, overrides, finished) => {
    expect(isOpponentFinished(versusGame(overrides))).toBe(finished);
  });

  it('is false in solo, where there is no opponent', () => {
    expect(isOpponentFinished(soloGame({ enemyWon: true }))).toBe(false);
  });
});

describe('gameEnd', () => {
  it('is nothing while the game goes on', () => {
    expect(gameEnd(soloGame())).toBeNull();
    expect(gameEnd(versusGame({ outcome: 'win' }))).toBeNull();
  });

  it('solo: won when solved, lost when given up or out of points', () => {
    expect(gameEnd(soloGame({ finished: true, won: true }))).toBe('won');
    expect(gameEnd(soloGame({ finished: true, forfeit: true }))).toBe('lost');
    expect(gameEnd(soloGame({ finished: true, score: 0 }))).toBe('lost');
  });

  it('versus: waits for the opponent, then says what the outcome is', () => {
    expect(gameEnd(versusGame({ finished: true, won: true, outcome: 'pending' }))).toBeNull();
    expect(gameEnd(versusGame({ finished: true, outcome: 'win' }))).toBe('won');
    expect(gameEnd(versusGame({ finished: true, outcome: 'lose' }))).toBe('lost');
    expect(gameEnd(versusGame({ finished: true, outcome: 'draw' }))).toBe('draw');
  });
});

describe('mergeBoards', () => {
  const played = versusGame({
    guesses: [
      { word: 'plumb', matches: 0 },
      { word: 'crane', matches: 2 },
    ],
    score: 90,
    seq: 4,
  });

  it('is the fetched board when nothing is shown yet, or another game is', () => {
    const fetched = versusGame({ score: 80 });
    expect(mergeBoards(fetched, undefined)).toBe(fetched);
    expect(mergeBoards(fetched, { ...played, id: 99 })).toBe(fetched);
  });

  it('does not undo my last guess when the fetch started before its answer', () => {
    const fetched = versusGame({ guesses: [{ word: 'crane', matches: 2 }], score: 95, seq: 3 });
    const merged = mergeBoards(fetched, played);
    expect(merged.guesses).toEqual(played.guesses);
    expect(merged.score).toBe(90);
    expect(merged.seq).toBe(4);
  });

  it('does not undo the end of my game', () => {
    const shown = { ...played, finished: true, forfeit: true, target: 'tiger' };
    const merged = mergeBoards({ ...played, target: undefined }, shown);
    expect(merged).toMatchObject({ finished: true, forfeit: true, target: 'tiger' });
  });

  it('takes my side from the fetch when it has seen as much as the screen', () => {
    const fetched = { ...played, score: 85, alphabet: { e: 'good' as const } };
    const merged = mergeBoards(fetched, played);
    expect(merged.score).toBe(85);
    expect(merged.alphabet).toEqual({ e: 'good' });
  });

  it("does not undo the opponent's last event, and takes a fetch further along", () => {
    const shown = withCounts(played, report(5));
    expect(opponentOf(mergeBoards(withCounts(played, report(3)), shown))).toEqual(
      opponentOf(shown),
    );
    const further = withCounts(played, report(6, 'won'));
    expect(opponentOf(mergeBoards(further, shown))).toEqual(opponentOf(further));
  });

  it("keeps what only the fetch brings (target, opponent's words) even if my side is older", () => {
    const shown = { ...played, finished: true, forfeit: true, enemyWon: true, enemyGuesses: 1 };
    const fetched = {
      ...versusGame({ guesses: played.guesses.slice(1), score: 95 }),
      target: 'tiger',
      enemyGuessList: [{ word: 'tiger', matches: 5 }],
      enemyWon: true,
      enemyGuesses: 1,
      outcome: 'lose' as const,
    };
    const merged = mergeBoards(fetched, shown);
    expect(merged.guesses).toEqual(played.guesses);
    expect(merged.target).toBe('tiger');
    expect(merged.enemyGuessList).toEqual([{ word: 'tiger', matches: 5 }]);
    expect(merged.outcome).toBe('lose');
  });

  it('never takes a settled outcome back to pending', () => {
    const shown = { ...played, finished: true, outcome: 'win' as const, enemyForfeit: true };
    expect(mergeBoards({ ...played, outcome: 'pending' }, shown).outcome).toBe('win');
  });
});

describe('EventSequence', () => {
  it('starts from what the board has seen', () => {
    const sequence = new EventSequence(3);
    expect(sequence.received(4)).toBe(true);
    expect(sequence.last).toBe(4);
  });

  it('reports a real gap, and takes no event for a gap once caught up', () => {
    const sequence = new EventSequence(0);
    expect(sequence.received(1)).toBe(true);
    expect(sequence.received(3)).toBe(false);
    sequence.caughtUp(3);
    expect(sequence.received(4)).toBe(true);
    expect(sequence.last).toBe(4);
  });

  it('takes a repeated or older event as nothing missing, and never goes back', () => {
    const sequence = new EventSequence(5);
    expect(sequence.received(5)).toBe(true);
    expect(sequence.received(2)).toBe(true);
    sequence.caughtUp(3);
    expect(sequence.last).toBe(5);
  });

  it('sees no gap where the missing number is my own guess (my answer first)', () => {
    const sequence = new EventSequence(3);
    sequence.mine(4);
    expect(sequence.received(5)).toBe(true);
    expect(sequence.last).toBe(5);
  });

  it("sees no gap where my guess follows the opponent's event, in either order", () => {
    const answerFirst = new EventSequence(3);
    answerFirst.mine(5);
    expect(answerFirst.received(4)).toBe(true);
    expect(answerFirst.received(6)).toBe(true);

    const eventFirst = new EventSequence(3);
    expect(eventFirst.received(4)).toBe(true);
    eventFirst.mine(5);
    expect(eventFirst.received(6)).toBe(true);
    expect(eventFirst.last).toBe(6);
  });

  it('still reports a gap my own guesses do not explain', () => {
    const sequence = new EventSequence(3);
    sequence.mine(5);
    expect(sequence.received(6)).toBe(false);
  });

  it('caughtUp also accounts for own guesses above it', () => {
    const sequence = new EventSequence(0);
    sequence.mine(3);
    sequence.caughtUp(2);
    expect(sequence.last).toBe(3);
    expect(sequence.received(4)).toBe(true);
  });

  it('never reports a gap when no event is lost and my answers are known in time (property)', () => {
    // Events 1..n of a game: each is my guess or the opponent's. The opponent's arrive in
    // order, my answers in order, interleaved in any way, except that an answer is known before
    // an opponent event numbered after it (the event was sent after my guess was answered).
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (mineFlags, choices) => {
          const mine = mineFlags.flatMap((isMine, i) => (isMine ? [i + 1] : []));
          const theirs = mineFlags.flatMap((isMine, i) => (isMine ? [] : [i + 1]));
          const sequence = new EventSequence(0);
          let step = 0;
          while (mine.length > 0 || theirs.length > 0) {
            const answerDue = mine.length > 0 && (theirs.length === 0 || mine[0]! < theirs[0]!);
            const answerNext = mine.length > 0 && (answerDue || (choices[step++] ?? true));
            if (answerNext) sequence.mine(mine.shift()!);
            else expect(sequence.received(theirs.shift()!)).toBe(true);
          }
          expect(sequence.last).toBe(mineFlags.length);
        },
      ),
    );
  });

  it('reports a gap exactly when an opponent event is lost (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        (mineFlags, pick) => {
          const theirs = mineFlags.flatMap((isMine, i) => (isMine ? [] : [i + 1]));
          fc.pre(theirs.length >= 2);
          const lost = theirs[pick % (theirs.length - 1)]!;
          const sequence = new EventSequence(0);
          const verdicts: boolean[] = [];
          mineFlags.forEach((isMine, index) => {
            const seq = index + 1;
            if (isMine) sequence.mine(seq);
            else if (seq !== lost) verdicts.push(sequence.received(seq));
          });
          // The first opponent event after the lost one is the one that sees the gap.
          const firstAfter = theirs.indexOf(lost) + 1;
          expect(verdicts.indexOf(false)).toBe(firstAfter - 1);
        },
      ),
    );
  });
});

describe('withPlay and a word the board already lists', () => {
  it('changes nothing: the event or fetch that listed it came after the move', () => {
    const listed = soloGame({
      guesses: [
        { word: 'react', matches: 1 },
        { word: 'plumb', matches: 2 },
      ],
      score: 90,
    });
    expect(withPlay(listed, 'plumb', answer({ score: 95 }))).toBe(listed);
  });

  it('still takes the secret from an answer that ended the game', () => {
    const listed = soloGame({
      guesses: [{ word: 'crane', matches: 5 }],
      won: true,
      finished: true,
    });
    expect(
      withPlay(listed, 'crane', answer({ matches: 5, win: true, finished: true, target: 'crane' }))
        .target,
    ).toBe('crane');
  });
});

describe('withOwnMove', () => {
  const move = (overrides: Partial<GameMovedEvent> = {}): GameMovedEvent => ({
    gameId: 7,
    word: 'plumb',
    matches: 2,
    score: 95,
    guesses: 1,
    win: false,
    forfeit: false,
    finished: false,
    ...overrides,
  });

  it('puts the next guess made elsewhere on the board, as its answer would have', () => {
    const board = withOwnMove(soloGame(), move());
    expect(board).toMatchObject({ guesses: [{ word: 'plumb', matches: 2 }], score: 95 });
  });

  it('changes nothing for a move the board shows already', () => {
    const shown = withPlay(soloGame(), 'plumb', answer());
    expect(withOwnMove(shown, move())).toBe(shown);
    const gaveUp = soloGame({ forfeit: true, finished: true, target: 'crane' });
    expect(
      withOwnMove(
        gaveUp,
        move({ word: undefined, matches: undefined, forfeit: true, finished: true }),
      ),
    ).toBe(gaveUp);
  });

  it('asks for the board after a move it missed, and for a move that ended my game', () => {
    expect(withOwnMove(soloGame(), move({ guesses: 2 }))).toBe('refetch');
    expect(withOwnMove(soloGame(), move({ win: true, finished: true, matches: 5 }))).toBe(
      'refetch',
    );
    expect(
      withOwnMove(
        soloGame(),
        move({ word: undefined, matches: undefined, forfeit: true, finished: true }),
      ),
    ).toBe('refetch');
    const shown = withPlay(soloGame(), 'plumb', answer());
    expect(withOwnMove(shown, move({ finished: true }))).toBe('refetch');
  });
});

describe('the end of a game the clock ended', () => {
  const aborted = versusGame({ finished: true, aborted: true, outcome: 'draw' });

  it('is aborted whatever the outcome says, and names who did not start', () => {
    expect(gameEnd(aborted)).toBe('aborted');
    expect(endTextOf({ notStarted: ['bob'] }, 'aborted')).toBe('Game aborted: bob did not start');
    expect(endTextOf({ notStarted: ['alice', 'bob'] }, 'aborted')).toBe(
      'Game aborted: alice and bob did not start',
    );
    expect(endTextOf({}, 'lost')).toBe('You lost!!!');
  });

  const deadline = '2026-11-28T00:00:00.000Z';
  const due = Date.parse(deadline);
  const before = due - 1000;

  it('waits on the deadline only while something changes then', () => {
    expect(changesAtDeadline(versusGame({ deadline }), before)).toBe(due);
    // I am done, the opponent is not: the game still ends by the deadline.
    expect(changesAtDeadline(versusGame({ deadline, finished: true }), before)).toBe(due);
    const won = versusGame({ deadline, finished: true, outcome: 'win' });
    expect(changesAtDeadline(won, before)).toBeNull();
    expect(changesAtDeadline({ ...aborted, deadline }, before)).toBeNull();
    // A daily lost before its day ended shows its word then; a solved one its analysis; a
    // daily of a day gone by, nothing.
    const lost = soloGame({ daily: true, deadline, finished: true });
    expect(changesAtDeadline(lost, before)).toBe(due);
    const solved = soloGame({ daily: true, deadline, finished: true, won: true, target: 'crane' });
    expect(changesAtDeadline(solved, before)).toBe(due);
    expect(changesAtDeadline(solved, due)).toBeNull();
    expect(changesAtDeadline(soloGame(), before)).toBeNull();
  });

  it('offers the analysis with the secret, and a daily’s once its day has ended', () => {
    expect(isAnalysisReady(versusGame({ finished: true }), false)).toBe(false);
    expect(isAnalysisReady(versusGame({ finished: true, target: 'crane' }), false)).toBe(true);
    const solved = soloGame({ daily: true, deadline, finished: true, target: 'crane' });
    expect(isAnalysisReady(solved, false)).toBe(false);
    expect(isAnalysisReady(solved, true)).toBe(true);
    expect(isAnalysisReady(soloGame({ target: 'crane' }), false)).toBe(false);
  });
});

describe('versusReasonOf', () => {
  const settled = (overrides: Partial<GameDetail>) =>
    versusGame({ finished: true, target: 'crane', ...overrides });
  const misses = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ word: `wor${index}d`, matches: 1 }));

  it('puts the winner first: their guesses against mine when both solved', () => {
    const lost = settled({ won: true, guesses: misses(9), enemyWon: true, enemyGuesses: 7 });
    expect(versusReasonOf({ ...lost, outcome: 'lose' })).toBe('bob solved in 7, you in 9');
    const won = settled({ won: true, guesses: misses(4), enemyWon: true, enemyGuesses: 6 });
    expect(versusReasonOf({ ...won, outcome: 'win' })).toBe('You solved in 4, bob in 6');
    const tied = settled({ won: true, guesses: misses(5), enemyWon: true, enemyGuesses: 5 });
    expect(versusReasonOf({ ...tied, outcome: 'win' })).toBe('You both solved in 5');
  });

  it('says how the other ended when only one solved', () => {
    expect(
      versusReasonOf(
        settled({
          outcome: 'lose',
          forfeit: true,
          guesses: misses(3),
          enemyWon: true,
          enemyGuesses: 8,
        }),
      ),
    ).toBe('bob solved in 8; you gave up after 3');
    expect(
      versusReasonOf(
        settled({
          outcome: 'win',
          won: true,
          guesses: misses(6),
          enemyForfeit: true,
          enemyOutOfTime: true,
          enemyGuesses: 2,
        }),
      ),
    ).toBe('You solved in 6; bob ran out of time');
    expect(
      versusReasonOf(
        settled({
          outcome: 'win',
          score: 0,
          guesses: misses(20),
          enemyForfeit: true,
          enemyGuesses: 4,
        }),
      ),
    ).toBe('You ran out of points; bob gave up after 4');
  });

  it('says it once when both ended the same way without solving', () => {
    expect(
      versusReasonOf(
        settled({
          outcome: 'lose',
          forfeit: true,
          guesses: misses(2),
          enemyForfeit: true,
          enemyGuesses: 5,
        }),
      ),
    ).toBe('You both gave up');
    expect(
      versusReasonOf(
        settled({
          outcome: 'draw',
          score: 0,
          enemyScore: 0,
          guesses: misses(20),
          enemyGuesses: 20,
        }),
      ),
    ).toBe('You both ran out of points');
  });

  it('says nothing while either plays on, for an aborted game, or in solo', () => {
    expect(versusReasonOf(versusGame({ finished: true, won: true }))).toBeNull();
    expect(
      versusReasonOf(settled({ aborted: true, forfeit: false, enemyForfeit: true })),
    ).toBeNull();
    expect(versusReasonOf(soloGame({ finished: true, won: true }))).toBeNull();
  });
});

describe('sameMarks', () => {
  it('compares the marks, not the order of the letters', () => {
    expect(sameMarks({ a: 'bad', e: 'good' }, { e: 'good', a: 'bad' })).toBe(true);
    expect(sameMarks({}, {})).toBe(true);
    expect(sameMarks({ a: 'bad' }, { a: 'maybe' })).toBe(false);
    expect(sameMarks({ a: 'bad' }, { a: 'bad', b: 'bad' })).toBe(false);
    expect(sameMarks({ a: 'bad', b: 'bad' }, { a: 'bad' })).toBe(false);
  });
});

describe('sideEndText', () => {
  it('says how each side ended, out of time before giving up, and nothing while it goes on', () => {
    expect(sideEndText(mySideOf(soloGame({ won: true, finished: true })))).toBe('solved it');
    expect(sideEndText(mySideOf(soloGame({ forfeit: true, outOfTime: true })))).toBe('out of time');
    expect(sideEndText(mySideOf(soloGame({ forfeit: true })))).toBe('gave up');
    expect(sideEndText(mySideOf(soloGame({ score: 0 })))).toBe('ran out of points');
    expect(sideEndText(mySideOf(soloGame()))).toBeNull();
    expect(sideEndText(opponentSideOf(versusGame({ enemyForfeit: true })))).toBe('gave up');
    expect(sideEndText(opponentSideOf(versusGame()))).toBeNull();
  });
});
