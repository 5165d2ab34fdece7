/**
 * The angle benchmark's check against false proofs, independent of the solver: nothing here comes from
 * `core/`. It reads the request body itself, lays pieces with the real (float) geometry of
 * docs/angle-cuts.md, and for small jobs finds the optimum by exhaustive search over bar sequences. For every
 * job it also holds each run's claims against the plans of the other runs (a longer budget, another
 * checkout's core, the same parts laid square): a proven value is never above a value some plan reached,
 * and no bound is above one.
 *
 * Only `balanced` (the method of every benchmark job) is modelled: the cost of a stock bar is its price when
 * every stock is priced, else 1 with one stock length, else its length; owned offcuts cost nothing.
 */

type Body = Record<string, unknown>;

/** One run's answer for a job, in the objective's terms (request units: money, bars or stock length). */
export interface RunClaim {
  /** Which run: `plan`, `baseline`, `laid square`, `longer budget`, … */
  readonly run: string;
  /** The plan's value, or null without a plan. */
  readonly value: number | null;
  /** The run's lower bound on the value; null when the run makes no claim (the square-laid plan). */
  readonly bound: number | null;
  readonly optimal: boolean;
  /** `plan.verified`; null when the run makes no claim. */
  readonly verified: boolean | null;
}

/** A claim the check refutes; any one makes the benchmark exit non-zero. */
export interface Finding {
  readonly run: string;
  readonly kind: 'false proof' | 'false bound' | 'unverified' | 'no plan' | 'below exhaustive optimum';
  readonly detail: string;
}

/** Relative slack for float sums (values are money with cents, bars, or lengths). */
const EPS = 1e-6;

/**
 * Every claim of `claims` checked against the best value any run reached and, when known, the exhaustive
 * optimum: a run proven optimal above either is a false proof, a bound above either a false bound; a plan
 * below the exhaustive optimum means the check's own search missed it (or the plan does not fit).
 */
export function checkClaims(claims: readonly RunClaim[], exhaustive: number | null): Finding[] {
  const findings: Finding[] = [];
  const values = claims.map((c) => c.value).filter((v): v is number => v !== null);
  const reached = values.length > 0 ? Math.min(...values) : null;
  const tol = (x: number): number => EPS * Math.max(1, Math.abs(x));
  for (const c of claims) {
    if (c.verified === false)
      findings.push({ run: c.run, kind: 'unverified', detail: 'plan.verified is false' });
    if (c.value !== null && exhaustive !== null && c.value < exhaustive - tol(exhaustive))
      findings.push({
        run: c.run,
        kind: 'below exhaustive optimum',
        detail: `plan ${c.value} below the exhaustive optimum ${exhaustive}: the check or the plan is wrong`,
      });
    if (c.optimal && c.value !== null) {
      if (reached !== null && c.value > reached + tol(reached)) {
        const by = claims.find((o) => o.value === reached)?.run ?? '?';
        findings.push({
          run: c.run,
          kind: 'false proof',
          detail: `proven ${c.value}, but ${by} reached ${reached}`,
        });
      }
      if (exhaustive !== null && c.value > exhaustive + tol(exhaustive))
        findings.push({
          run: c.run,
          kind: 'false proof',
          detail: `proven ${c.value}, but exhaustive search finds ${exhaustive}`,
        });
    }
    if (c.bound !== null) {
      const floor = Math.min(reached ?? Number.POSITIVE_INFINITY, exhaustive ?? Number.POSITIVE_INFINITY);
      if (c.bound > floor + tol(floor))
        findings.push({
          run: c.run,
          kind: 'false bound',
          detail: `bound ${c.bound} above a plan's ${floor}`,
        });
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------------------
// Exhaustive search

interface Edge {
  readonly lean: -1 | 0 | 1;
  /** w·|cot a|: how far the short face stops short of the long point. */
  readonly reach: number;
  /** K / sin a: the blade's width along the bar. */
  readonly blade: number;
}

interface Pose {
  readonly length: number;
  readonly left: Edge;
  readonly right: Edge;
}

interface Source {
  readonly length: number;
  readonly cost: number;
  /** Bars available; Infinity for stock without a quantity. */
  readonly supply: number;
}

/** A job as the check reads it: shapes with their poses and demand, and the sources with their costs. */
export interface CheckJob {
  readonly shapes: readonly { readonly poses: readonly Pose[]; readonly demand: number }[];
  readonly sources: readonly Source[];
  /** Where the first piece's left tip may start, and how far from the bar's end the last must stop. */
  readonly trimKerf: number;
}

const num = (x: unknown, fallback: number): number => (typeof x === 'number' ? x : fallback);

/** A bottom angle: 90 when absent, a negative (top) angle a as 180 + a. */
const angleOf = (x: unknown): number => {
  const a = num(x, 90);
  return a < 0 ? 180 + a : a;
};

function edge(angle: number, width: number, kerf: number): Edge {
  if (angle === 90) return { lean: 0, reach: 0, blade: kerf };
  const rad = (angle * Math.PI) / 180;
  return {
    lean: angle < 90 ? 1 : -1,
    reach: width * Math.abs(Math.cos(rad) / Math.sin(rad)),
    blade: kerf / Math.sin(rad),
  };
}

/** The angle pairs a part may be placed with: as entered, and each turn the symmetry allows. */
function turns(l: number, r: number, symmetry: string): [number, number][] {
  const out: [number, number][] = [[l, r]];
  if (symmetry.includes('X')) out.push([180 - l, 180 - r]);
  if (symmetry.includes('Y')) out.push([r, l]);
  if (symmetry.includes('Z')) out.push([180 - r, 180 - l]);
  const seen = new Set<string>();
  return out.filter(([a, b]) => {
    const k = `${a}/${b}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Reads a benchmark body (method `balanced`); throws on what the check does not model. */
export function checkJobOf(body: Body): CheckJob {
  const method = body.method ?? 'balanced';
  if (method !== 'balanced') throw new Error(`the check models balanced only, not ${String(method)}`);
  const kerf = num(body.kerf, 0);
  const cuts = (body.angleCuts ?? {}) as Body;
  const width = num(cuts.width, 0);
  const symmetry = String(cuts.axialSymmetry ?? 'none');
  const byShape = new Map<string, { poses: Pose[]; demand: number }>();
  for (const p of body.parts as Body[]) {
    const length = num(p.length, 0);
    const l = angleOf(p.leftAngle);
    const r = angleOf(p.rightAngle);
    // Two parts are one shape when some turn makes one the other: the same set of poses.
    const pairs = turns(l, r, symmetry);
    const key = `${length}:${pairs
      .map(([a, b]) => `${a}/${b}`)
      .sort()
      .join(',')}`;
    const poses = pairs.map(([a, b]) => ({
      length,
      left: edge(a, width, kerf),
      right: edge(b, width, kerf),
    }));
    const shape = byShape.get(key) ?? { poses, demand: 0 };
    shape.demand += num(p.quantity, 1);
    byShape.set(key, shape);
  }
  const stocks = (body.stocks as Body[] | undefined) ?? [];
  const priced = stocks.length > 0 && stocks.every((s) => typeof s.price === 'number');
  const lengths = new Set(stocks.map((s) => num(s.length, 0)));
  const sources: Source[] = [
    ...stocks.map((s) => ({
      length: num(s.length, 0),
      cost: priced ? num(s.price, 0) : lengths.size <= 1 ? 1 : num(s.length, 0),
      supply: typeof s.quantity === 'number' ? s.quantity : Number.POSITIVE_INFINITY,
    })),
    ...((body.offcuts as Body[] | undefined) ?? []).map((o) => ({
      length: num(o.length, 0),
      cost: 0,
      supply: num(o.quantity, 1),
    })),
  ];
  return { shapes: [...byShape.values()], sources, trimKerf: body.trim === true ? kerf : 0 };
}

/** The least distance from one piece's right tip to the next one's left tip (docs/angle-cuts.md). */
function gap(right: Edge, left: Edge): number {
  const blade = Math.max(right.blade, left.blade);
  const nests = right.lean !== 0 && left.lean !== 0 && right.lean !== left.lean;
  return nests ? blade - Math.min(right.reach, left.reach) : blade;
}

/** Slack for float geometry: a sequence fits when it ends within this of the bar's usable end. */
const FIT = 1e-6;

/**
 * Every multiset of pieces (at most the demand) that some sequence of poses fits on a bar of `length`,
 * as count vectors: the tightest placement, first piece at the trim kerf, each next one a gap after.
 */
function patterns(job: CheckJob, length: number, limit: { nodes: number }): Int32Array[] {
  const n = job.shapes.length;
  const end = length - job.trimKerf + FIT;
  // The least end reached per (counts, last pose's right edge): a longer end for the same state is no use.
  const best = new Map<string, number>();
  const found = new Map<string, Int32Array>();
  const counts = new Int32Array(n);
  const walk = (at: number, last: Edge | null): void => {
    if (--limit.nodes < 0) return;
    for (let i = 0; i < n; i++) {
      const shape = job.shapes[i];
      if (!shape || (counts[i] ?? 0) >= shape.demand) continue;
      for (const pose of shape.poses) {
        const start = last === null ? job.trimKerf : at + gap(last, pose.left);
        const tip = start + pose.length;
        if (tip > end) continue;
        counts[i] = (counts[i] ?? 0) + 1;
        const key = counts.join(',');
        const state = `${key}|${pose.right.lean}:${pose.right.reach}:${pose.right.blade}`;
        const was = best.get(state);
        if (was === undefined || tip < was - 1e-9) {
          best.set(state, tip);
          if (!found.has(key)) found.set(key, Int32Array.from(counts));
          walk(tip, pose.right);
        }
        counts[i] = (counts[i] ?? 0) - 1;
      }
    }
  };
  walk(job.trimKerf, null);
  return [...found.values()];
}

/**
 * The least cost of a plan that cuts the demand exactly, by exhaustive search over the bar sequences of
 * every source; null when the search passes `maxNodes` (the job is too big to settle this way).
 */
export function exhaustiveOptimum(job: CheckJob, maxNodes = 2_000_000): number | null {
  const limit = { nodes: maxNodes };
  const byLength = new Map<number, Int32Array[]>();
  for (const s of job.sources)
    if (!byLength.has(s.length)) byLength.set(s.length, patterns(job, s.length, limit));
  if (limit.nodes < 0) return null;
  const demand = job.shapes.map((s) => s.demand);
  const memo = new Map<string, number>();
  const used = job.sources.map(() => 0);
  // Cover the first shape still wanted with one more bar, each source and pattern in turn: every plan is
  // reached (its bars in the order of the first shape each covers).
  const search = (rem: number[]): number => {
    const first = rem.findIndex((d) => d > 0);
    if (first < 0) return 0;
    const key = `${rem.join(',')}|${used.map((u, i) => (Number.isFinite(job.sources[i]?.supply) ? u : 0)).join(',')}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (--limit.nodes < 0) return Number.POSITIVE_INFINITY;
    let best = Number.POSITIVE_INFINITY;
    job.sources.forEach((s, k) => {
      if ((used[k] ?? 0) >= s.supply) return;
      for (const p of byLength.get(s.length) ?? []) {
        if ((p[first] ?? 0) === 0 || p.some((c, i) => c > (rem[i] ?? 0))) continue;
        used[k] = (used[k] ?? 0) + 1;
        const rest = search(rem.map((d, i) => d - (p[i] ?? 0)));
        used[k] = (used[k] ?? 0) - 1;
        best = Math.min(best, s.cost + rest);
      }
    });
    memo.set(key, best);
    return best;
  };
  const best = search(demand);
  if (limit.nodes < 0) return null;
  return Number.isFinite(best) ? best : null;
}

/** Pieces in a body (the size the exhaustive search is tried up to). */
export function pieceCount(body: Body): number {
  return (body.parts as Body[]).reduce((a, p) => a + num(p.quantity, 1), 0);
}
