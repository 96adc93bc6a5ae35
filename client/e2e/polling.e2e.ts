import { describe, expect, it } from 'vitest';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { useTwoPlayers } from './support/two-players.ts';
import { guessOnScreen, opponentGuesses, startVersusGame } from './support/actions.ts';

/** A header of a CDP event, whatever its case. */
function headerOf(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** One request of the page to a polled route: what it sent and what came back on the wire. */
interface Seen {
  path: string;
  ifNoneMatch: string | undefined;
  status: number;
  etag: string | undefined;
}

/**
 * The 3-second polls as a browser makes them: fetch keeps each answer (it has an ETag and
 * `Cache-Control: private, no-cache`), asks again with If-None-Match, and hands the app its copy
 * when the server answers 304, as if the 200 had come again (see docs/ARCHITECTURE.md,
 * 'Polling').
 */
describe('polling in Chromium', () => {
  const players = useTwoPlayers('p');
  const { names } = players;

  it('revalidates with If-None-Match; a 304 shows the same board, and the next change arrives whole', async () => {
    const { alice, bob } = players;
    const blocked = await players.chromium.player();
    // No real-time channel: the game screen polls the counts and the board every 3 s. Blocked
    // in the browser's network stack (not by routing requests, which turns the HTTP cache off).
    const devtools = await blocked.context.newCDPSession(blocked.page);
    await devtools.send('Network.enable');
    await devtools.send('Network.setBlockedURLs', { urls: ['*/api/socket.io/*'] });
    await blocked.page.goto('/');
    await blocked.context.addCookies(await alice.context.cookies());
    const gameId = await startVersusGame(alice.page, bob.page, names.bob);
    const polled = [`/api/game/${gameId}/counts`, `/api/games/${gameId}`];
    // What went over the wire, from the browser's network stack: the page itself only ever sees
    // a 200 (a 304 is turned into the kept 200 before fetch resolves).
    const wire = new Map<string, Seen>();
    const entry = (requestId: string) => {
      let one = wire.get(requestId);
      if (one === undefined) {
        one = { path: '', ifNoneMatch: undefined, status: 0, etag: undefined };
        wire.set(requestId, one);
      }
      return one;
    };
    devtools.on('Network.requestWillBeSent', (event) => {
      entry(event.requestId).path = new URL(event.request.url).pathname;
    });
    devtools.on('Network.requestWillBeSentExtraInfo', (event) => {
      entry(event.requestId).ifNoneMatch = headerOf(event.headers, 'if-none-match');
    });
    devtools.on('Network.responseReceivedExtraInfo', (event) => {
      const one = entry(event.requestId);
      one.status = event.statusCode;
      one.etag = headerOf(event.headers, 'etag');
    });
    /** The polls answered so far, in the order they were sent. */
    const seenPolls = () => [...wire.values()].filter((s) => polled.includes(s.path) && s.status);

    await blocked.page.goto(`/game/${gameId}`);
    await bob.page.goto(`/game/${gameId}`);
    await blocked.page.getByText('Updating every 3 s').waitFor();
    // Two polling periods with nothing moving: each poll sends the ETag it holds, gets a 304.
    await expect
      .poll(() => seenPolls().filter((s) => s.status === 304).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    for (const path of polled) {
      const [first, ...later] = seenPolls().filter((s) => s.path === path);
      expect(first).toMatchObject({ status: 200, ifNoneMatch: undefined });
      expect(first!.etag).toMatch(/^"[\w-]+"$/);
      // Every later poll of it so far: the first answer's ETag sent back, 304 with the same tag.
      expect(later.length).toBeGreaterThan(0);
      for (const poll of later) {
        expect(poll).toEqual({ path, ifNoneMatch: first!.etag, status: 304, etag: first!.etag });
      }
    }
    expect(await opponentGuesses(blocked.page)).toBe(0);

    // What the app gets from a 304: the kept 200, body and all (the same fetch the client makes).
    const twice = await blocked.page.evaluate(
      async ({ path, header, value }) => {
        const ask = async () => {
          const response = await fetch(path, {
            credentials: 'include',
            headers: { [header]: value },
          });
          return { status: response.status, body: (await response.json()) as unknown };
        };
        return [await ask(), await ask()];
      },
      { path: polled[0]!, header: CLIENT_REQUEST_HEADER, value: CLIENT_REQUEST_HEADER_VALUE },
    );
    expect(twice[0]).toMatchObject({ status: 200, body: { result: 'ok', gameId, seq: 0 } });
    expect(twice[1]).toEqual(twice[0]);
    expect(
      seenPolls()
        .filter((s) => s.path === polled[0])
        .at(-1)?.status,
    ).toBe(304);

    // B moves: the next poll is a 200 with the change, never a 304, and the screen shows it.
    const countsBefore = seenPolls().filter((s) => s.path === polled[0]);
    await guessOnScreen(bob.page, 'stone');
    await expect.poll(() => opponentGuesses(blocked.page), { timeout: 8_000 }).toBe(1);
    const afterMove = seenPolls().filter((s) => s.path === polled[0])[countsBefore.length]!;
    expect(afterMove.status).toBe(200);
    expect(afterMove.ifNoneMatch).toBe(countsBefore[0]!.etag);
    expect(afterMove.etag).not.toBe(countsBefore[0]!.etag);
    expect(blocked.errors).toEqual([]);
    expect(blocked.failedRequests.filter((request) => !request.includes('/socket.io/'))).toEqual(
      [],
    );
    await blocked.context.close();
  });
});
