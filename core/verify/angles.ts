/**
 * Angle mode (docs/angle-cuts.md), re-derived on the verifier's side: each piece's turn is one the
 * symmetry allows and its stated angles are that turn of its own; the tightest placement of the sequence
 * fits the source; the cut list (a shared cut only between parallel edges) and the waste of material
 * lengths are recomputed. Only the exactness rule (`core/mitre/exact.ts`, the integer figures of an
 * angle) is shared with the solver, and its figures are checked here against the float geometry.
 */
import { type EdgeFigures, edgeFigures } from '../mitre/index.ts';
import type { AxialSymmetry, Part } from '../types.ts';
import type { BarFigures } from './bar.ts';
import { type Context, partName } from './context.ts';
import type { Rec } from './read.ts';

type Turn = 'none' | 'X' | 'Y' | 'Z';

const ALLOWED: Record<AxialSymmetry, readonly Turn[]> = {
  none: ['none'],
  X: ['none', 'X'],
  Y: ['none', 'Y'],
  Z: ['none', 'Z'],
  XYZ: ['none', 'X', 'Y', 'Z'],
};

/** The bottom angles (90 = square) of a part turned over: X about the length, Y across, Z through. */
function turn(t: Turn, left: number, right: number): [number, number] {
  if (t === 'X') return [180 - left, 180 - right];
  if (t === 'Y') return [right, left];
  if (t === 'Z') return [180 - right, 180 - left];
  return [left, right];
}

/** The rule's figures, refused unless they round the float geometry the safe way. */
function figures(ctx: Context, angle: number): EdgeFigures {
  const w = ctx.request.angleCuts?.width ?? 0;
  const k = Number(ctx.kerf);
  const f = edgeFigures(angle, w, k);
  const rad = (angle * Math.PI) / 180;
  const reach = angle === 90 ? 0 : w / Math.abs(Math.tan(rad));
  const along = angle === 90 ? k : k / Math.sin(rad);
  const slack = 1e-6 * Math.max(1, reach, along);
  if (f.reachDown > reach + slack || f.reachUp < reach - slack || f.kerfAlong < along - slack) {
    throw new Error(`the exactness rule rounds the figures of ${angle}° the unsafe way`);
  }
  return f;
}

interface Laid {
  readonly part: Part;
  readonly length: bigint;
  readonly left: EdgeFigures;
  readonly right: EdgeFigures;
}

/** Reads each placed piece's turn and angles; null when any is unreadable or wrong (reported). */
function laidPieces(ctx: Context, used: Rec, path: string, pieces: readonly Part[]): Laid[] | null {
  const raw = ctx.reader.array(used.parts, `${path}.parts`);
  if (raw === null) return null;
  const symmetry = ctx.request.angleCuts?.axialSymmetry ?? 'none';
  const out: Laid[] = [];
  let ok = true;
  pieces.forEach((part, j) => {
    const at = `${path}.parts[${j}]`;
    const placed = ctx.reader.record(raw[j], at);
    if (placed === null) {
      ok = false;
      return;
    }
    const t = placed.orientation;
    if (t !== 'none' && t !== 'X' && t !== 'Y' && t !== 'Z') {
      ctx.findings.add('orientation', `${at}.orientation is ${JSON.stringify(t)}, not none, X, Y or Z`);
      ok = false;
      return;
    }
    // A wrong turn or wrong angles are reported; the piece is still laid as its stated turn makes it,
    // so the layout keeps counting in demand and figures and one mistake does not hide behind another.
    if (!ALLOWED[symmetry].includes(t)) {
      ctx.findings.add(
        'orientation',
        `${at} turns ${partName(ctx, part)} about ${t}, which axialSymmetry "${symmetry}" does not allow`,
      );
    }
    const [left, right] = turn(t, part.leftAngle ?? 90, part.rightAngle ?? 90);
    for (const [field, want] of [
      ['leftAngle', left],
      ['rightAngle', right],
    ] as const) {
      const got = placed[field];
      const expected = want === 90 ? null : want;
      if (got !== expected) {
        ctx.findings.add(
          'orientation',
          `${at}.${field} is ${JSON.stringify(got)}; ${partName(ctx, part)} turned ${t} has ${JSON.stringify(expected)}`,
        );
      }
    }
    out.push({ part, length: BigInt(part.length), left: figures(ctx, left), right: figures(ctx, right) });
  });
  return ok ? out : null;
}

/** The least tip-to-tip gap between facing edges: the wider blade, less the smaller reach if they nest. */
function gap(a: EdgeFigures, b: EdgeFigures): bigint {
  const blade = BigInt(Math.max(a.kerfAlong, b.kerfAlong));
  const nest = a.lean * b.lean < 0 ? BigInt(Math.min(a.reachDown, b.reachDown)) : 0n;
  return blade - nest;
}

const asPair = (long: bigint, short: bigint, lean: number): [bigint, bigint] =>
  lean > 0 ? [short, long] : [long, short];

/** A cut as `[top, bottom]` (angled) or one position (square), in scale units. */
type Cut = bigint | [bigint, bigint];

/**
 * Checks one angle-mode layout and returns its figures (the cut list's bottom positions stand for the
 * cuts in the counts) and each piece's end angles as its stated turn lays it (part of the layout's saw
 * setup), or null when its pieces could not be read.
 */
export function checkAngleLayout(
  ctx: Context,
  used: Rec,
  path: string,
  sourceLength: bigint,
  pieces: readonly Part[],
): {
  bar: BarFigures;
  partsLength: bigint;
  angles: readonly (readonly [number, number])[];
  stops: readonly string[];
} | null {
  const laid = laidPieces(ctx, used, path, pieces);
  if (laid === null) return null;
  const k = ctx.kerf;
  const t = ctx.request.trim && k > 0n ? k : 0n;
  const tips: bigint[] = [];
  let at = t;
  laid.forEach((p, i) => {
    const prev = laid[i - 1];
    if (prev) at += gap(prev.right, p.left);
    tips.push(at);
    at += p.length;
  });
  const free = sourceLength - t - at;
  if (free < 0n) {
    ctx.findings.add(
      'fit',
      `${path}: the tightest placement of its sequence ends at ${ctx.reader.showLength(at + t)} (trim included) on a source of ${ctx.reader.showLength(sourceLength)}`,
    );
  }
  const cuts: Cut[] = [];
  if (t > 0n) cuts.push(0n);
  laid.forEach((p, i) => {
    const tip = tips[i] ?? 0n;
    const prev = laid[i - 1];
    const parallel = prev !== undefined && prev.right.angle + p.left.angle === 180;
    const leftNeedsCut = prev === undefined ? p.left.angle !== 90 : !parallel;
    if (leftNeedsCut) {
      const along = BigInt(p.left.kerfAlong);
      const reach = BigInt(p.left.reachNear);
      cuts.push(p.left.lean === 0 ? tip - along : asPair(tip - along, tip + reach - along, p.left.lean));
    }
    const end = tip + p.length;
    if (i < laid.length - 1 || p.right.angle !== 90 || free > 0n) {
      const reach = BigInt(p.right.reachNear);
      cuts.push(p.right.lean === 0 ? end : asPair(end, end - reach, p.right.lean));
    }
  });
  if (t > 0n) cuts.push(sourceLength - t);
  checkCuts(ctx, used.cutPositions, `${path}.cutPositions`, cuts);

  let partsLength = 0n;
  for (const p of laid) partsLength += p.length - BigInt(Math.ceil((p.left.reachUp + p.right.reachUp) / 2));
  const last = laid[laid.length - 1];
  const lastBlade = BigInt(last?.right.kerfAlong ?? 0);
  const endCut = free <= 0n ? 0n : free < lastBlade ? free : lastBlade;
  const remnant = free > 0n ? free - endCut : 0n;
  const total = sourceLength - partsLength;
  const bar: BarFigures = {
    fits: free >= 0n && laid.length > 0,
    free,
    endCut,
    saw: total - remnant,
    remnant,
    total,
    cutPositions: cuts.map((c) => (typeof c === 'bigint' ? c : c[1])),
  };
  const waste = ctx.reader.record(used.waste, `${path}.waste`);
  if (waste !== null) {
    ctx.reader.sameLength(waste.total, `${path}.waste.total`, bar.total, 'waste');
    ctx.reader.sameLength(waste.remnant, `${path}.waste.remnant`, bar.remnant, 'waste');
    ctx.reader.sameLength(waste.saw, `${path}.waste.saw`, bar.saw, 'waste');
  }
  return {
    bar,
    partsLength,
    angles: laid.map((p) => [p.left.angle, p.right.angle] as const),
    // A stop per cut: an angled cut's top and bottom both place it.
    stops: cuts.map((c) => (typeof c === 'bigint' ? String(c) : `${c[0]}/${c[1]}`)),
  };
}

function checkCuts(ctx: Context, raw: unknown, path: string, want: readonly Cut[]): void {
  const cuts = ctx.reader.array(raw, path);
  if (cuts === null) return;
  if (cuts.length !== want.length) {
    ctx.findings.add(
      'cutPositions',
      `${path} lists ${cuts.length} cuts, the bar takes ${want.length} (one cut serves two pieces only where their facing edges are parallel)`,
    );
    return;
  }
  want.forEach((expected, j) => {
    const value = cuts[j];
    if (typeof expected === 'bigint') {
      if (Array.isArray(value))
        ctx.findings.add('cutPositions', `${path}[${j}] is a [top, bottom] pair for a square cut`);
      else ctx.reader.sameLength(value, `${path}[${j}]`, expected, 'cutPositions');
      return;
    }
    if (!Array.isArray(value) || value.length !== 2) {
      ctx.findings.add('cutPositions', `${path}[${j}] is not the [top, bottom] pair of an angled cut`);
      return;
    }
    ctx.reader.sameLength(value[0], `${path}[${j}][0]`, expected[0], 'cutPositions');
    ctx.reader.sameLength(value[1], `${path}[${j}][1]`, expected[1], 'cutPositions');
  });
}
