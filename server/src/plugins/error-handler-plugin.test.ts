import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './error-handler-plugin.ts';

describe('loggableError', () => {
  it('keeps the SQL of a failed query but never its bound parameters', () => {
    const cause = Object.assign(new Error('connection terminated'), { code: '57P01' });
    const error = new DrizzleQueryError(
      'insert into "games" ("mode", "secret") values ($1, $2)',
      ['solo', 'crane'],
      cause,
    );
    expect(error.message).toContain('crane');
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain('crane');
    expect(logged).toMatchObject({
      query: expect.stringContaining('insert into "games"'),
      message: 'connection terminated',
      code: '57P01',
    });
  });

  it('passes other errors through', () => {
    expect(loggableError(new TypeError('boom'))).toMatchObject({
      type: 'TypeError',
      message: 'boom',
    });
  });
});
