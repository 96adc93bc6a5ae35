// Whole games of the computer opponent against a known secret, for its tests and its bench: the
// secret is only ever used here, to answer each guess as the server would.
import type { BotLevel } from '../src/computer-opponent.ts';
import { botMoveRandom, chooseBotGuess } from '../src/computer-opponent-moves.ts';
import type { GameAnalyser, GuessAnswer } from '../src/game-analysis.ts';
import { countMatches, MISS_PENALTY, STARTING_SCORE } from '../src/game-rules.ts';

/** A game the computer played: its guesses with their answers, and whether it solved it. */
export interface BotGame {
  words: string[];
  answers: GuessAnswer[];
  solved: boolean;
}

/** The most guesses a game can take: the last miss that leaves 0 points ends it. */
export const MOST_GUESSES = STARTING_SCORE / MISS_PENALTY;

/**
 * Plays the computer at `level` against `secret` until it solves it or runs out of points, its
 * moves drawn as the server draws them (`botMoveRandom(seed, move)`).
 */
export function playBotGame(
  level: BotLevel,
  secret: string,
  seed: number,
  analyser?: GameAnalyser,
): BotGame {
  const answers: GuessAnswer[] = [];
  const words: string[] = [];
  for (let move = 0; move < MOST_GUESSES; move += 1) {
    const word = chooseBotGuess(level, answers, botMoveRandom(seed, move), analyser);
    words.push(word);
    if (word === secret) return { words, answers, solved: true };
    answers.push({ word, matches: countMatches(word, secret) });
  }
  return { words, answers, solved: false };
}
