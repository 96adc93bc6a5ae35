import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JottoSolver } from '@jotto/test-support/game-solver';
import { expectAccessible } from './support/accessibility.ts';
import { useChromium } from './support/browser.ts';
import {
  apiAs,
  gameIdOf,
  newUsername,
  opponentGuesses,
  registerThroughForm,
} from './support/actions.ts';
import { type JottoServer, startJottoServer } from './support/jotto-server.ts';

interface Detail {
  enemyName: string;
  enemyLevel?: string;
  enemyGuesses: number;
  enemyWon: boolean;
  finished: boolean;
  outcome: string;
}

/**
 * Plays my side to the end from the match counts on screen (the test solver), however the
 * computer's moves interleave: my game ends when the guess input goes. Returns my words.
 */
async function playToTheEnd(page: Page): Promise<string[]> {
  const solver = new JottoSolver();
  const rows = page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem');
  const input = page.getByRole('textbox', { name: 'Your guess' });
  const words: string[] = [];
  for (let turn = 0; turn < 20; turn += 1) {
    const word = solver.nextGuess();
    words.push(word);
    await input.fill(word);
    await input.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(turn + 1);
    const newest = rows.first();
    expect(await newest.locator('.word').textContent()).toBe(word);
    const matches = Number(await newest.getByLabel(/^\d match(es)?$/).textContent());
    if (matches === 5) {
      // Solved, or an anagram: the input goes only when my game is over.
      await page.waitForTimeout(300);
      if ((await input.count()) === 0) return words;
    }
    solver.observe(word, matches, false);
  }
  throw new Error(`not solved in 20 guesses: ${words.join(', ')}`);
}

describe('a game against the computer in the browser', () => {
  const chromium = useChromium();
  let server: JottoServer;

  beforeAll(async () => {
    // A short pace (0.3 to 0.6 s a move) so that a game ends within seconds.
    server = await startJottoServer({ BOT_MOVE_DELAY_MS: '300-600' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a player starts a hard one from Home, sees its moves live, plays to the end and plays again', async () => {
    const player = await chromium.player({ baseUrl: server.url });
    const { page } = player;
    await registerThroughForm(page, newUsername('bot'));
    const computer = page.getByRole('group', { name: 'Play the computer' });
    await computer.getByRole('button', { name: 'Hard' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    const gameId = gameIdOf(page);
    await page
      .getByRole('heading', { level: 1, name: 'Versus game vs JottoBot (hard)' })
      .waitFor({ state: 'attached' });
    const opponent = page.getByTestId('opponent');
    await opponent.getByText('JottoBot (hard)').waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    // The computer moves by itself, at its pace, and its moves arrive live.
    await expect.poll(() => opponentGuesses(page), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await expectAccessible(page, 'a game against the computer');

    await playToTheEnd(page);
    // Both done (the computer plays on after me, or I after it): the results open.
    const results = page.getByRole('dialog', { name: /^(You won!!!|You lost!!!|It's a draw!!!)$/ });
    await results.waitFor({ timeout: 60_000 });
    await results.getByRole('region', { name: "JottoBot (hard)'s results" }).waitFor();
    const detail = await apiAs<Detail>(page, 'GET', `/games/${gameId}`);
    expect(detail).toMatchObject({ enemyName: 'JottoBot', enemyLevel: 'hard', finished: true });
    expect(detail.outcome).not.toBe('pending');
    // The computer's whole game is on screen: its count and its list.
    expect(await opponentGuesses(page)).toBe(detail.enemyGuesses);
    await expect
      .poll(() =>
        results
          .getByRole('region', { name: "JottoBot (hard)'s results" })
          .getByRole('listitem')
          .count(),
      )
      .toBe(detail.enemyGuesses);
    expect(await results.getByRole('button', { name: 'Rematch!' }).count()).toBe(0);
    await expectAccessible(page, 'the results of a game against the computer');

    // 'Play again!': a new game against the computer at the same level.
    await results.getByRole('button', { name: 'Play again!' }).click();
    await page.waitForURL((url) => /\/game\/\d+$/.test(url.pathname) && gameIdOf(page) !== gameId);
    await page.getByTestId('opponent').getByText('JottoBot (hard)').waitFor();
    await page.getByText('Make a Guess').waitFor();
    expect(player.errors).toEqual([]);
    expect(player.failedRequests).toEqual([]);
    await player.context.close();
  });
});
