import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SocialProvider } from '@jotto/shared/social-sign-in';
import type { OneTimeStore } from './one-time-store.ts';
import { SocialSignInError } from './sign-in-error.ts';

/** A sign-in must come back from the provider within 10 minutes of leaving. */
export const STATE_TTL_MS = 10 * 60 * 1000;
// A state made by another node whose clock runs a little ahead is still fine.
const CLOCK_SKEW_MS = 60 * 1000;
const STATE_PATTERN = /^[A-Za-z0-9_-]{22}\.([0-9a-z]{1,11})$/;

/** A fresh state: 128 random bits and the time it was made, `{random}.{ms in base 36}`. */
export function newSignInState(now = Date.now()): string {
  return `${randomBytes(16).toString('base64url')}.${now.toString(36)}`;
}

/**
 * Why a callback's state is refused, or null when it matches the cookie and is fresh. The
 * cookie is signed with the session secret, so the time inside it is ours.
 */
export function stateProblem(
  fromQuery: unknown,
  fromCookie: string | undefined,
  now = Date.now(),
): string | null {
  if (typeof fromQuery !== 'string' || fromQuery === '') return 'the callback has no state';
  if (!fromCookie) return 'no state cookie (expired, already used, or another browser)';
  const query = Buffer.from(fromQuery);
  const cookie = Buffer.from(fromCookie);
  if (query.length !== cookie.length || !timingSafeEqual(query, cookie)) {
    return 'the state does not match the cookie';
  }
  const issuedAt = Number.parseInt(STATE_PATTERN.exec(fromCookie)?.[1] ?? '', 36);
  if (Number.isNaN(issuedAt)) return 'the state is malformed';
  if (now - issuedAt > STATE_TTL_MS || issuedAt - now > CLOCK_SKEW_MS) return 'the state expired';
  return null;
}

/**
 * The state of a social sign-in: our CSRF defence on the callback. The state leaves with the
 * browser in the provider URL and in a signed, httpOnly cookie of this browser; the callback
 * must bring both back, equal, within STATE_TTL_MS, and each state is accepted once (claimed in
 * the one-time store, shared by every node when Redis is configured). The cookie holds it, not
 * a node's memory, so the callback may reach any node.
 */
export class SignInStateGuard {
  /** Options of the state (and PKCE verifier) cookies; @fastify/oauth2 uses them too. */
  readonly cookieOptions: CookieSerializeOptions;

  constructor(
    private readonly store: OneTimeStore,
    private readonly secure: boolean,
  ) {
    this.cookieOptions = {
      httpOnly: true,
      // Lax: sent on the top-level GET navigation back from the provider, never on a sub-request.
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: STATE_TTL_MS / 1000,
      signed: true,
    };
  }

  /**
   * One cookie per provider and kind, so two sign-ins in two tabs do not overwrite each other.
   * Over https the `__Host-` prefix stops a sibling subdomain from planting one.
   */
  cookieName(provider: SocialProvider, kind: 'state' | 'verifier'): string {
    return `${this.secure ? '__Host-' : ''}jotto-oauth-${kind}-${provider}`;
  }

  set(reply: FastifyReply, provider: SocialProvider, state: string): void {
    reply.setCookie(this.cookieName(provider, 'state'), state, this.cookieOptions);
  }

  /** Forgets the flow in the browser: its state and PKCE verifier cookies. */
  clear(reply: FastifyReply, provider: SocialProvider): void {
    for (const kind of ['state', 'verifier'] as const) {
      reply.clearCookie(this.cookieName(provider, kind), { ...this.cookieOptions, signed: false });
    }
  }

  /** Accepts the callback's state once, or throws `bad_state`. */
  async verify(request: FastifyRequest, provider: SocialProvider): Promise<void> {
    const raw = request.cookies[this.cookieName(provider, 'state')];
    const unsigned = raw === undefined ? null : request.unsignCookie(raw);
    const fromCookie = unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.state;
    const problem = stateProblem(fromQuery, fromCookie);
    if (problem) throw new SocialSignInError('bad_state', problem);
    // Remembered for as long as the state could still pass the checks above.
    const ttl = STATE_TTL_MS + CLOCK_SKEW_MS;
    if (!(await this.store.claim('sign-in-state', fromQuery as string, ttl))) {
      throw new SocialSignInError('bad_state', 'the state was already used');
    }
  }
}
