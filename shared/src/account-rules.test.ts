import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  passwordProblem,
  registrationProblem,
  usernameKey,
  usernameProblem,
  usernameSkeleton,
} from './account-rules.ts';

const usernameCharacter = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_',
);
const username = fc.string({ unit: usernameCharacter, minLength: 3, maxLength: 14 });

describe('usernameSkeleton', () => {
  it.each([
    ['AIice', 'Alice'],
    ['alice', 'ALICE'],
    ['A1ice', 'alice'],
    ['AL1CE', 'Alice'],
    ['B0B', 'bob'],
    ['B0b', '808'],
    ['rnike', 'Mike'],
    ['vvalter', 'Walter'],
    ['clave', 'Dave'],
    ['Ja5on', 'jason'],
    ['Li2a', 'Liza'],
    ['bi11y', 'billy'],
  ])('gives %s and %s one skeleton', (a, b) => {
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  });

  it.each([
    ['alice', 'alicia'],
    ['bob', 'rob'],
    ['mike', 'nike'],
    ['player_1', 'player1'],
    ['walter', 'water'],
  ])('tells %s and %s apart', (a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });

  it('is the lower-cased name with the look-alikes folded', () => {
    expect(usernameSkeleton('AIice')).toBe('allce');
    expect(usernameSkeleton('Cornell_01')).toBe('comell_ol');
  });

  it('does not depend on case, as usernames do not', () => {
    fc.assert(
      fc.property(username, (name) => {
        expect(usernameSkeleton(name.toUpperCase())).toBe(usernameSkeleton(name));
        expect(usernameSkeleton(usernameKey(name))).toBe(usernameSkeleton(name));
      }),
    );
  });

  it('is stable: a skeleton is its own skeleton', () => {
    fc.assert(
      fc.property(username, (name) => {
        const skeleton = usernameSkeleton(name);
        expect(usernameSkeleton(skeleton)).toBe(skeleton);
      }),
    );
  });

  it('never grows a name, and keeps it within the username characters', () => {
    fc.assert(
      fc.property(username, (name) => {
        const skeleton = usernameSkeleton(name);
        expect(skeleton.length).toBeLessThanOrEqual(name.length);
        expect(skeleton).toMatch(/^[a-z0-9_]*$/);
      }),
    );
  });
});

describe('passwordProblem', () => {
  it('asks for 4 to 256 characters, with the registration messages', () => {
    expect(passwordProblem('abc')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(passwordProblem('abcd')).toBeNull();
    expect(passwordProblem('x'.repeat(256))).toBeNull();
    expect(passwordProblem('x'.repeat(257))).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });

  it('is the password step of registration', () => {
    const input = { username: 'alice', email: 'a@example.com' };
    for (const password of ['', 'abc', 'abcd', 'x'.repeat(257)]) {
      expect(registrationProblem({ ...input, password })).toBe(passwordProblem(password));
    }
    expect(usernameProblem('alice')).toBeNull();
  });
});
