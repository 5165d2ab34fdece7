/**
 * The same solver benchmark subset on two Node binaries, alternated (A, B, A, B, …) so that a noisy
 * machine slows both alike, and the per-set medians and p95s compared as ratios (B / A).
 *
 *   node bench/node-compare.ts [--a /usr/bin/node] [--rounds 2] [--sets practical,scholl_1,falkenauer_u,hard28]
 *
 * A defaults to the machine's Node (run with `--import tsx`, for a Node without type stripping), B to the
 * Node running this script (the project's pinned one under `npm run`/`npx`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    a: { type: 'string', default: '/usr/bin/node' },
    rounds: { type: 'string', default: '2' },
    sets: { type: 'string', default: 'practical,scholl_1,falkenauer_u,hard28' },
  },
});
const out = mkdtempSync(join(tmpdir(), 'cutplan-node-compare-'));

type Row = { median: number; p95: number };
type Run = { version: string; wallS: number; rows: Map<string, Row> };

function benchOn(node: string, label: string, round: number): Run {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const major = Number(version.slice(1).split('.')[0]);
  // Type stripping is on by default from Node 23.6 (and 22.18); older ones need a loader.
  const loader = major >= 24 ? [] : ['--import', 'tsx'];
  const file = join(out, `${label}-${round}.md`);
  const args = [
    ...loader,
    'bench/run.ts',
    '--sets',
    values.sets,
    '--skip',
    'pdf,cold,load,engines',
    '--out',
    file,
  ];
  process.stderr.write(`round ${round}: ${label} (${version}) ${args.join(' ')}\n`);
  const started = performance.now();
  const result = spawnSync(node, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallS = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`${label} bench failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return { version, wallS, rows: solverRows(readFileSync(file, 'utf8')) };
}

/** `| set | instances | … | median ms | p95 ms | …` rows of the report's solver table, by set. */
function solverRows(markdown: string): Map<string, Row> {
  const rows = new Map<string, Row>();
  const lines = markdown.split('\n');
  const header = lines.findIndex((l) => l.startsWith('| set | instances |'));
  const cells = (l: string) => l.split('|').map((c) => c.trim());
  const names = cells(lines[header] ?? '');
  const at = (name: string) => names.indexOf(name);
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const c = cells(line);
    const set = (c[at('set')] ?? '').replace(/ \(.*\)$/, '');
    rows.set(set, { median: Number(c[at('median ms')]), p95: Number(c[at('p95 ms')]) });
  }
  return rows;
}

const b = process.execPath;
const runs: { a: Run; b: Run }[] = [];
for (let round = 1; round <= Number(values.rounds); round++) {
  runs.push({ a: benchOn(values.a, 'A', round), b: benchOn(b, 'B', round) });
}

const first = runs[0];
if (first === undefined) throw new Error('no rounds');
const ratio = (x: number, y: number) => (y > 0 ? (x / y).toFixed(2) : '—');
process.stdout.write(`A = node ${first.a.version} (${values.a}), B = node ${first.b.version} (${b})\n`);
process.stdout.write(
  `command: node bench/node-compare.ts --a ${values.a} --rounds ${values.rounds} --sets ${values.sets}\n\n`,
);
process.stdout.write(
  '| set | round | A median ms | B median ms | B/A median | A p95 ms | B p95 ms | B/A p95 |\n',
);
process.stdout.write('|---|---:|---:|---:|---:|---:|---:|---:|\n');
for (const set of first.a.rows.keys()) {
  runs.forEach((r, i) => {
    const x = r.a.rows.get(set);
    const y = r.b.rows.get(set);
    if (x === undefined || y === undefined) return;
    process.stdout.write(
      `| ${set} | ${i + 1} | ${x.median} | ${y.median} | ${ratio(y.median, x.median)} | ${x.p95} | ${y.p95} | ${ratio(y.p95, x.p95)} |\n`,
    );
  });
}
runs.forEach((r, i) => {
  process.stdout.write(
    `| wall s | ${i + 1} | ${r.a.wallS.toFixed(0)} | ${r.b.wallS.toFixed(0)} | ${ratio(r.b.wallS, r.a.wallS)} | | | |\n`,
  );
});
