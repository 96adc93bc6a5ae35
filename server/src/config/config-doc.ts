import path from 'node:path';
import {
  CONFIG_SECTIONS,
  type ConfigSection,
  type DocSection,
  type Variable,
  variablesIn,
} from './config-declarations.ts';
import { OAUTH_VARIABLES, oauthVariableName, providersWith } from './config-oauth-variables.ts';
import { CONFIG_VARIABLES } from './config-variables.ts';
import { REPO_ROOT } from '../repo-root.ts';

// docs/CONFIGURATION.md, the operator's manual of every variable, written from the declarations
// (config-variables.ts) by `pnpm config:doc`; config-doc.test.ts fails while the committed file
// differs. The variables the server does not read (the client's build, the tools) are listed
// by hand at the end of this file.

/** Where the manual is committed. */
export const CONFIGURATION_DOC = path.join(REPO_ROOT, 'docs', 'CONFIGURATION.md');

/** One entry of the manual: a variable, or several that mean the same for different things. */
interface DocEntry {
  names: string[];
  /** "default `3000`", "unset by default", or the declaration's own words. */
  defaultText: string;
  /** The accepted values. */
  expected: string;
  description: string;
}

const INTRO = [
  'Every setting is an environment variable. The server reads and validates them once, in ' +
    '`server/src/config/config.ts` (nothing else reads `process.env`); a bad value stops the start ' +
    "with a message naming every problem. The client's `VITE_*` variables are read at build " +
    'time by `client/src/config/env.ts`. Nothing needs setting for `pnpm start` on one ' +
    'machine: the defaults below run everything in one process on an embedded database.',
  'Unset and empty are the same. A relative path is taken from the folder `pnpm` was started ' +
    "in (`INIT_CWD`, which pnpm sets), else the process's working folder. Each entry gives the " +
    'default, then in brackets the values accepted, then the meaning.',
];

const entryOf = (variable: Variable): DocEntry => {
  const { variable: name, defaultText, expected, description } = variable;
  // Every variable states its values: a declaration without them fails here, in the doc test.
  if (expected === undefined) throw new Error(`${name} is declared without \`expected\``);
  // An environment's defaults are numbers and strings; anything else would be a mistake here.
  const fallback = variable.default;
  const known = typeof fallback === 'number' || typeof fallback === 'string';
  return {
    names: [name],
    defaultText: defaultText ?? (known ? `default \`${fallback}\`` : 'unset by default'),
    expected,
    description,
  };
};

/** The server's entries of one section: its declared variables, then the providers' ones. */
const serverEntries = (section: ConfigSection): DocEntry[] => [
  ...variablesIn(CONFIG_VARIABLES)
    .filter((variable) => variable.section === section)
    .map(entryOf),
  ...OAUTH_VARIABLES.filter(({ schema }) => schema.section === section).map((oauthVariable) => ({
    ...entryOf({ ...oauthVariable.schema, variable: oauthVariable.suffix }),
    names: providersWith(oauthVariable).map((provider) =>
      oauthVariableName(provider, oauthVariable.suffix),
    ),
  })),
];

const CLIENT_BUILD: DocSection = {
  title: 'Client build (`VITE_*`)',
  intro: ['Read when the client is built (`pnpm build`, `pnpm start`), not when the server runs.'],
};
const CLIENT_BUILD_ENTRIES: DocEntry[] = [
  {
    names: ['VITE_API_URL'],
    defaultText: 'default `/api`',
    expected: 'a path, or a URL with the path',
    description:
      'the API base when the client is hosted elsewhere (like `https://api.example.com/api`); ' +
      'Socket.IO follows it.',
  },
  {
    names: ['VITE_ANALYTICS_ID'],
    defaultText: 'unset by default',
    expected: 'a Google Analytics 4 measurement id, G-…',
    description:
      'where page views go. Set, a page view goes out on every route change and gtag.js loads ' +
      'with the first one. Unset, no analytics code or script is loaded. Verification codes ' +
      'are never sent.',
  },
  {
    names: [
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_FIREBASE_MESSAGING_SENDER_ID',
      'VITE_FIREBASE_APP_ID',
    ],
    defaultText: 'unset by default',
    expected: 'as the Firebase console shows them',
    description:
      "the Firebase web app's `apiKey`, `projectId`, `messagingSenderId` and `appId`. With " +
      '`VITE_FIREBASE_VAPID_KEY` they turn web push on; some without the others is a mistake ' +
      'the client logs.',
  },
  {
    names: ['VITE_FIREBASE_VAPID_KEY'],
    defaultText: 'unset by default',
    expected: 'as the Firebase console shows it',
    description:
      "the web push certificate's public key (Firebase console, Cloud Messaging, Web " +
      'configuration).',
  },
  {
    names: [
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_DATABASE_URL',
      'VITE_FIREBASE_STORAGE_BUCKET',
    ],
    defaultText: 'unset by default',
    expected: 'as the Firebase console shows them',
    description:
      'optional: the rest of the Firebase web config, passed along; push does not need them.',
  },
  {
    names: ['VITE_APP_STORE_URL'],
    defaultText: 'unset by default',
    expected: 'a URL',
    description:
      "the mobile app's App Store page. Set, the badge on /mobile links there. The landing " +
      "page's badges always lead to /mobile.",
  },
  {
    names: ['VITE_GOOGLE_PLAY_URL'],
    defaultText: 'unset by default',
    expected: 'a URL',
    description: 'the same for Google Play.',
  },
  {
    names: ['VITE_SUPPORT_EMAIL'],
    defaultText: 'default `support@nomostudios.com`',
    expected: 'an e-mail address',
    description:
      'the support address on the studio page and in the privacy policy. Set it to your own.',
  },
];

const TOOLS: DocSection = {
  title: 'Tools, tests and benches only',
  intro: [
    "Read by `pnpm cluster`, the tests and the benches, not by the server. The benches' knobs " +
      '(`BENCH_DATABASE_URL`, `BENCH_REQUESTS`, `BENCH_SECONDS`, …) are each described with ' +
      'its bench in `bench/README.md`.',
  ],
};
const TOOL_ENTRIES: DocEntry[] = [
  {
    names: ['CLUSTER_NODES'],
    defaultText: 'default `2`',
    expected: 'a whole number from 1 to 16',
    description: '`pnpm cluster` only: how many app nodes it starts.',
  },
  {
    names: ['CLUSTER_PORT'],
    defaultText: 'default `8080`',
    expected: 'a whole number from 1 to 65535',
    description:
      '`pnpm cluster` only: the port of its nginx on 127.0.0.1, by which `pnpm cluster:restart` ' +
      'finds the cluster to restart. `pnpm cluster` also requires ' +
      "`DATABASE_URL` and `REDIS_URL`, and defaults `PUBLIC_URL` to the balancer's URL and " +
      '`TRUST_PROXY` to `127.0.0.1`: its nodes listen on loopback only, and only the ' +
      "balancer's address may name the client (a hop count would trust anyone who reaches a " +
      "node's port directly).",
  },
  {
    names: ['TEST_DATABASE_URL'],
    defaultText: 'default `postgres://postgres@127.0.0.1:5432/postgres`',
    expected: 'a postgres:// URL',
    description: 'the Postgres where the tests make their scratch databases.',
  },
  {
    names: ['TEST_REDIS_URL'],
    defaultText: 'default `redis://127.0.0.1:6379`',
    expected: 'a redis:// URL',
    description: 'the Redis the tests use.',
  },
  {
    names: ['CHROMIUM_PATH'],
    defaultText: 'default `/usr/bin/chromium`',
    expected: 'a path to the executable',
    description:
      'the Chromium that loads the built client under the CSP ' +
      '(`server/test/security-headers.test.ts`).',
  },
  {
    names: ['RELIABILITY_SEED'],
    defaultText: 'random by default, and printed',
    expected: 'a whole number',
    description: "`pnpm test:reliability` only: the fuzz's fast-check seed, to replay a run.",
  },
];

const WIDTH = 100;
// A line starting with one of these words would open a list, a quote or a heading.
const OPENS_BLOCK = /^([-+*]|#{1,6}|=+|\d{1,9}[.)])$|^>/;

/** Splits text at spaces, but not inside a code span. */
const wordsOf = (text: string) =>
  text.split(' ').reduce<string[]>((words, word) => {
    const last = words.at(-1);
    const inCode = last !== undefined && (last.split('`').length - 1) % 2 === 1;
    return inCode ? [...words.slice(0, -1), `${last} ${word}`] : [...words, word];
  }, []);

/** Text wrapped at WIDTH columns, its lines after the first indented by `indent`. */
function wrap(text: string, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of wordsOf(text)) {
    if (line !== '' && `${line} ${word}`.length > WIDTH && !OPENS_BLOCK.test(word)) {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line].join('\n');
}

const renderEntry = ({ names, defaultText, expected, description }: DocEntry) =>
  wrap(
    `- ${names.map((name) => `\`${name}\``).join(', ')}, ${defaultText} (${expected}): ${description}`,
    '  ',
  );

const renderSection = ({ title, intro = [] }: DocSection, entries: DocEntry[]) =>
  [
    `## ${title}`,
    ...intro.map((paragraph) => wrap(paragraph)),
    entries.map(renderEntry).join('\n'),
  ].join('\n\n');

/** docs/CONFIGURATION.md as the declarations say it should read. */
export function renderConfigurationDoc(): string {
  const sections = Object.entries(CONFIG_SECTIONS).map(([section, doc]) =>
    renderSection(doc, serverEntries(section as ConfigSection)),
  );
  return [
    '# Configuration',
    wrap(
      '<!-- Written by `pnpm config:doc` from server/src/config/config-variables.ts (the server) and ' +
        'server/src/config/config-doc.ts (the rest): edit those, not this file. -->',
    ),
    ...INTRO.map((paragraph) => wrap(paragraph)),
    ...sections,
    renderSection(CLIENT_BUILD, CLIENT_BUILD_ENTRIES),
    renderSection(TOOLS, TOOL_ENTRIES),
  ]
    .join('\n\n')
    .concat('\n');
}
