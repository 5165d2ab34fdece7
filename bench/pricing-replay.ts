/**
 * Captured waste-limited pricing calls, replayed on two versions of the DP (docs/bench.md, "Pricing
 * replay"). Capture records every `wasteLimitedKnapsack` call of a `solveGroup` run on a budget of master
 * solves (as `bench/master-profile.ts` runs it) to a file; replay runs the calls on this checkout's module
 * and on another copy of `core/` (main's, say, by `git archive main core | tar -x -C DIR`), the two
 * alternated, each call's answers compared to the bit (best bar, value, every extra bar), and prints
 * each version's CPU seconds per pass.
 *
 *   npx tsx bench/pricing-replay.ts capture ani 801_40000_NR_5.txt 260 /tmp/big/801.calls
 *   npx tsx bench/pricing-replay.ts replay /tmp/big/801.calls /tmp/big/main [passes] [first-calls]
 *   npx tsx bench/pricing-replay.ts replay /tmp/big/801.calls wasm-off [passes] [first-calls]
 *
 * `wasm-off` for the other directory: this checkout's DP with technique `wasm-sweep` off (plain arrays and
 * the JS loops) against it on, in one process.
 *
 * Capture and replay are separate processes, so the capture's own cost never enters the timings.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { budgetOf, manualClock, workLimited } from '../core/budget.ts';
import { countingEngine } from '../core/lp/index.ts';
import { buildJobs } from '../core/model/index.ts';
import { createLpEngine } from '../core/optimise.ts';
import {
  type ArcBan,
  type MorePatterns,
  setWasteLimitedProbe,
  type WasteLimited,
  type WasteLimitedArgs,
  wasteLimitedKnapsack,
} from '../core/pricing/index.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { solveGroup } from '../core/square/search/index.ts';
import { INSTANCES_DIR, loadSet } from './instances.ts';

/** One recorded call, as JSON (a ban by its index in the file's bans: one ban serves many calls). */
interface Call {
  values: number[];
  weights: number[];
  bounds: number[];
  capacity: number;
  limit: number;
  more: MorePatterns | null;
  ban: number | null;
  arcDuals: [number, [number, number][]][] | null;
}

interface Capture {
  bans: { width: number; length: number; ones: number[] }[];
  calls: Call[];
}

type Knapsack = (...args: WasteLimitedArgs) => WasteLimited | null;

/** Calls checked against their record at capture (each costs two more DPs). */
const CHECKED_CALLS = 8;

async function capture(set: string, file: string, solves: number, out: string): Promise<void> {
  const inst = loadSet(set, INSTANCES_DIR).find((i) => i.file.endsWith(`/${file}`) || i.file === file);
  if (!inst) throw new Error(`no instance ${file} in ${set}`);
  const parsed = parseOptimiseBody(inst.body, 'json');
  if (!parsed.ok) throw new Error('parse');
  const [job] = buildJobs(parsed.value);
  if (!job) throw new Error('no job');
  const bans = new Map<ArcBan, number>();
  const data: Capture = { bans: [], calls: [] };
  let checking = false;
  let checked = 0;
  setWasteLimitedProbe((args) => {
    if (checking) return;
    const [values, weights, bounds, capacity, limit, more, ban, arcDuals] = args;
    let banId: number | null = null;
    if (ban) {
      banId = bans.get(ban) ?? null;
      if (banId === null) {
        banId = data.bans.length;
        bans.set(ban, banId);
        const ones: number[] = [];
        for (let k = 0; k < ban.cells.length; k++) if (ban.cells[k] === 1) ones.push(k);
        data.bans.push({ width: ban.width, length: ban.cells.length, ones });
      }
    }
    data.calls.push({
      values: [...values],
      weights: Array.from(weights),
      bounds: [...bounds],
      capacity,
      limit,
      more: more ? { ...more } : null,
      ban: banId,
      arcDuals: arcDuals ? [...arcDuals].map(([p, byItem]) => [p, [...byItem]]) : null,
    });
    // The record must be the call: the first calls (and every first one with a ban or arc duals) are run
    // on the live arguments and on the ones rebuilt from the record, and must answer alike.
    if (checked < CHECKED_CALLS || ((ban || arcDuals) && checked < 2 * CHECKED_CALLS)) {
      checked++;
      checking = true;
      const rebuilt = argsOf(JSON.parse(JSON.stringify({ bans: data.bans, calls: data.calls.slice(-1) })));
      const same =
        keyOf(wasteLimitedKnapsack(...args)) ===
        keyOf(wasteLimitedKnapsack(...(rebuilt[0] as WasteLimitedArgs)));
      checking = false;
      if (!same) throw new Error(`call ${data.calls.length - 1}: the record answers otherwise than the call`);
    }
  });
  const { engine, solves: counted } = countingEngine(await createLpEngine());
  const budget = workLimited(budgetOf(manualClock(), 1e12), counted, solves);
  const r = solveGroup(job, engine, budget);
  setWasteLimitedProbe(null);
  writeFileSync(out, JSON.stringify(data));
  const arcs = data.calls.filter((c) => c.arcDuals).length;
  const banned = data.calls.filter((c) => c.ban !== null).length;
  console.log(
    `${file}: ${data.calls.length} calls (${arcs} with arc duals, ${banned} with a ban), rounds ${r.trace.cgIterations}, nodes ${r.trace.branchNodes} -> ${out}`,
  );
}

/** The calls' arguments, rebuilt once (a ban's cells shared by its calls, as in the run). */
function argsOf(data: Capture): WasteLimitedArgs[] {
  const bans = data.bans.map((b): ArcBan => {
    const cells = new Uint8Array(b.length);
    for (const o of b.ones) cells[o] = 1;
    return { width: b.width, cells };
  });
  return data.calls.map((c) => [
    Float64Array.from(c.values),
    c.weights,
    Int32Array.from(c.bounds),
    c.capacity,
    c.limit,
    c.more ?? undefined,
    c.ban === null ? null : (bans[c.ban] ?? null),
    c.arcDuals ? new Map(c.arcDuals.map(([p, byItem]) => [p, new Map(byItem)])) : null,
  ]);
}

/** An answer as text, every number to the bit (Float64 values printed exactly by `Object.is`-safe strings). */
function keyOf(a: WasteLimited | null): string {
  if (!a) return 'null';
  const v = new Float64Array([a.value]);
  const bits = Array.from(new Uint32Array(v.buffer)).join(':');
  return `${bits}|${a.counts.join(',')}|${a.extra.map((e) => e.join(',')).join(';')}`;
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

async function replay(path: string, otherDir: string, passes: number, first: number): Promise<void> {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Capture;
  if (first > 0) data.calls = data.calls.slice(0, first);
  const args = argsOf(data);
  const other: Knapsack =
    otherDir === 'wasm-off'
      ? (...a) => wasteLimitedKnapsack(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], false)
      : (
          (await import(pathToFileURL(resolve(otherDir, 'core/pricing/waste-limited.ts')).href)) as {
            wasteLimitedKnapsack: Knapsack;
          }
        ).wasteLimitedKnapsack;
  const versions: [string, Knapsack][] = [
    ['other', other],
    ['this', wasteLimitedKnapsack],
  ];
  const times = new Map<string, number[]>(versions.map(([name]) => [name, []]));
  let differ = 0;
  for (let pass = 0; pass < passes; pass++) {
    const answers = new Map<string, string[]>();
    // Alternate which version goes first, so neither always meets a warmer cache or a later GC.
    const order = pass % 2 === 0 ? versions : [...versions].reverse();
    for (const [name, run] of order) {
      const keys: string[] = [];
      const t = cpuSeconds();
      for (const a of args) keys.push(keyOf(run(...a)));
      times.get(name)?.push(cpuSeconds() - t);
      answers.set(name, keys);
    }
    const a = answers.get('other') ?? [];
    const b = answers.get('this') ?? [];
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) differ++;
  }
  const arcs = data.calls.filter((c) => c.arcDuals).length;
  console.log(`${path}: ${args.length} calls (${arcs} with arc duals), ${passes} passes`);
  for (const [name, ts] of times)
    console.log(`  ${name}: CPU s per pass ${ts.map((x) => x.toFixed(2)).join(' ')}`);
  const med = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const o = med(times.get('other') ?? []);
  const n = med(times.get('this') ?? []);
  console.log(`  median other ${o.toFixed(2)} s, this ${n.toFixed(2)} s, ratio ${(n / o).toFixed(3)}`);
  console.log(differ === 0 ? '  same answers' : `  ${differ} answers differ`);
  if (differ > 0) process.exitCode = 1;
}

const [mode = '', ...rest] = process.argv.slice(2);
if (mode === 'capture') {
  const [set = 'ani', file = '', solves = '200', out = '/tmp/pricing.calls'] = rest;
  await capture(set, file, Number(solves), out);
} else if (mode === 'replay') {
  const [path = '', dir = '', passes = '2', first = '0'] = rest;
  await replay(path, dir, Number(passes), Number(first));
} else {
  console.log(
    'usage: pricing-replay.ts capture SET FILE SOLVES OUT | replay CALLS OTHER-DIR|wasm-off [PASSES] [FIRST]',
  );
}
