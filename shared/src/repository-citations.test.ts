import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Someone who clones the repository has none of the documents the project was first specified
// in, so no tracked file may send the reader to them: a comment states the rule it enforces or
// links a heading of docs/PRODUCT.md ("see docs/PRODUCT.md, 'Guests'"). This test reads every
// text file git tracks or would track (source, tests, docs, configuration) and lists each line
// that still cites one of them.
//
// The patterns are assembled from pieces, so that this file, which is scanned like any other,
// holds none of the strings it looks for.

const SECTION = '\u00a7';
const DOT_MD = '\\.md';

/** What a citation of an outside document looks like, each with the reason it is refused. */
const CITATION_PATTERNS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: new RegExp(`spec\\s*${SECTION}`, 'i'), what: 'a section of the outside spec' },
  {
    pattern: new RegExp(`decisions\\s*${SECTION}`, 'i'),
    what: 'a section of the outside decisions',
  },
  { pattern: new RegExp(['spec', 'section'].join('\\s+'), 'i'), what: 'a section of the spec' },
  { pattern: new RegExp(`\\bissues?\\s+#?\\d+`, 'i'), what: 'an issue number' },
  {
    pattern: new RegExp(['\\.\\./shared', '(spec|design)\\b'].join('/')),
    what: 'the outside folder',
  },
  { pattern: new RegExp(['product', 'spec'].join('-') + DOT_MD, 'i'), what: 'the outside spec' },
  { pattern: new RegExp(`\\bdecisions${DOT_MD}`, 'i'), what: 'the outside decisions' },
];

/** One line that cites an outside document. */
interface CitationHit {
  file: string;
  line: number;
  text: string;
  what: string;
}

/** The lines of `content` (a file at `file`) that cite an outside document, in order. */
function findCitations(file: string, content: string): CitationHit[] {
  const hits: CitationHit[] = [];
  content.split('\n').forEach((text, index) => {
    for (const { pattern, what } of CITATION_PATTERNS) {
      if (pattern.test(text)) {
        hits.push({ file, line: index + 1, text: text.trim(), what });
        break;
      }
    }
  });
  return hits;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const THIS_FILE = path
  .relative(REPO_ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

/**
 * Every file of the repository, by its path from the root: the tracked ones, and the new ones
 * git does not ignore (so a file is checked before its first commit too).
 */
function repositoryFiles(): string[] {
  const listing = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return listing.split('\0').filter(Boolean);
}

/** A tracked file's text, or null for a binary file or one deleted in the work tree. */
function readText(file: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(REPO_ROOT, file));
  } catch {
    return null;
  }
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

describe('citations of documents outside the repository', () => {
  it('are found by each pattern, and plain prose is left alone', () => {
    const cited = [
      `see spec ${SECTION}7`,
      `(Decisions ${SECTION}3)`,
      `the ${['spec', 'section'].join(' ')} on guests`,
      `fixed in ${'Issue'} 14, item 2`,
      `the post-game analysis of ${'issue'} #15`,
      `read ${['..', 'shared', 'spec'].join('/')}/ first`,
      `as ${['product', 'spec'].join('-')}.md says`,
      `see decisions${'.md'}`,
    ];
    for (const text of cited) {
      expect(findCitations('example.ts', text), text).toHaveLength(1);
    }
    const clean = [
      "see docs/PRODUCT.md, 'Guests'",
      'the Issue Challenge modal',
      "import words from '../../shared/data/guess-words.json'",
      'a test spec file, spec.ts',
    ];
    for (const text of clean) {
      expect(findCitations('example.ts', text), text).toEqual([]);
    }
  });

  it('names the file and line of each hit', () => {
    const content = ['first line', `// spec ${SECTION}2: the landing page`, 'last line'].join('\n');
    expect(findCitations('client/src/x.ts', content)).toEqual([
      {
        file: 'client/src/x.ts',
        line: 2,
        text: `// spec ${SECTION}2: the landing page`,
        what: 'a section of the outside spec',
      },
    ]);
  });

  it('appear in no file of the repository: source, tests, docs and this file included', () => {
    const files = [...new Set(repositoryFiles())];
    // The scan reaches the whole repository, and this file is scanned like the others.
    expect(files).toContain(THIS_FILE);
    expect(files).toContain('docs/PRODUCT.md');
    const hits = files.flatMap((file) => {
      const text = readText(file);
      return text === null ? [] : findCitations(file, text);
    });
    const report = hits.map((hit) => `${hit.file}:${hit.line}: ${hit.text} (${hit.what})`);
    expect(report, 'state the rule, or link a heading of docs/PRODUCT.md').toEqual([]);
  });
});
