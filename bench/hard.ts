/**
 * The hard-instance run's pure parts (`npm run bench -- --hard`, docs/bench.md "AI and ANI"): the class
 * of an AI or ANI instance, the deterministic sample of each class, the ablation variants and the
 * per-class report table.
 */
import { isTechnique, type Technique } from '../core/model/index.ts';
import { falseBound, falseProof } from './claims.ts';

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

/** One ablation variant of the run: its label and the techniques it switches off. */
export interface Variant {
  readonly label: string;
  readonly off: readonly Technique[];
}

/**
 * The variants of a run: everything on, then each named technique off on its own (`--ablate a,b` gives
 * three). Unknown names are refused with the list of known ones.
 */
export function variantsOf(ablate: string, known: readonly string[]): Variant[] {
  const names = ablate
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.filter((n) => !isTechnique(n));
  if (bad.length > 0)
    throw new Error(`unknown technique ${bad.join(', ')} for --ablate (known: ${known.join(', ')})`);
  const unique = [...new Set(names.filter(isTechnique))];
  return [{ label: 'all on', off: [] }, ...unique.map((t) => ({ label: `${t} off`, off: [t] }))];
}

/** What the report needs of one solved instance. */
export interface HardOutcome {
  readonly set: string;
  readonly name: string;
  readonly variant?: string;
  readonly ms: number;
  readonly value: number | null;
  readonly bound: number | null;
  readonly optimal: boolean;
  readonly opt: number | null;
  readonly error: string | null;
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
}

/** The median (upper of the two middle values) and the maximum, 0 for an empty list. */
function medianMax(xs: readonly number[]): [number, number] {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor(s.length / 2)] ?? 0, s[s.length - 1] ?? 0];
}

/**
 * Per variant (in `variants` order) and class: instances, proven, optimum reached, false claims (a proof
 * of another value or a bound above the optimum, checked against `provenOpt`, keyed `set/name`), errors,
 * median and maximum time (over every instance, those stopped by the limit included).
 */
export function classRows(
  outcomes: readonly HardOutcome[],
  variants: readonly string[],
  provenOpt: ReadonlyMap<string, number>,
): ClassRow[] {
  const rows: ClassRow[] = [];
  for (const variant of variants) {
    const mine = outcomes.filter((o) => (o.variant ?? 'all on') === variant);
    const classes = [...new Set(mine.map((o) => hardClass(o.set, o.name)))].sort(compareClasses);
    for (const cls of classes) {
      const list = mine.filter((o) => hardClass(o.set, o.name) === cls);
      const [medianMs, maxMs] = medianMax(list.map((o) => o.ms));
      rows.push({
        variant,
        cls,
        instances: list.length,
        proven: list.filter((o) => o.optimal).length,
        reached: list.filter((o) => o.opt !== null && o.value !== null && o.value <= o.opt).length,
        falseClaims: list.filter((o) => {
          const opt = provenOpt.get(`${o.set}/${o.name}`) ?? null;
          return falseProof(o, opt) || falseBound(o, opt);
        }).length,
        errors: list.filter((o) => o.error !== null).length,
        medianMs,
        maxMs,
      });
    }
  }
  return rows;
}

/** The per-class table in Markdown. */
export function classTable(rows: readonly ClassRow[]): string[] {
  const s = (ms: number): string => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
  return [
    '| variant | class | instances | proven | optimum reached | false claims | errors | median s | max s |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.variant} | ${r.cls} | ${r.instances} | ${r.proven} | ${r.reached} | ${r.falseClaims} | ${r.errors} | ${s(r.medianMs)} | ${s(r.maxMs)} |`,
    ),
  ];
}
