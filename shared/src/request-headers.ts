/**
 * A header the client sends on every API call. A cross-site form or link (a "simple request")
 * cannot set a custom header, so a state-changing request that carries neither `Origin` nor
 * `Sec-Fetch-Site` must carry this one to prove it came from our own script (CSRF defence for
 * browsers without Fetch Metadata).
 */
export const CLIENT_REQUEST_HEADER = 'x-jotto-client';

/** The value the client sends in CLIENT_REQUEST_HEADER; the server only checks presence. */
export const CLIENT_REQUEST_HEADER_VALUE = 'web';

/**
 * The cookie that carries the session id. httpOnly, so the client's script never reads it; it is
 * part of the contract for whatever acts as a browser (tests, benches, the reliability suite).
 */
export const SESSION_COOKIE = 'jotto_session';
