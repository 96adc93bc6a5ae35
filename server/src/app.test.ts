import { describe, expect, it } from 'vitest';
import { loggableUrl } from './app.ts';

describe('loggableUrl', () => {
  it('masks credentials that travel in URLs', () => {
    expect(loggableUrl('/api/users/alice/verify/s3cr3t-code')).toBe(
      '/api/users/alice/verify/[code]',
    );
    expect(loggableUrl('/api/auth/google/callback?code=abc&state=xyz')).toBe(
      '/api/auth/google/callback?[redacted]',
    );
    expect(loggableUrl('/api/auth/steam/callback?openid.sig=zzz')).toBe(
      '/api/auth/steam/callback?[redacted]',
    );
    // The client's page of a password reset link: its path is the token.
    expect(loggableUrl('/reset/Abc_123-xyz')).toBe('/reset/[token]');
  });

  it('masks guesses, since a winning one is the secret', () => {
    expect(loggableUrl('/api/game/4/play/crane')).toBe('/api/game/4/play/[word]');
    expect(loggableUrl('/v1/game/x/play/CRANE?a=1')).toBe('/v1/game/x/play/[word]?a=1');
  });

  it('leaves other URLs alone', () => {
    expect(loggableUrl('/api/games/4')).toBe('/api/games/4');
    expect(loggableUrl('/api/games?x=1')).toBe('/api/games?x=1');
  });
});
