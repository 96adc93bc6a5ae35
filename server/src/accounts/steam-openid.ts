import { type SignInFlow, PROVIDER_TIMEOUT_MS, queryText, USER_AGENT } from './oauth-flow.ts';
import type { OneTimeStore } from './one-time-store.ts';
import { SocialSignInError } from './sign-in-error.ts';
import { newSignInState, type SignInStateGuard } from './sign-in-state.ts';

/*
 * Steam sign-in is OpenID 2.0 (not OAuth): the browser goes to Steam with
 * `openid.mode=checkid_setup`, Steam sends it back to `return_to` with a signed positive
 * assertion, and we ask Steam itself whether that assertion is genuine
 * (`openid.mode=check_authentication`, "stateless" mode: no association, no shared key).
 * Written here rather than taken from npm: the endpoint must be configurable (tests run a
 * local one), the nonce must be single-use across nodes (our one-time store), and we need
 * neither an HTTP client library nor Steam's Web API key. It is small enough to read whole.
 */

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** Steam's claimed ids: `https://steamcommunity.com/openid/id/{64-bit Steam id}`. */
export const STEAM_CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{1,20})$/;
/** The fields a genuine assertion must sign (OpenID 2.0 §10.1). */
const MUST_BE_SIGNED = [
  'op_endpoint',
  'return_to',
  'response_nonce',
  'assoc_handle',
  'claimed_id',
  'identity',
];
/** An assertion older than this is refused; its nonce is remembered for longer than that. */
const NONCE_MAX_AGE_MS = 5 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;
const NONCE_MEMORY_MS = NONCE_MAX_AGE_MS + 2 * CLOCK_SKEW_MS;

/** The URL that sends the browser to Steam to sign in. */
export function steamAuthenticationUrl(endpoint: string, returnTo: string, realm: string): string {
  const url = new URL(endpoint);
  const params = {
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** The player cancelled at Steam, or Steam reported an error: no assertion to check. */
function refusalOf(mode: string | null, error: string | null): SocialSignInError | null {
  if (mode === 'cancel') return new SocialSignInError('denied', 'cancelled at Steam');
  if (mode === 'error') {
    return new SocialSignInError('provider_error', `Steam said: ${(error ?? '').slice(0, 100)}`);
  }
  return null;
}

/** OpenID's key-value form: one `key:value` per line. */
function parseKeyValueForm(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

/**
 * Checks a Steam callback and returns the 64-bit Steam id, or throws a SocialSignInError.
 * `returnTo` is the exact URL we sent as `openid.return_to` for this browser's state.
 */
export async function verifySteamAssertion(
  query: Record<string, unknown>,
  expected: { endpoint: string; returnTo: string },
  nonces: OneTimeStore,
  now = Date.now(),
): Promise<string> {
  const openid = new Map<string, string>();
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('openid.')) continue;
    if (typeof value !== 'string') throw new SocialSignInError('failed', `${key} is repeated`);
    openid.set(key.slice('openid.'.length), value);
  }
  const field = (name: string) => openid.get(name) ?? '';
  const refuse = (why: string) => new SocialSignInError('failed', `Steam assertion: ${why}`);

  const mode = field('mode');
  const refusal = refusalOf(mode, field('error'));
  if (refusal) throw refusal;
  if (mode !== 'id_res') throw refuse(`mode is "${mode.slice(0, 20)}"`);
  if (field('ns') !== OPENID_NS) throw refuse('not OpenID 2.0');
  if (field('op_endpoint') !== expected.endpoint) throw refuse('from another endpoint');
  // Sent back to the very URL we gave Steam for this browser's state (OpenID 2.0 §11.1).
  if (field('return_to') !== expected.returnTo) throw refuse('return_to does not match');
  const steamId = STEAM_CLAIMED_ID.exec(field('claimed_id'))?.[1];
  if (!steamId || field('identity') !== field('claimed_id')) throw refuse('not a Steam id');
  const signed = field('signed').split(',');
  const unsigned = MUST_BE_SIGNED.filter((name) => !signed.includes(name));
  if (unsigned.length > 0) throw refuse(`${unsigned.join(', ')} not signed`);

  // OpenID 2.0 §11.3: a fresh nonce, accepted once (on any node, with Redis).
  const nonce = field('response_nonce');
  const issuedAt = Date.parse(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/.exec(nonce)?.[0] ?? '');
  if (Number.isNaN(issuedAt)) throw refuse('no valid response_nonce');
  if (now - issuedAt > NONCE_MAX_AGE_MS || issuedAt - now > CLOCK_SKEW_MS) {
    throw refuse('response_nonce is too old');
  }
  if (!(await nonces.claim('steam-nonce', nonce, NONCE_MEMORY_MS))) {
    throw refuse('response_nonce was already used');
  }

  // OpenID 2.0 §11.4.2: Steam checks its own signature. Every field exactly as received.
  const body = new URLSearchParams();
  for (const [name, value] of openid) body.set(`openid.${name}`, value);
  body.set('openid.mode', 'check_authentication');
  let answer: string;
  try {
    const response = await fetch(expected.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': USER_AGENT,
        // Each check on a connection of its own, closed after the answer: never a pooled
        // keep-alive one. Sign-ins are rare, so a pooled connection to Steam would nearly
        // always be one idle for long, which Steam (or a proxy) may be closing just as we
        // write to it: the POST then fails with ECONNRESET, and fetch never retries a POST.
        // undici's guard (drop an idle socket 2 s before the server's advertised keep-alive
        // timeout) runs on a coarse clock that stops while the event loop is busy, so it
        // reuses such sockets when it can least afford to. Since this is our only request to
        // Steam, no connection to it is ever left in the pool for the next sign-in.
        connection: 'close',
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`check_authentication answered ${response.status}`);
    answer = await response.text();
  } catch (error) {
    // fetch's own message is only "fetch failed": name the network error under it too.
    const { message, cause } = error as Error & { cause?: { code?: unknown } };
    const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
    throw new SocialSignInError('failed', `Steam unreachable: ${message}${code}`);
  }
  if (parseKeyValueForm(answer).get('is_valid') !== 'true') {
    throw refuse('Steam did not confirm it (is_valid is not true)');
  }
  return steamId;
}

/** Steam's sign-in flow, with the same state guard as the OAuth providers. */
export function steamSignInFlow(options: {
  endpoint: string;
  callbackUrl: string;
  /** The origin of our API: Steam shows it to the player as the site asking. */
  realm: string;
  state: SignInStateGuard;
  nonces: OneTimeStore;
}): SignInFlow {
  const { endpoint, callbackUrl, realm, state, nonces } = options;
  // The state rides in return_to, which Steam signs and sends back unchanged.
  const returnToFor = (value: string) =>
    `${callbackUrl}?${new URLSearchParams({ state: value }).toString()}`;
  return {
    async start(_request, reply) {
      const value = newSignInState();
      state.set(reply, 'steam', value);
      return steamAuthenticationUrl(endpoint, returnToFor(value), realm);
    },

    async finish(request, reply) {
      state.clear(reply, 'steam');
      // Like an OAuth `?error=`: nothing is signed in, so it needs no state to be shown.
      const refusal = refusalOf(
        queryText(request, 'openid.mode'),
        queryText(request, 'openid.error'),
      );
      if (refusal) throw refusal;
      await state.verify(request, 'steam');
      const returnTo = returnToFor(queryText(request, 'state') ?? '');
      const query = request.query as Record<string, unknown>;
      const steamId = await verifySteamAssertion(query, { endpoint, returnTo }, nonces);
      return { providerUserId: steamId, email: null };
    },
  };
}
