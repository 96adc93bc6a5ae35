import { type Static, type TObject, type TSchema, Type } from 'typebox';
import { FORMATS, type FormatName } from './config-formats.ts';

// How a variable is declared (config-variables.ts holds the declarations): its schema (what
// env-schema checks, and so the type of its value), its name, and its entry in
// docs/CONFIGURATION.md, which config-doc.ts writes from the declarations (`pnpm config:doc`).

/** A section of docs/CONFIGURATION.md: its heading and the paragraphs before its list. */
export interface DocSection {
  title: string;
  intro?: string[];
}

/** The sections that list the server's variables, in the manual's order. */
export const CONFIG_SECTIONS = {
  server: { title: 'Server and network' },
  database: { title: 'Database' },
  redis: { title: 'Redis' },
  realtime: {
    title: 'Real-time channel',
    intro: ["How many sockets a player may hold (docs/PRODUCT.md, 'Real-time channel')."],
  },
  caches: {
    title: 'Caches of sessions and polls',
    intro: [
      "Each node keeps sessions and the answers of the routes clients poll (a versus game's " +
        "counts, a board, a challenge's info) in memory, so that a poll of something unchanged " +
        'reads no database; every change is announced to every node over Redis after it ' +
        "commits, and drops the copies (docs/ARCHITECTURE.md, 'Polling').",
    ],
  },
  security: { title: 'Sessions and security' },
  mail: { title: 'Mail' },
  social: {
    title: 'Social sign-in',
    intro: [
      'A provider is on when its client id and secret are both set; without them its sign-in ' +
        'answers "not configured". Register `$API_PUBLIC_URL/auth/{provider}/callback` with ' +
        "each provider (docs/PRODUCT.md, 'Social sign-in').",
    ],
  },
  push: { title: 'Push notifications' },
  rateLimits: {
    title: 'Rate limits',
    intro: [
      'Counted per client address (see `TRUST_PROXY`), or per account where a limit says so ' +
        '(a request without an account then counts per address), across all nodes with ' +
        "`REDIS_URL` (docs/PRODUCT.md, 'Rate limits').",
    ],
  },
  jobs: { title: 'Leaderboards and jobs' },
  bot: {
    title: 'Computer opponent',
    intro: [
      "The computer's moves are made by a timer on every node (docs/PRODUCT.md, 'Computer " +
        "opponent').",
    ],
  },
  logs: { title: 'Metrics and logs' },
} satisfies Record<string, DocSection>;
export type ConfigSection = keyof typeof CONFIG_SECTIONS;

/**
 * What a declaration says besides its schema. `description` is the variable's meaning, as the
 * manual gives it: that is what JSON Schema's `description` is for. The words that complete
 * "NAME must be …" in an error are `expected` instead, because they name the accepted values
 * (which the manual also shows, in brackets after the default) and an error needs no meaning.
 * The schema helpers below set `expected`; a declaration sets it where they cannot.
 */
export interface Documentation {
  section: ConfigSection;
  /** Markdown, read after "- `NAME`, default `…` (accepted values): ". */
  description: string;
  expected?: string;
  /** How the manual states the default when the schema's `default` cannot say it all. */
  defaultText?: string;
}

/** The keys a declaration adds to its schema: annotations for ajv, which checks none of them. */
export const DOCUMENTATION_KEYWORDS = ['variable', 'section', 'expected', 'defaultText'];

/** A declared variable, as its schema carries it (TypeBox keeps options as properties). */
export type Variable = TSchema &
  Documentation & { variable: string; default?: unknown; writeOnly?: boolean };

/** Whether a schema of the tree below is a variable (else it is a group of them). */
export const isVariable = (schema: TSchema): schema is Variable =>
  'variable' in schema && typeof schema.variable === 'string';

/** The variables of a tree, in declaration order (depth first). */
export function variablesIn(tree: TObject): Variable[] {
  return Object.values(tree.properties).flatMap((schema) =>
    isVariable(schema) ? [schema] : variablesIn(schema as TObject),
  );
}

/** A tree's values as its declarations shape them; a variable unset without a default is null. */
export type DeclaredValues<Tree extends TObject> = NullWhenUnset<Static<Tree>>;
type NullWhenUnset<Values> = {
  [Key in keyof Values]-?: Values[Key] extends Record<string, unknown>
    ? NullWhenUnset<Values[Key]>
    : undefined extends Values[Key]
      ? Exclude<Values[Key], undefined> | null
      : Values[Key];
};

/**
 * Copies each variable's value (checked by ajv against this very tree) to its place in the
 * tree: the config object, but for the fields loadConfig derives afterwards.
 */
export function valuesIn<Tree extends TObject>(
  tree: Tree,
  values: Record<string, unknown>,
): DeclaredValues<Tree> {
  const copy = (node: TObject): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node.properties).map(([key, schema]) => [
        key,
        isVariable(schema) ? (values[schema.variable] ?? null) : copy(schema as TObject),
      ]),
    );
  return copy(tree) as DeclaredValues<Tree>;
}

/** The variable `name`: its schema, and how docs/CONFIGURATION.md lists it. */
export const variable = <Schema extends TSchema>(
  name: string,
  schema: Schema,
  documentation: Documentation,
) => Type.With(schema, { variable: name, ...documentation });

export const wholeNumber = (fallback: number, minimum: number, maximum: number) =>
  Type.Integer({
    default: fallback,
    minimum,
    maximum,
    finite: true,
    expected: `a whole number from ${minimum} to ${maximum}`,
  });
export const formatted = (format: FormatName) =>
  Type.Optional(Type.String({ format, expected: FORMATS[format].expected }));
// An enum: TypeBox types a union of literals built from an array as `never`, which the config's
// type would then inherit.
export const oneOf = <const Values extends string[]>(
  values: readonly [...Values],
  fallback?: Values[number],
) =>
  Type.Enum(values, {
    expected: `one of ${values.join(', ')}`,
    ...(fallback === undefined ? {} : { default: fallback }),
  });
// `writeOnly` marks a secret, whose value a problem never repeats.
export const secret = (minLength: number) =>
  Type.Optional(
    Type.String({ minLength, writeOnly: true, expected: `at least ${minLength} characters long` }),
  );
// What simple-oauth2 (under @fastify/oauth2) accepts; anything else would fail the start.
export const credential = () =>
  Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7E]+$',
      writeOnly: true,
      expected: 'printable ASCII without spaces',
    }),
  );
export const rateLimit = (name: string, fallback: number, description: string) =>
  variable(name, wholeNumber(fallback, 1, 1_000_000), { section: 'rateLimits', description });
