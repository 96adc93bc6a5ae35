import { Type, type TString, type TStringOptions } from 'typebox';

/**
 * The pattern every free-text string of a request must match: no C0 control character
 * (U+0000–U+001F; Postgres refuses NUL in text with SQLSTATE 22021, and no field of ours has a
 * use for the others), no DEL (U+007F), and no UTF-16 surrogate that is not half of a pair (a
 * lone surrogate is not Unicode text and has no UTF-8 form). Validators compile patterns with
 * the `u` flag (Ajv by default, TypeBox always), under which a well-formed pair (an emoji) is
 * one code point outside this class and passes.
 */
export const SAFE_TEXT_PATTERN = '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*$';

/** What a player reads when a field holds such a character. */
export const UNSAFE_TEXT_MESSAGE = 'contains a character that is not allowed';

/**
 * A string field of a request schema that refuses control characters and lone surrogates
 * (see SAFE_TEXT_PATTERN); every free-text field of `*-schemas.ts` is built with it. A field
 * with a pattern of its own (an ASCII class such as `^[a-z]$`) already refuses them and keeps
 * `Type.String`; `safe-text.test.ts` checks that every request field does one or the other.
 */
export function SafeText(options: Omit<TStringOptions, 'pattern'> = {}): TString {
  return Type.String({ ...options, pattern: SAFE_TEXT_PATTERN });
}

const SAFE_TEXT = new RegExp(SAFE_TEXT_PATTERN, 'u');

/** True when a string holds none of the characters SafeText refuses. */
export function isSafeText(value: string): boolean {
  return SAFE_TEXT.test(value);
}
