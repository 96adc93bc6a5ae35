import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every failed call answers with this body and a 4xx/5xx status (see docs/PRODUCT.md,
 * 'Envelope and status codes').
 */
export const ErrorResponse = Type.Object({
  /** Always "error" on failure. */
  result: Type.Literal('error'),
  /** A sentence a player can read. */
  err: Type.String(),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/** The error responses every route declares beside its success schema. */
export const ERROR_RESPONSES = { '4xx': ErrorResponse, '5xx': ErrorResponse } as const;

/** The body of a success that carries nothing else. */
export const OkResponse = Type.Object({ result: Type.Literal('ok') });
export type OkResponse = Static<typeof OkResponse>;

/**
 * Builds the schema of a successful response: `result: "ok"` plus the given fields.
 * The server serialises through it, so a field not listed here never reaches a client.
 */
export function okWith<T extends Record<string, TSchema>>(fields: T) {
  return Type.Object({ result: Type.Literal('ok'), ...fields });
}
