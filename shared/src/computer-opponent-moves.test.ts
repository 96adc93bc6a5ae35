import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, type BotLevel } from './computer-opponent.ts';
import { botMoveRandom, chooseBotGuess, MEDIUM_SAMPLE_SIZE } from './computer-opponent-moves.ts';
import { GameAnalyser, type GuessAnswer, sharedGameAnalyser } from './game-analysis.ts';
import { isValidGuessWord, SECRET_WORDS } from './word-lists.ts';
import { bestGuessAmong, candidatesAfter, observe } from '../test/game-analysis-reference.ts';
import { MOST_GUESSES, playBotGame } from '../test/computer-opponent-games.ts';

/** `count` secrets drawn with a fixed seed: the same games on every run. */
function secretsFor(count: number, seed: number): string[] {
  const random = botMoveRandom(seed, 0);
  return Array.from(
    { length: count },
    () => SECRET_WORDS[Math.floor(random() * SECRET_WORDS.length)]!,
  );
}

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_WORDS);

/** The candidates a player knows of after these answers (by definition: no win among them). */
const candidatesOf = (answers: readonly GuessAnswer[]) =>
  candidatesAfter(
    SECRET_WORDS,
    answers.map((a) => ({ ...a, won: false })),
  );

describe('the computer opponent plays from the match counts alone', () => {
  it.each(BOT_LEVELS)(
    '%s: against another secret that answers the same, it makes the same choices',
    (level) => {
      // For each game against a known secret and each point in it, another secret that gives
      // the same match counts to the guesses so far: the next choice must be the same, since
      // the choosing function sees only the answers (and the same random source). The search
      // must find such pairs, or the test would prove nothing.
      let pairs = 0;
      for (const [i, secret] of secretsFor(12, 7).entries()) {
        const seed = 500 + i;
        const game = playBotGame(level, secret, seed);
        expect(game.solved).toBe(true);
        for (let known = 0; known < game.answers.length; known += 1) {
          const others = candidatesOf(game.answers.slice(0, known)).filter((c) => c !== secret);
          if (others.length === 0) continue;
          const other = others[(i * 31 + known * 17) % others.length]!;
          // The same answers so far from the other secret: it is a candidate of them.
          const again = game.words.slice(0, known).map((word) => observe(word, other).matches);
          expect(again).toEqual(game.answers.slice(0, known).map((a) => a.matches));
          const otherGame = playBotGame(level, other, seed);
          expect(otherGame.words.slice(0, known + 1)).toEqual(game.words.slice(0, known + 1));
          pairs += 1;
        }
      }
      expect(pairs).toBeGreaterThan(20);
    },
    60_000,
  );

  it.each(BOT_LEVELS)('%s: different match counts lead to different choices', (level) => {
    // The other half of "depends only on the match counts": it does depend on them (a function
    // that ignored every answer would pass the test above). After the same first guess, each
    // possible match count leaves other candidates, so the second guesses are not all alike.
    const first = chooseBotGuess(level, [], botMoveRandom(3, 0));
    const seconds = new Set(
      [0, 1, 2, 3].map((matches) =>
        chooseBotGuess(level, [{ word: first, matches }], botMoveRandom(3, 1)),
      ),
    );
    expect(seconds.size).toBeGreaterThan(1);
  });

  it('uses the random source only as told: the same seed and move, the same choice', () => {
    const answers = [{ word: 'crane', matches: 2 }];
    for (const level of BOT_LEVELS) {
      expect(chooseBotGuess(level, answers, botMoveRandom(9, 1))).toBe(
        chooseBotGuess(level, answers, botMoveRandom(9, 1)),
      );
    }
    // Hard uses no randomness at all; easy draws differently under other seeds.
    const hard = new Set(
      [1, 2, 3, 4].map((s) => chooseBotGuess('hard', answers, botMoveRandom(s, 1))),
    );
    expect(hard.size).toBe(1);
    const easy = new Set(
      [1, 2, 3, 4].map((s) => chooseBotGuess('easy', answers, botMoveRandom(s, 1))),
    );
    expect(easy.size).toBeGreaterThan(1);
  });
});

describe('each level', () => {
  it.each(BOT_LEVELS)(
    '%s: solves every game with valid words, never one twice',
    (level) => {
      for (const [i, secret] of secretsFor(30, 11).entries()) {
        const game = playBotGame(level, secret, i);
        expect(game.solved).toBe(true);
        expect(game.words.at(-1)).toBe(secret);
        expect(game.words.length).toBeLessThanOrEqual(MOST_GUESSES);
        expect(new Set(game.words).size).toBe(game.words.length);
        for (const word of game.words) expect(isValidGuessWord(word)).toBe(true);
        if (level === 'hard') continue;
        // Easy and medium guess only words that may still be the secret.
        game.words.forEach((word, move) => {
          expect(candidatesOf(game.answers.slice(0, move))).toContain(word);
        });
      }
    },
    60_000,
  );

  it.each(BOT_LEVELS)(
    '%s: guesses only common words, those of the secret list, never a rarer one',
    (level) => {
      // As a person would: a word the player has never heard of is no fair play. Hard is the
      // level at stake (the others play candidates); over the whole dictionary its first guess
      // would be 'eared'.
      for (const [i, secret] of secretsFor(100, 13).entries()) {
        const game = playBotGame(level, secret, 2_000 + i);
        for (const word of game.words) expect(SECRET_SET.has(word), word).toBe(true);
      }
    },
    60_000,
  );

  it("hard opens with the secret list's best first guess", () => {
    const opening = chooseBotGuess('hard', [], botMoveRandom(0, 0));
    const analyser = sharedGameAnalyser();
    expect(opening).toBe(analyser.bestGuessOver(analyser.candidatesAfter([])).word);
    expect(SECRET_SET.has(opening)).toBe(true);
  });

  it('easy draws any candidate; medium keeps the best of those it drew', () => {
    // Three candidates (no more than medium draws): stone and notes each win or name the other
    // (1 left on average), plumb cannot tell them apart (5/3). Medium never plays plumb.
    const analyser = new GameAnalyser(['notes', 'plumb', 'stone']);
    expect(MEDIUM_SAMPLE_SIZE).toBeGreaterThanOrEqual(3);
    const choices = (level: BotLevel) =>
      new Set(
        Array.from({ length: 40 }, (_, seed) =>
          chooseBotGuess(level, [], botMoveRandom(seed, 0), analyser),
        ),
      );
    expect(choices('easy')).toEqual(new Set(['notes', 'plumb', 'stone']));
    expect(choices('medium')).toEqual(new Set(['notes', 'stone']));
  });

  it("hard plays the analysis's best guess, by definition: a word of the secret list", () => {
    const secrets = ['crane', 'notes', 'onset', 'plumb', 'stone', 'ghost', 'joker'];
    const analyser = new GameAnalyser(secrets);
    // Answers to words outside the list too: the computer's guesses of an older list.
    for (const answers of [[], [{ word: 'jiffy', matches: 0 }], [{ word: 'stomp', matches: 2 }]]) {
      const candidates = candidatesAfter(
        secrets,
        answers.map((a) => ({ ...a, won: false })),
      );
      expect(chooseBotGuess('hard', answers, () => 0.5, analyser)).toBe(
        bestGuessAmong(secrets, candidates).word,
      );
    }
  });

  it('refuses answers that leave no candidate', () => {
    const analyser = new GameAnalyser(['notes', 'stone']);
    expect(() =>
      chooseBotGuess('easy', [{ word: 'notes', matches: 0 }], () => 0, analyser),
    ).toThrow(RangeError);
  });

  it('hard solves in fewer guesses on average than medium, medium fewer than easy', () => {
    // The bench's games (bench/computer-opponent.bench.ts): the same 200 secrets per level.
    const secrets = secretsFor(200, 1);
    const meanGuesses = (level: BotLevel) =>
      secrets.reduce(
        (sum, secret, i) => sum + playBotGame(level, secret, 1_000 + i).words.length,
        0,
      ) / secrets.length;
    const [easy, medium, hard] = BOT_LEVELS.map(meanGuesses);
    expect(hard).toBeLessThan(medium!);
    expect(medium).toBeLessThan(easy!);
  }, 120_000);
});

describe('the random source of a move', () => {
  it('draws numbers in [0, 1), the same for the same seed and move, others for others', () => {
    const draw = (seed: number, move: number) =>
      Array.from({ length: 5 }, botMoveRandom(seed, move));
    expect(draw(1, 2)).toEqual(draw(1, 2));
    expect(draw(1, 2)).not.toEqual(draw(1, 3));
    expect(draw(1, 2)).not.toEqual(draw(2, 2));
    const many = Array.from({ length: 10_000 }, botMoveRandom(42, 0));
    expect(Math.min(...many)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...many)).toBeLessThan(1);
    // Roughly uniform: each tenth holds about a tenth.
    for (let tenth = 0; tenth < 10; tenth += 1) {
      const share = many.filter((v) => Math.floor(v * 10) === tenth).length / many.length;
      expect(share).toBeGreaterThan(0.08);
      expect(share).toBeLessThan(0.12);
    }
  });
});
