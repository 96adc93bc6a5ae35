import { describe, expect, it } from 'vitest';
import { isUnderApiPrefix } from './api-path.ts';

describe('isUnderApiPrefix', () => {
  it.each([
    ['/api', true],
    ['/api/', true],
    ['/api/user/info', true],
    ['/api?x=1', true],
    ['/api/leaders/alltime?type=1', true],
    ['/apiary', false],
    ['/ap', false],
    ['/', false],
    ['/home?next=/api/user', false],
  ])('%s: %s', (url, expected) => {
    expect(isUnderApiPrefix(url, '/api')).toBe(expected);
  });
});
