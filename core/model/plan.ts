/**
 * Layouts and plans of a job: a layout's weight, cost and key, a plan's cost, its source use, merging and
 * trimming its layouts.
 */
import type { Job } from './job.ts';

/** A layout: how many of each item one bar of `source` carries, cut `count` times. */
export interface Layout {
  readonly source: number;
  readonly counts: Int32Array;
  readonly count: number;
}

/** A complete plan for one job. */
export interface GroupPlan {
  readonly layouts: readonly Layout[];
  /** Objective value in the job's cost units. */
  readonly cost: number;
}

/** Total weight (lengths + one kerf each) of a pattern. */
export function patternWeight(job: Job, counts: Int32Array): number {
  let w = 0;
  for (let i = 0; i < counts.length; i++) w += (counts[i] ?? 0) * (job.items[i]?.weight ?? 0);
  return w;
}

export function patternKey(source: number, counts: Int32Array): string {
  return `${source}:${counts.join(',')}`;
}

export function planCost(job: Job, layouts: readonly Layout[]): number {
  let c = 0;
  for (const l of layouts) c += (job.sources[l.source]?.cost ?? 0) * l.count;
  return c;
}

/** Owned offcut material a plan uses (lengths of the offcut bars cut). */
export function offcutUsage(job: Job, layouts: readonly Layout[]): number {
  let u = 0;
  for (const l of layouts) {
    const s = job.sources[l.source];
    if (s?.kind === 'offcut') u += s.length * l.count;
  }
  return u;
}

/**
 * Turns a multiset of bars that covers the demand (possibly over-producing) into a clean plan: excess pieces
 * removed (from the bars that come last, so earlier, denser layouts stay intact), empty bars dropped,
 * identical layouts merged, and layouts sorted deterministically.
 */
export function finishPlan(job: Job, bars: readonly Layout[]): GroupPlan {
  return mergeLayouts(job, trimExcess(job, bars));
}

/**
 * Pieces of each item `bars` cut in all: the sum the offer's checks share ({@link trimExcess},
 * {@link keptCost}), so an offer adds up its bars once, not at every check.
 */
export function itemTotals(job: Job, bars: readonly Layout[]): Float64Array {
  const m = job.items.length;
  const made = new Float64Array(m);
  for (const b of bars) for (let i = 0; i < m; i++) made[i] = (made[i] ?? 0) + (b.counts[i] ?? 0) * b.count;
  return made;
}

/** Whether `made` ({@link itemTotals}) misses some item's demand. */
export function isShort(job: Job, made: Float64Array): boolean {
  for (let i = 0; i < job.items.length; i++) if ((made[i] ?? 0) < (job.items[i]?.demand ?? 0)) return true;
  return false;
}

/**
 * The first half of {@link finishPlan}: excess pieces removed and empty bars dropped, not yet merged, so
 * the plan's cost is known before the costlier merge. `produced` is `bars`' {@link itemTotals} when the
 * caller has it already. With `share`, a bar that loses no piece keeps its `counts` array rather than a
 * copy: for a caller that copies what it keeps (most offers keep nothing, and the copy of every bar was
 * part of each one's cost).
 */
export function trimExcess(
  job: Job,
  bars: readonly Layout[],
  produced: Float64Array = itemTotals(job, bars),
  share = false,
): Layout[] {
  const m = job.items.length;
  const excess = new Float64Array(m);
  let excessLeft = 0;
  for (let i = 0; i < m; i++) {
    excess[i] = Math.max(0, (produced[i] ?? 0) - (job.items[i]?.demand ?? 0));
    excessLeft += excess[i] ?? 0;
  }
  const out: Layout[] = [];
  for (let k = bars.length - 1; k >= 0; k--) {
    const b = bars[k];
    if (!b || b.count <= 0) continue;
    if (excessLeft === 0) {
      // Nothing left to remove (the usual case once the last bars are trimmed): the bar as it is.
      if (b.counts.some((c) => c !== 0))
        out.push({ source: b.source, counts: share ? b.counts : b.counts.slice(), count: b.count });
      continue;
    }
    let left = b.count;
    // Remove excess one physical bar at a time so a shared layout is only split where needed.
    while (left > 0) {
      let touched = false;
      const counts = b.counts.slice();
      for (let i = 0; i < m; i++) {
        const take = Math.min(excess[i] ?? 0, counts[i] ?? 0);
        if (take > 0) {
          counts[i] = (counts[i] ?? 0) - take;
          excess[i] = (excess[i] ?? 0) - take;
          excessLeft -= take;
          touched = true;
        }
      }
      const empty = counts.every((c) => c === 0);
      if (!touched) {
        if (!empty) out.push({ source: b.source, counts, count: left });
        break;
      }
      if (!empty) out.push({ source: b.source, counts, count: 1 });
      left -= 1;
    }
  }
  return out;
}

/**
 * A lower bound on the cost of `bars` after {@link trimExcess}: the bars holding a piece of an item that is
 * not over-produced, which trimming never empties (it removes over-produced pieces only). `made` is
 * `bars`' {@link itemTotals} when the caller has it already.
 */
export function keptCost(
  job: Job,
  bars: readonly Layout[],
  made: Float64Array = itemTotals(job, bars),
): number {
  const m = job.items.length;
  let cost = 0;
  for (const b of bars) {
    if (b.count <= 0) continue;
    for (let i = 0; i < m; i++) {
      if ((b.counts[i] ?? 0) > 0 && (made[i] ?? 0) <= (job.items[i]?.demand ?? 0)) {
        cost += (job.sources[b.source]?.cost ?? 0) * b.count;
        break;
      }
    }
  }
  return cost;
}

/** Merges identical layouts, drops empty ones and sorts: source order, then fuller bars first. */
export function mergeLayouts(job: Job, layouts: readonly Layout[]): GroupPlan {
  const merged = new Map<string, Layout>();
  for (const l of layouts) {
    if (l.count <= 0 || l.counts.every((c) => c === 0)) continue;
    const key = layoutKey(l.source, l.counts);
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, count: prev.count + l.count } : l);
  }
  // Each layout's weight once, not at every comparison of the sort.
  const weight = new Map<Layout, number>();
  for (const l of merged.values()) weight.set(l, patternWeight(job, l.counts));
  const list = [...merged.values()].sort((a, b) => compareLayouts(a, b, weight));
  return { layouts: list, cost: planCost(job, list) };
}

/**
 * A key equal for two layouts exactly when their source and counts are: the counts' bytes as UTF-16 code
 * units. Offers merge their layouts several times a dive node, and the decimal join of
 * {@link patternKey} was a fifth of an offer's time on the slow practical jobs.
 */
function layoutKey(source: number, counts: Int32Array): string {
  // Past a few thousand items the code units would be too many arguments for one call.
  if (counts.length > 4096) return patternKey(source, counts);
  const units = new Uint16Array(counts.buffer, counts.byteOffset, counts.length * 2);
  return `${source}:${String.fromCharCode.apply(null, units as unknown as number[])}`;
}

function compareLayouts(a: Layout, b: Layout, weight: ReadonlyMap<Layout, number>): number {
  if (a.source !== b.source) return a.source - b.source;
  const wa = weight.get(a) ?? 0;
  const wb = weight.get(b) ?? 0;
  if (wa !== wb) return wb - wa;
  if (a.count !== b.count) return b.count - a.count;
  for (let i = 0; i < a.counts.length; i++) {
    const d = (b.counts[i] ?? 0) - (a.counts[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Bars of each source a plan uses. */
export function sourceUse(job: Job, layouts: readonly Layout[]): Float64Array {
  const use = new Float64Array(job.sources.length);
  for (const l of layouts) use[l.source] = (use[l.source] ?? 0) + l.count;
  return use;
}

/**
 * Is `a` a better plan than `b`? Lower cost first; under `offcuts_first`, more offcut material used comes
 * before cost; ties go to the plan with more priority-source bars, then to fewer distinct layouts.
 */
export function better(job: Job, a: GroupPlan, b: GroupPlan | null): boolean {
  if (b === null) return true;
  if (job.offcutsFirst) {
    const ua = offcutUsage(job, a.layouts);
    const ub = offcutUsage(job, b.layouts);
    if (ua !== ub) return ua > ub;
  }
  if (a.cost !== b.cost) return a.cost < b.cost;
  // Priority is an objective after cost (the spec: prioritised items first among equally good plans),
  // so it comes before the layout tie-break.
  const pa = priorityBars(job, a);
  const pb = priorityBars(job, b);
  if (pa !== pb) return pa > pb;
  return a.layouts.length < b.layouts.length;
}

/** Bars of prioritised sources a plan cuts (the tie-break after cost in {@link better}). */
export function priorityBars(job: Job, p: Pick<GroupPlan, 'layouts'>): number {
  let n = 0;
  for (const l of p.layouts) if (job.sources[l.source]?.priority) n += l.count;
  return n;
}

/**
 * Whether bars costing as much as `b` (trimmed: no empty bar, none cut 0 times) could merge into a plan
 * that {@link better} prefers to `b`, without merging and sorting them: the tie-breaks only (priority
 * bars, then fewer distinct layouts, counted up to `b`'s). Not for `offcuts_first`, whose usage ranks
 * first. Offers at the incumbent's cost are the rule in a long proof (every completion of ANI 402_NR_9's
 * dives costs the incumbent's 133 bars), and their merge was most of an offer's time.
 */
export function winsTie(job: Job, bars: readonly Layout[], b: GroupPlan): boolean {
  const pa = priorityBars(job, { layouts: bars });
  const pb = priorityBars(job, b);
  if (pa !== pb) return pa > pb;
  const keys = new Set<string>();
  for (const l of bars) {
    if (l.count <= 0 || l.counts.every((c) => c === 0)) continue;
    keys.add(layoutKey(l.source, l.counts));
    if (keys.size >= b.layouts.length) return false;
  }
  return true;
}

/**
 * Covers shortages by substitution: where an item is short and a longer item is over-produced, cut the
 * shorter piece in the longer one's place (it always fits). Plans read off an LP that used the
 * substitution columns need this. Bars are split only where one of several identical bars changes.
 * Returns the bars unchanged when nothing is short, or null when no longer piece is left to give.
 */
export function substituteShortages(job: Job, bars: readonly Layout[]): Layout[] | null {
  const m = job.items.length;
  const made = itemTotals(job, bars);
  if (!isShort(job, made)) return [...bars];
  const out: Layout[] = bars.map((b) => ({ ...b, counts: b.counts.slice() }));
  for (let j = 0; j < m; j++) {
    let need = (job.items[j]?.demand ?? 0) - (made[j] ?? 0);
    // Take from the nearest longer item with pieces to spare: under the LP's substitution chain every
    // prefix of items (longest first) is covered, so nearest-first never strands a later shortage.
    for (let i = j - 1; i >= 0 && need > 0; i--) {
      let spare = (made[i] ?? 0) - (job.items[i]?.demand ?? 0);
      for (let k = 0; k < out.length && need > 0 && spare > 0; k++) {
        const b = out[k];
        if (!b || (b.counts[i] ?? 0) === 0) continue;
        const per = b.counts[i] ?? 0;
        // Swap in whole bars where possible; split one bar off when only part of a run must change.
        const barsNeeded = Math.ceil(Math.min(need, spare) / per);
        const swapBars = Math.min(b.count, barsNeeded);
        const swapEach = Math.min(per, Math.floor(Math.min(need, spare) / swapBars) || 1);
        const changed = b.counts.slice();
        changed[i] = (changed[i] ?? 0) - swapEach;
        changed[j] = (changed[j] ?? 0) + swapEach;
        const moved = swapEach * swapBars;
        if (swapBars < b.count)
          out.splice(k + 1, 0, { source: b.source, counts: b.counts.slice(), count: b.count - swapBars });
        out[k] = { source: b.source, counts: changed, count: swapBars };
        made[i] = (made[i] ?? 0) - moved;
        made[j] = (made[j] ?? 0) + moved;
        need -= moved;
        spare -= moved;
      }
    }
    if (need > 0) return null;
  }
  return out;
}
