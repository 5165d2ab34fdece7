/**
 * The hard-instance run's pure parts (`npm run bench -- --hard`, docs/bench.md "AI and ANI"): the class
 * of an AI or ANI instance, the deterministic sample of each class, the ablation variants and the
 * per-class report table.
 */
import {
  isOptInTechnique,
  isTechnique,
  OPT_IN_TECHNIQUES,
  type OptInTechnique,
  type Technique,
} from '../core/model/index.ts';
import { falseBound, falseProof } from './claims.ts';
import type { Task } from './solver-bench.ts';

/** The sets of the hard run, in report order. */
export const HARD_SETS = ['ai', 'ani'] as const;

/**
 * The class of an instance as its file names it: the set in capitals and the item count that opens the
 * file's name (`ani/402_10000_NR_3.txt` → `ANI 402`).
 */
export function hardClass(set: string, file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const size = /^(\d+)_/.exec(base)?.[1];
  return `${set.toUpperCase()} ${size ?? '?'}`;
}

/** Orders classes by set (as in {@link HARD_SETS}, others after), then by item count. */
export function compareClasses(a: string, b: string): number {
  const [sa = '', na = ''] = a.split(' ');
  const [sb = '', nb = ''] = b.split(' ');
  const rank = (s: string): number => {
    const k = (HARD_SETS as readonly string[]).indexOf(s.toLowerCase());
    return k < 0 ? HARD_SETS.length : k;
  };
  return rank(sa) - rank(sb) || sa.localeCompare(sb) || Number(na) - Number(nb);
}

/** The instance's index at the end of its name (`…_NR_13.txt` → 13), for a natural order. */
function trailingIndex(file: string): number {
  const m = /_(\d+)\.[a-z]+$/.exec(file);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

/**
 * Groups instances by class and takes `perClass` of each, spread evenly over the class in the natural
 * order of the files' indices (the k-th of n taken is at ⌊k·size/n⌋), so the choice depends on the files
 * alone. `perClass` null, or at least the class's size: every instance.
 */
export function sampleClasses<T extends { readonly set: string; readonly name: string }>(
  list: readonly T[],
  perClass: number | null,
): Map<string, T[]> {
  const byClass = new Map<string, T[]>();
  for (const t of list) {
    const cls = hardClass(t.set, t.name);
    byClass.set(cls, [...(byClass.get(cls) ?? []), t]);
  }
  const out = new Map<string, T[]>();
  for (const cls of [...byClass.keys()].sort(compareClasses)) {
    const all = (byClass.get(cls) ?? []).sort(
      (a, b) => trailingIndex(a.name) - trailingIndex(b.name) || a.name.localeCompare(b.name),
    );
    if (perClass === null || perClass >= all.length) {
      out.set(cls, all);
      continue;
    }
    const n = Math.max(0, Math.floor(perClass));
    out.set(
      cls,
      Array.from({ length: n }, (_, k) => all[Math.floor((k * all.length) / n)]).filter(
        (t): t is T => t !== undefined,
      ),
    );
  }
  return out;
}

/**
 * The classes a run keeps: `classes` is a comma-separated list of class names (`ANI 201,AI 402`, any
 * case) or set names (`ani`: every class of the set); empty keeps every class. A name that matches no
 * class of `sampled` is refused with the list of known ones.
 */
export function chooseClasses<T>(sampled: ReadonlyMap<string, T[]>, classes: string): Map<string, T[]> {
  const wanted = classes
    .split(',')
    .map((c) => c.trim().toUpperCase().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (wanted.length === 0) return new Map(sampled);
  const known = [...sampled.keys()];
  for (const w of wanted) {
    if (!known.some((k) => k === w || k.startsWith(`${w} `)))
      throw new Error(`unknown class '${w}': known are ${known.join(', ')}`);
  }
  return new Map([...sampled].filter(([k]) => wanted.some((w) => k === w || k.startsWith(`${w} `))));
}

/**
 * One variant of the run: its label, the techniques it switches off and the opt-in techniques it switches
 * on (none when absent).
 */
export interface Variant {
  readonly label: string;
  readonly off: readonly Technique[];
  readonly on?: readonly OptInTechnique[];
}

/** The names of a comma-separated list, trimmed, in order, without repeats. */
function namesOf(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The variants of a run: everything on, then each named technique off on its own (`--ablate a,b`), then
 * each named opt-in technique on on its own (`--on c`: `OPT_IN_TECHNIQUES`, off in production), so
 * `--ablate a,b --on c` gives four. Unknown names are refused with the list of known ones.
 */
export function variantsOf(ablate: string, known: readonly string[], on = ''): Variant[] {
  const names = namesOf(ablate);
  const bad = names.filter((n) => !isTechnique(n));
  if (bad.length > 0)
    throw new Error(`unknown technique ${bad.join(', ')} for --ablate (known: ${known.join(', ')})`);
  const optIns = namesOf(on);
  const badOn = optIns.filter((n) => !isOptInTechnique(n));
  if (badOn.length > 0)
    throw new Error(
      `unknown opt-in technique ${badOn.join(', ')} for --on (known: ${OPT_IN_TECHNIQUES.join(', ')})`,
    );
  return [
    { label: 'all on', off: [] },
    ...names.filter(isTechnique).map((t) => ({ label: `${t} off`, off: [t] })),
    ...optIns.filter(isOptInTechnique).map((t) => ({ label: `${t} on`, off: [], on: [t] })),
  ];
}

/** What a solve's search did (as `bench/solver-bench.ts` collects it): counts no load can move. */
export interface WorkCounts {
  readonly rounds: number;
  readonly branchNodes: number;
  readonly packerOps: number;
  readonly packerRootOps: number;
}

/** What the report needs of one solved instance. */
export interface HardOutcome {
  readonly set: string;
  readonly name: string;
  readonly variant?: string;
  readonly ms: number;
  /** The solving process's CPU time; absent from a checkout that does not report it. */
  readonly cpuMs?: number;
  /** With `--repeat`: the least and greatest CPU (else wall) time of the instance's runs. */
  readonly spread?: readonly [number, number];
  readonly value: number | null;
  readonly bound: number | null;
  readonly optimal: boolean;
  readonly opt: number | null;
  readonly error: string | null;
  /** Absent from a checkout that does not report it (a baseline older than the work counts). */
  readonly work?: WorkCounts;
}

/** The time a run is ranked by: its CPU time where reported, else its wall time. */
const runTime = (o: HardOutcome): number => o.cpuMs ?? o.ms;

/**
 * One outcome per variant and instance: of several runs of the same (`--repeat`), the run of median
 * time (CPU where reported; the upper middle run of an even count), carrying the runs' least and greatest
 * time as `spread`. A single run is returned as it is. The order is that of each group's first run.
 */
export function medianRuns<T extends HardOutcome>(outcomes: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const o of outcomes) {
    const key = `${o.variant ?? 'all on'}\u0000${o.set}/${o.name}`;
    const list = groups.get(key);
    if (list) list.push(o);
    else groups.set(key, [o]);
  }
  return [...groups.values()].map((runs) => {
    if (runs.length === 1) return runs[0] as T;
    const sorted = [...runs].sort((a, b) => runTime(a) - runTime(b));
    const mid = sorted[Math.floor(sorted.length / 2)] as T;
    return { ...mid, spread: [runTime(sorted[0] as T), runTime(sorted[sorted.length - 1] as T)] };
  });
}

/** One row of the per-class table. */
export interface ClassRow {
  readonly variant: string;
  readonly cls: string;
  readonly instances: number;
  readonly proven: number;
  readonly reached: number;
  readonly falseClaims: number;
  readonly errors: number;
  readonly medianMs: number;
  readonly maxMs: number;
  /** Median and maximum CPU time over the instances that report it; null when none does. */
  readonly medianCpuMs: number | null;
  readonly maxCpuMs: number | null;
  /** Proven within the report's `withinMs`, by wall time and by CPU time (null: no CPU times). */
  readonly provenWithin: number;
  readonly provenWithinCpu: number | null;
  /** Medians of the work counts over the instances that report them; null when none does. */
  readonly medianRounds: number | null;
  readonly medianNodes: number | null;
  readonly medianPackerOps: number | null;
}

/** The time the class table counts proofs within unless `--within` says otherwise: issue 41's 5 s. */
export const DEFAULT_WITHIN_MS = 5_000;

/** The median (upper of the two middle values) and the maximum, 0 for an empty list. */
function medianMax(xs: readonly number[]): [number, number] {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor(s.length / 2)] ?? 0, s[s.length - 1] ?? 0];
}

/**
 * Per variant (in `variants` order) and class: instances, proven, optimum reached, false claims (a proof
 * of another value or a bound above the optimum, checked against `provenOpt`, keyed `set/name`), errors,
 * median and maximum time, wall and CPU (over every instance, those stopped by the limit included), and
 * how many were proven within `withinMs` by each clock.
 */
export function classRows(
  outcomes: readonly HardOutcome[],
  variants: readonly string[],
  provenOpt: ReadonlyMap<string, number>,
  withinMs = DEFAULT_WITHIN_MS,
): ClassRow[] {
  const rows: ClassRow[] = [];
  for (const variant of variants) {
    const mine = outcomes.filter((o) => (o.variant ?? 'all on') === variant);
    const classes = [...new Set(mine.map((o) => hardClass(o.set, o.name)))].sort(compareClasses);
    for (const cls of classes) {
      const list = mine.filter((o) => hardClass(o.set, o.name) === cls);
      const [medianMs, maxMs] = medianMax(list.map((o) => o.ms));
      const cpus = list.flatMap((o) => (o.cpuMs === undefined ? [] : [o.cpuMs]));
      const [medianCpuMs, maxCpuMs] = cpus.length === 0 ? [null, null] : medianMax(cpus);
      const proven = list.filter((o) => o.optimal);
      const counted = list.flatMap((o) => (o.work ? [o.work] : []));
      const median = (f: (w: WorkCounts) => number): number | null =>
        counted.length === 0 ? null : medianMax(counted.map(f))[0];
      rows.push({
        variant,
        cls,
        instances: list.length,
        proven: proven.length,
        reached: list.filter((o) => o.opt !== null && o.value !== null && o.value <= o.opt).length,
        falseClaims: list.filter((o) => {
          const opt = provenOpt.get(`${o.set}/${o.name}`) ?? null;
          return falseProof(o, opt) || falseBound(o, opt);
        }).length,
        errors: list.filter((o) => o.error !== null).length,
        medianMs,
        maxMs,
        medianCpuMs,
        maxCpuMs,
        provenWithin: proven.filter((o) => o.ms <= withinMs).length,
        provenWithinCpu:
          cpus.length === 0
            ? null
            : proven.filter((o) => o.cpuMs !== undefined && o.cpuMs <= withinMs).length,
        medianRounds: median((w) => w.rounds),
        medianNodes: median((w) => w.branchNodes),
        medianPackerOps: median((w) => w.packerOps),
      });
    }
  }
  return rows;
}

/** Seconds for a table: two decimals under 10 s, one above. */
const secs = (ms: number): string => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
/** A count for a table, `—` where there is none. */
const count = (n: number | null): string => (n === null ? '—' : String(Math.round(n)));
/** Millions of operations for a table, `—` where there are none. */
const mops = (ops: number | null): string => (ops === null ? '—' : (ops / 1e6).toFixed(ops < 1e7 ? 1 : 0));

/** Seconds or `—` where there is no figure. */
const maybeSecs = (ms: number | null): string => (ms === null ? '—' : secs(ms));

/** The per-class table in Markdown; `withinMs` as given to `classRows`. */
export function classTable(rows: readonly ClassRow[], withinMs = DEFAULT_WITHIN_MS): string[] {
  const within = `${withinMs / 1000} s`;
  return [
    `| variant | class | instances | proven | optimum reached | false claims | errors | median s | max s | median CPU s | max CPU s | proven within ${within} (wall / CPU) | median rounds | median nodes | median packer Mops |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.variant} | ${r.cls} | ${r.instances} | ${r.proven} | ${r.reached} | ${r.falseClaims} | ${r.errors} | ${secs(r.medianMs)} | ${secs(r.maxMs)} | ${maybeSecs(r.medianCpuMs)} | ${maybeSecs(r.maxCpuMs)} | ${r.provenWithin} / ${count(r.provenWithinCpu)} | ${count(r.medianRounds)} | ${count(r.medianNodes)} | ${mops(r.medianPackerOps)} |`,
    ),
  ];
}

/** One row of the comparison against the baseline: a variant of this checkout on one class. */
export interface ComparisonRow {
  readonly variant: string;
  readonly cls: string;
  /** Instances solved by both (the comparison is over these). */
  readonly pairs: number;
  readonly proven: number;
  readonly baselineProven: number;
  readonly medianMs: number;
  readonly baselineMedianMs: number;
  /** Geometric mean over the pairs of this time / the baseline's. */
  readonly timeRatio: number;
  /** Pairs where this one was faster, and where it proved what the baseline did not (and the reverse). */
  readonly faster: number;
  readonly onlyThis: number;
  readonly onlyBaseline: number;
}

/**
 * Per variant other than `baseline` (in `variants` order) and class: the instances solved by that variant
 * and by the baseline, proven by each, median times, the geometric mean of the time ratios, and how many
 * pairs each side won.
 */
export function comparisonRows(
  outcomes: readonly HardOutcome[],
  variants: readonly string[],
  baseline: string,
): ComparisonRow[] {
  const key = (o: HardOutcome): string => `${o.set}/${o.name}`;
  const base = new Map(outcomes.filter((o) => o.variant === baseline).map((o) => [key(o), o]));
  const rows: ComparisonRow[] = [];
  for (const variant of variants) {
    if (variant === baseline) continue;
    const pairs = outcomes
      .filter((o) => (o.variant ?? 'all on') === variant)
      .flatMap((o) => {
        const b = base.get(key(o));
        return b ? [{ o, b, cls: hardClass(o.set, o.name) }] : [];
      });
    for (const cls of [...new Set(pairs.map((p) => p.cls))].sort(compareClasses)) {
      const list = pairs.filter((p) => p.cls === cls);
      const logRatio = list.reduce((a, p) => a + Math.log(Math.max(1, p.o.ms) / Math.max(1, p.b.ms)), 0);
      rows.push({
        variant,
        cls,
        pairs: list.length,
        proven: list.filter((p) => p.o.optimal).length,
        baselineProven: list.filter((p) => p.b.optimal).length,
        medianMs: medianMax(list.map((p) => p.o.ms))[0],
        baselineMedianMs: medianMax(list.map((p) => p.b.ms))[0],
        timeRatio: Math.exp(logRatio / list.length),
        faster: list.filter((p) => p.o.ms < p.b.ms).length,
        onlyThis: list.filter((p) => p.o.optimal && !p.b.optimal).length,
        onlyBaseline: list.filter((p) => p.b.optimal && !p.o.optimal).length,
      });
    }
  }
  return rows;
}

/** The comparison table in Markdown. */
export function comparisonTable(rows: readonly ComparisonRow[], baseline: string): string[] {
  return [
    `| variant | class | instances | proven | proven (${baseline}) | median s | median s (${baseline}) | time ratio (geometric mean) | faster | proven only here | proven only by ${baseline} |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.variant} | ${r.cls} | ${r.pairs} | ${r.proven} | ${r.baselineProven} | ${secs(r.medianMs)} | ${secs(r.baselineMedianMs)} | ${r.timeRatio.toFixed(2)} | ${r.faster} | ${r.onlyThis} | ${r.onlyBaseline} |`,
    ),
  ];
}

/** Every solve with its work counts, by class, instance and variant (the report's details). */
export function workTable(outcomes: readonly HardOutcome[], variants: readonly string[]): string[] {
  const rank = (o: HardOutcome): number => variants.indexOf(o.variant ?? 'all on');
  const sorted = [...outcomes].sort(
    (a, b) =>
      compareClasses(hardClass(a.set, a.name), hardClass(b.set, b.name)) ||
      trailingIndex(a.name) - trailingIndex(b.name) ||
      a.name.localeCompare(b.name) ||
      rank(a) - rank(b),
  );
  const spread = (o: HardOutcome): string => (o.spread ? ` (${secs(o.spread[0])}–${secs(o.spread[1])})` : '');
  return [
    '| instance | variant | plan / bound / known | proven | s | CPU s | rounds | branch nodes | packer Mops | of which before the tree |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|',
    ...sorted.map((o) => {
      const w = o.work;
      return `| ${o.name} | ${o.variant ?? 'all on'} | ${o.value ?? '—'} / ${o.bound ?? '—'} / ${o.opt ?? '—'} | ${o.optimal ? 'yes' : o.error ? 'error' : 'no'} | ${secs(o.ms)} | ${maybeSecs(o.cpuMs ?? null)}${spread(o)} | ${count(w?.rounds ?? null)} | ${count(w?.branchNodes ?? null)} | ${mops(w?.packerOps ?? null)} | ${mops(w?.packerRootOps ?? null)} |`;
    }),
  ];
}

/**
 * The order in which one instance's variants are solved: this checkout's variants, then the baseline,
 * on even instances, the baseline first on odd ones, so neither side always runs right after the other
 * on a machine whose load drifts.
 */
export function turns<T>(variants: readonly T[], baseline: T | null, instance: number): T[] {
  if (baseline === null) return [...variants];
  return instance % 2 === 0 ? [...variants, baseline] : [baseline, ...variants];
}

/** An instance of the hard run, as `bench/instances.ts` loads it. */
export interface HardInstance {
  readonly set: string;
  readonly name: string;
  readonly inst: {
    readonly body: Record<string, unknown>;
    readonly objective: Task['objective'];
    readonly opt: number | null;
    readonly proven: boolean;
  };
}

/**
 * The run's tasks: `repeat` rounds of every instance in every variant (and the baseline's checkout), the
 * variants taking {@link turns} instance by instance, so a load change on the shared machine hits them
 * alike; each task switches off its variant's techniques and on its opt-in ones.
 */
export function hardTasks(
  chosen: readonly HardInstance[],
  variants: readonly Variant[],
  baseline: (Variant & { readonly checkout: string }) | null,
  repeat: number,
  limitMs: number,
): Task[] {
  return Array.from({ length: repeat }, () =>
    chosen.flatMap(({ set, name, inst }, k) =>
      turns<Variant & { readonly checkout?: string }>(variants, baseline, k).map(
        (v): Task => ({
          set,
          name,
          body: inst.body,
          objective: inst.objective,
          opt: inst.opt,
          proven: inst.proven,
          limitMs,
          off: v.off,
          ...(v.on && v.on.length > 0 ? { on: v.on } : {}),
          variant: v.label,
          ...(v.checkout ? { checkout: v.checkout } : {}),
        }),
      ),
    ),
  ).flat();
}

/** The `--hard` options as given on the command line (strings, absent when not given). */
export interface HardArgs {
  readonly sample?: string;
  readonly limit?: string;
  readonly workers?: string;
  readonly classes?: string;
  readonly ablate?: string;
  readonly on?: string;
  readonly baseline?: string;
  readonly repeat?: string;
  readonly within?: string;
}

/** The `--hard` options parsed, or an error naming the bad option. */
export interface HardSettings {
  /** Instances a class; null: every instance. */
  readonly perClass: number | null;
  readonly limitMs: number;
  readonly workers: number;
  readonly classes: string;
  readonly ablate: string;
  /** Opt-in techniques, comma-separated, each switched on in a variant of its own (`--on`). */
  readonly on: string;
  /** A git ref whose checkout solves the same instances in the same run, or null. */
  readonly baseline: string | null;
  /** Runs of each instance and variant; the report keeps the run of median time. */
  readonly repeat: number;
  /** The class table counts the instances proven within this time. */
  readonly withinMs: number;
}

/**
 * Parses the `--hard` options: `--sample N|all` (default 10), `--limit S` seconds (default 60),
 * `--workers N` (default `cores`), `--classes`, `--ablate`, `--on`, `--baseline <git-ref>`, `--repeat N` (default
 * 1), `--within S` seconds (default 5). Throws on a value that is not one of these.
 */
export function hardSettings(args: HardArgs, cores: number): HardSettings {
  const positiveInt = (name: string, v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`--${name} takes a positive whole number, not '${v}'`);
    return n;
  };
  const sample = args.sample ?? '10';
  const limit = Number(args.limit ?? '60');
  if (!Number.isFinite(limit) || limit <= 0)
    throw new Error(`--limit takes a positive number of seconds, not '${args.limit}'`);
  const within = Number(args.within ?? String(DEFAULT_WITHIN_MS / 1000));
  if (!Number.isFinite(within) || within <= 0)
    throw new Error(`--within takes a positive number of seconds, not '${args.within}'`);
  const baseline = args.baseline?.trim() ?? null;
  if (baseline === '') throw new Error('--baseline takes a git ref (a branch, tag or commit)');
  return {
    perClass: sample === 'all' ? null : positiveInt('sample', sample),
    limitMs: Math.round(limit * 1000),
    workers: args.workers === undefined ? cores : positiveInt('workers', args.workers),
    classes: args.classes ?? '',
    ablate: args.ablate ?? '',
    on: args.on ?? '',
    baseline,
    repeat: args.repeat === undefined ? 1 : positiveInt('repeat', args.repeat),
    withinMs: Math.round(within * 1000),
  };
}
