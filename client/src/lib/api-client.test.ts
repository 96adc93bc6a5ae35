import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUrl } from '@/test/fake-api.ts';
import { ApiCallError, errorMessage, isUnreachable } from './api-client.ts';
import { callEndpoint } from './api-endpoint.ts';
import { networkStatus } from './network-status.ts';

function stubFetch(respond: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  const request = (index = 0) => {
    const [input, init] = fetchMock.mock.calls[index]!;
    return { url: requestUrl(input), init: init!, headers: new Headers(init?.headers) };
  };
  return { fetchMock, request };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callEndpoint', () => {
  it('fills the path parameters, URL-encoded, under the API base', async () => {
    const { request } = stubFetch(() => json(200, { result: 'ok', score: 95 }));
    await callEndpoint('play', { params: { id: 42, word: 'a b/c?' } });
    expect(request().url).toBe('/api/game/42/play/a%20b%2Fc%3F');
    expect(request().init.method).toBe('GET');
  });

  it('sends the session cookie and the client header on every call, and no body on a GET', async () => {
    const { request } = stubFetch(() => json(200, { result: 'guest' }));
    await callEndpoint('userInfo');
    expect(request().url).toBe('/api/user/info');
    expect(request().init.credentials).toBe('include');
    expect(request().headers.get('x-jotto-client')).toBe('web');
    expect(request().init.body).toBeUndefined();
    expect(request().headers.has('content-type')).toBe(false);
  });

  it('sends a body as JSON with its content type', async () => {
    const { request } = stubFetch(() => json(200, { result: 'ok', games: [] }));
    await callEndpoint('gamesList', { body: { type: 'multi', age: 'old' } });
    expect(request().url).toBe('/api/games');
    expect(request().init.method).toBe('POST');
    expect(request().headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(request().init.body as string)).toEqual({ type: 'multi', age: 'old' });
    expect(request().init.credentials).toBe('include');
    expect(request().headers.get('x-jotto-client')).toBe('web');
  });

  it('sends the query fields that are set, and no query when none is', async () => {
    const { request } = stubFetch(() => json(200, { result: 'ok', gameId: 9 }));
    await callEndpoint('newGame', { query: { hard: true } });
    expect(request().url).toBe('/api/games/new?hard=true');
    await callEndpoint('newGame', { query: { hard: undefined } });
    expect(request(1).url).toBe('/api/games/new');
  });

  it('answers with the parsed body', async () => {
    stubFetch(() => json(200, { result: 'ok', gameId: 9 }));
    await expect(callEndpoint('newGame')).resolves.toEqual({ result: 'ok', gameId: 9 });
  });

  it("turns {result: 'error', err} into an ApiCallError with the status and the server's sentence", async () => {
    stubFetch(() => json(409, { result: 'error', err: 'You already guessed that word' }));
    const error = await callEndpoint('play', { params: { id: 1, word: 'crane' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 409, message: 'You already guessed that word' });
    expect(errorMessage(error)).toBe('You already guessed that word');
  });

  it('names the status when the failure has no readable body', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(callEndpoint('userInfo')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed (502)',
    });
  });

  it('takes a success without a JSON body for a failure', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    await expect(callEndpoint('userInfo')).rejects.toMatchObject({ status: 200 });
  });

  it('gives status 0 when the request never got an answer', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await callEndpoint('userInfo').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection.',
    });
  });
});

describe('callEndpoint and the network status', () => {
  afterEach(() => networkStatus.answered());

  it('says unreachable after a call without an answer, online again after any answer', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await callEndpoint('userInfo').catch((caught: unknown) => caught);
    expect(isUnreachable(error)).toBe(true);
    expect(networkStatus.state()).toBe('unreachable');
    // A refusal is an answer too: the server was reached.
    stubFetch(() => json(503, { result: 'error', err: 'A service we depend on is down.' }));
    const refused = await callEndpoint('userInfo').catch((caught: unknown) => caught);
    expect(isUnreachable(refused)).toBe(false);
    expect(networkStatus.state()).toBe('online');
  });
});

describe('errorMessage', () => {
  it("is an error's message, or the value itself", () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });
});
