import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { JottoSolver } from '@jotto/test-support/game-solver';

let counter = 0;
/** A fresh valid username (3–14 characters) for this run. */
export function newUsername(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 14);
}

/** Registers through the landing page's Sign Up form; ends on /home, signed in. */
export async function registerThroughForm(page: Page, username: string, password = 'secret1') {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByLabel('Confirm password').press('Enter');
  await page.waitForURL('**/home');
  await page.getByRole('heading', { level: 1, name: `Welcome, ${username}!` }).waitFor();
}

/** Logs in through the landing page's Login form; ends on /home. */
export async function logInThroughForm(page: Page, username: string, password = 'secret1') {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Password').press('Enter');
  await page.waitForURL('**/home');
}

/** The game id of the game page the player is on. */
export function gameIdOf(page: Page): number {
  const id = /\/game\/(\d+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`not on a game page: ${page.url()}`);
  return Number(id);
}

/**
 * Types a guess and presses Enter, like a player; returns its match count as the screen shows
 * it (the newest row of the guess list), or null when it solved the word.
 */
export async function guessOnScreen(page: Page, word: string): Promise<number | null> {
  const rows = page.getByRole('list', { name: 'Your guesses' }).getByRole('listitem');
  const before = await rows.count();
  const input = page.getByRole('textbox', { name: 'Your guess' });
  await input.fill(word);
  await input.press('Enter');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  const newest = rows.first();
  expect(await newest.locator('.word').textContent()).toBe(word);
  const matches = Number(await newest.getByLabel(/^\d match(es)?$/).textContent());
  // Solo: the end says it. Versus: my side says it (the end waits for the opponent).
  const won =
    (await page.getByRole('heading', { name: 'You won!!!' }).isVisible()) ||
    (await page
      .getByTestId('me')
      .getByText(/solved it/)
      .count()) > 0;
  return won ? null : matches;
}

/**
 * Plays a game to the win from what the screen shows (match counts only), with the solver the
 * server tests use. Returns the words guessed.
 */
export async function solveOnScreen(page: Page): Promise<string[]> {
  const solver = new JottoSolver();
  const words: string[] = [];
  for (let turn = 0; turn < 20; turn += 1) {
    const word = solver.nextGuess();
    words.push(word);
    const matches = await guessOnScreen(page, word);
    if (matches === null) return words;
    solver.observe(word, matches, false);
  }
  throw new Error(`not solved in 20 guesses: ${words.join(', ')}`);
}

/**
 * Calls the API as the player's browser would (its cookies, our client header), for the steps
 * a test does not mean to drive through the screens.
 */
export async function apiAs<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: {
      'x-jotto-client': 'web',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T;
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${JSON.stringify(answer)}`);
  return answer;
}

/** A challenges B and B accepts, through the API; returns the new versus game's id. */
export async function startVersusGame(a: Page, b: Page, bName: string): Promise<number> {
  const { challengeId } = await apiAs<{ challengeId: number }>(a, 'POST', '/challenges/new', {
    username: bName,
  });
  const { gameId } = await apiAs<{ gameId: number }>(b, 'POST', '/challenges/accept', {
    challenge_id: challengeId,
  });
  return gameId;
}

/** The opponent's guess count as the scores box shows it. */
export async function opponentGuesses(page: Page): Promise<number> {
  const text = await page
    .getByTestId('opponent')
    .getByText(/^Guesses:/)
    .textContent();
  return Number(/Guesses:\s*(\d+)/.exec(text ?? '')?.[1] ?? NaN);
}
