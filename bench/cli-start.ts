/**
 * How long `cutplan` takes to answer a tiny job, against a bare Node start (`node -e 0`) on the same
 * Node. The commands run in turn, round after round (so a noisy neighbour slows all of them alike), and
 * the medians are compared as ratios.
 *
 *   node bench/cli-start.ts [--runs 15]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);

const job = join(mkdtempSync(join(tmpdir(), 'cutplan-cli-')), 'job.json');
writeFileSync(job, JSON.stringify({ parts: '500x4,300x2', stock: 1000 }));

const node = process.execPath;
const commands: { name: string; argv: string[] }[] = [
  { name: 'node -e 0', argv: [node, '-e', '0'] },
  { name: 'cutplan --version', argv: [node, 'bin/cutplan.js', '--version'] },
  { name: 'cutplan --help', argv: [node, 'bin/cutplan.js', '--help'] },
  { name: 'cutplan optimise job.json', argv: [node, 'bin/cutplan.js', 'optimise', job] },
  { name: 'npx cutplan optimise job.json', argv: ['npx', 'cutplan', 'optimise', job] },
  // npx's own share: npm finding a local bin, then the same bare start.
  { name: 'npx node -e 0', argv: ['npx', 'node', '-e', '0'] },
];

const times = new Map(commands.map((c) => [c.name, [] as number[]]));
for (let round = 0; round < runs; round++) {
  for (const [i] of commands.entries()) {
    const c = commands[(i + round) % commands.length];
    if (c === undefined) continue;
    const [file, ...args] = c.argv;
    const started = performance.now();
    const result = spawnSync(file ?? node, args, { cwd: ROOT, encoding: 'utf8' });
    const ms = performance.now() - started;
    if (result.status !== 0 || (result.stderr !== '' && !c.name.endsWith('--help'))) {
      throw new Error(`${c.name} failed (exit ${result.status}): ${result.stderr}`);
    }
    times.get(c.name)?.push(ms);
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const base = median(times.get('node -e 0') ?? []);
process.stdout.write(`node ${process.version}, ${runs} runs of each, alternated; median (min–max) ms\n`);
for (const c of commands) {
  const xs = times.get(c.name) ?? [];
  const m = median(xs);
  process.stdout.write(
    `  ${c.name.padEnd(32)} ${m.toFixed(0).padStart(5)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})  ${(m / base).toFixed(1)}× node -e 0\n`,
  );
}
