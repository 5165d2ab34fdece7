/**
 * The cheap, exact feasibility checks the request layer owns (docs/api.md, "Feasibility"): every part fits
 * at least one source of its own material group, and where the group's supply is finite, it holds at least
 * the total part length. Deeper infeasibility (kerf between pieces, bin packing) is the solver's job.
 */
import { edgeFigures, edgesFit, materialLength } from '../mitre/index.ts';
import type { Material, OptimiseRequest } from '../types.ts';
import { LIMITS } from './limits.ts';
import { groupName, locate, type Origins } from './origins.ts';
import type { IssueStream } from './sink.ts';

interface Group {
  /** Longest source length (scaled), or -1 without sources. */
  longest: number;
  /** Total usable supply (scaled, after trim), or null when some stock is unlimited. */
  supply: bigint | null;
  demand: bigint;
  hasSources: boolean;
}

/** `n / 10^k` as a decimal string, exact for any size. */
function formatScaled(n: bigint, scale: number): string {
  const k = Math.round(Math.log10(scale));
  const s = n.toString().padStart(k + 1, '0');
  const whole = s.slice(0, s.length - k);
  const fraction = s.slice(s.length - k).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Issues of the two feasibility rules, parts first in request order, then materials. */
export function feasibilityIssues(request: OptimiseRequest, origins: Origins, issues: IssueStream): void {
  const { scale } = request;
  // Trim takes one kerf off both ends of every source before cutting (docs/solver.md, "A bar and its waste").
  const trim = request.trim ? 2 * request.kerf : 0;
  const groups = new Map<Material, Group>();
  const group = (m: Material): Group => {
    let g = groups.get(m);
    if (g === undefined) {
      g = { longest: -1, supply: 0n, demand: 0n, hasSources: false };
      groups.set(m, g);
    }
    return g;
  };
  const addSource = (m: Material, length: number, quantity: number | null): void => {
    const g = group(m);
    g.hasSources = true;
    g.longest = Math.max(g.longest, length);
    if (quantity === null) g.supply = null;
    else if (g.supply !== null) g.supply += BigInt(quantity) * BigInt(Math.max(0, length - trim));
  };
  for (const s of request.stocks) addSource(s.material, s.length, s.quantity);
  for (const o of request.offcuts) addSource(o.material, o.length, o.quantity);

  const cuts = request.angleCuts;
  for (const p of request.parts) {
    const g = group(p.material);
    // Angle mode counts material (area / width, rounded down): nested mitres need less than tip to tip.
    const left = cuts === null ? null : edgeFigures(p.leftAngle ?? 90, cuts.width, request.kerf);
    const right = cuts === null ? null : edgeFigures(p.rightAngle ?? 90, cuts.width, request.kerf);
    const material = left && right ? materialLength(p.length, left, right) : p.length;
    g.demand += BigInt(p.quantity) * BigInt(material);
    if (issues.dropped) continue;
    if (left && right && cuts && !edgesFit(p.length, left, right)) {
      issues.add({
        path: locate('parts', p.index, { label: p.label, length: p.length / scale }, origins),
        message: `too short for its angles at width ${cuts.width / scale}: its end cuts would cross (a face would have no length)`,
      });
      continue;
    }
    const at = (): string => locate('parts', p.index, { label: p.label, length: p.length / scale }, origins);
    if (!g.hasSources) {
      issues.add({ path: at(), message: `no stock or offcut of ${groupName(p.material)} to cut it from` });
    } else if (p.length + trim > g.longest) {
      const max = g.longest / scale;
      const detail =
        trim === 0
          ? `max ${max}`
          : `max ${max} less 2 × kerf ${request.kerf / scale} for trim = ${(g.longest - trim) / scale}`;
      issues.add({ path: at(), message: `longer than every source of ${groupName(p.material)} (${detail})` });
    }
  }
  exactnessIssues(request, issues);
  for (const [material, g] of groups) {
    if (!g.hasSources || g.supply === null || g.demand <= g.supply) continue;
    const afterTrim = trim > 0 ? ' after trim' : '';
    issues.add({
      path: groupName(material),
      message: `the parts need ${formatScaled(g.demand, scale)} in total but the finite stock and offcuts hold ${formatScaled(g.supply, scale)}${afterTrim}`,
    });
  }
}

/**
 * Every figure of a plan (lengths used, waste, costs) is a sum over bars of scaled integers. A plan never
 * has more bars than pieces, so pieces × the longest source (and × the highest price) bounds every sum;
 * past 2^53 the sums would stop being exact, and the request is refused rather than rounded.
 */
function exactnessIssues(request: OptimiseRequest, issues: IssueStream): void {
  let pieces = 0;
  for (const p of request.parts) pieces += p.quantity;
  let longest = 0;
  for (const s of [...request.stocks, ...request.offcuts]) longest = Math.max(longest, s.length);
  let dearest = 0;
  for (const s of request.stocks) dearest = Math.max(dearest, s.price ?? 0);
  if (pieces * longest > LIMITS.maxExact) {
    const digits = Math.round(Math.log10(request.scale));
    issues.add({
      path: 'parts',
      message: `too large to compute exactly: ${pieces} pieces from bars up to ${longest / request.scale} at ${digits} decimals exceed 2^53 units; send fewer decimals or split the job`,
    });
  }
  if (pieces * dearest > LIMITS.maxExact) {
    issues.add({
      path: 'stocks',
      message: `too large to compute exactly: ${pieces} pieces at prices up to ${dearest / request.priceScale} exceed 2^53 price units; send prices with fewer decimals`,
    });
  }
}
