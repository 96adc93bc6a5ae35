// Where a process's CPU went, from a `--cpu-prof` profile (BENCH_CPU_PROFILE_DIR of a bench):
// self time by function and by package or source file, the bundle's lines mapped back to their
// sources through its source map (node:module's SourceMap: no dependency), so that the
// production build's frames read as the code they came from.
//
//   node --import tsx bench/support/cpu-profile-top.ts <file.cpuprofile> [rows] [from-s] [to-s]
//
// With from-s and to-s, only the samples taken that many seconds after the profile began (a
// bench's steady load, without the process's start-up and the ramp; the per-second busy share
// printed first shows where they are).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArgument, fromArgument, toArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [rows] [from-s] [to-s]');
const rows = Number(rowsArgument ?? 25);
const [from, to] = [Number(fromArgument ?? 0) * 1e6, Number(toArgument ?? Infinity) * 1e6];
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const idle = new Set(
  profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
);

// Self time per node: each sample's delta belongs to the node sampled. And the busy share of
// each second, to find a run's phases.
const selfMicros = new Map<number, number>();
const seconds: { busy: number; all: number }[] = [];
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  const second = (seconds[Math.floor(at / 1e6)] ??= { busy: 0, all: 0 });
  second.all += delta;
  if (!idle.has(id)) second.busy += delta;
  if (at >= from && at < to) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
const total = [...selfMicros.values()].reduce((sum, v) => sum + v, 0);
const busy = total - [...idle].reduce((sum, id) => sum + (selfMicros.get(id) ?? 0), 0);

/** A script's source map and the folder its sources are relative to. */
const maps = new Map<string, { map: SourceMap; folder: string } | null>();
function sourceMapOf(url: string) {
  if (!maps.has(url)) {
    let found: { map: SourceMap; folder: string } | null = null;
    try {
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      if (file.endsWith('.js') && existsSync(`${file}.map`)) {
        const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
        found = { map: new SourceMap(payload), folder: path.dirname(file) };
      }
    } catch {
      found = null;
    }
    maps.set(url, found);
  }
  return maps.get(url) ?? null;
}

/** The source a frame came from: a package's name, a file of ours, or Node's own. */
function whereOf(frame: ProfileNode['callFrame']): { file: string; line: number } {
  const found = frame.url ? sourceMapOf(frame.url) : null;
  const entry = found?.map.findEntry(frame.lineNumber, frame.columnNumber);
  if (found && entry && 'originalSource' in entry && entry.originalSource) {
    // Relative to the map's folder, so that a package's own map keeps the package's path.
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(found.folder, entry.originalSource);
    return { file: source, line: entry.originalLine + 1 };
  }
  return { file: frame.url || '(native)', line: frame.lineNumber + 1 };
}

function groupOf(source: string): string {
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const ours = /(server|shared)\/src\/.*$/.exec(source);
  if (ours) return ours[0];
  if (source.startsWith('node:')) return source;
  return source || '(native)';
}

const byFunction = new Map<string, number>();
const byGroup = new Map<string, number>();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id);
  if (!micros) continue;
  const { file: source, line } = whereOf(node.callFrame);
  const name = node.callFrame.functionName || '(anonymous)';
  const label = !node.callFrame.url
    ? name
    : `${name}  ${groupOf(node.callFrame.url.includes('node_modules') ? node.callFrame.url : source)}:${line}`;
  byFunction.set(label, (byFunction.get(label) ?? 0) + micros);
  // A package's frame is grouped by the script's own path: a map may lead outside the package.
  const script = node.callFrame.url;
  const group = !script ? name : groupOf(script.includes('node_modules') ? script : source);
  byGroup.set(group, (byGroup.get(group) ?? 0) + micros);
}

const print = (title: string, totals: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [label, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(
      `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${label}`,
    );
  }
};
console.log(
  `busy % by second: ${seconds.map((second, i) => `${i}:${Math.round((100 * second.busy) / Math.max(1, second.all))}`).join(' ')}`,
);
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled` +
    (fromArgument === undefined ? '' : ` from ${fromArgument} s to ${toArgument ?? 'the end'}`) +
    `, ${(busy / 1e6).toFixed(1)} s of it busy (not idle)`,
);
print('Self time by package or source file', byGroup);
print('Self time by function', byFunction);
