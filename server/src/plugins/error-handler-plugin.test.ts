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

  it('keeps the message and code of a driver error, not its parameters', () => {
    const error = Object.assign(new Error('deadlock detected'), {
      name: 'PostgresError',
      code: '40P01',
      query: 'WITH i AS (SELECT * FROM json_to_recordset($1::text::json) ...',
      parameters: ['[{"word":"crane"}]'],
    });
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain('crane');
    expect(logged).toMatchObject({ message: 'deadlock detected', code: '40P01' });
  });

  it('passes other errors through', () => {
    expect(loggableError(new TypeError('boom'))).toMatchObject({
      type: 'TypeError',
      message: 'boom',
    });
  });
});
