/**
 * The layout step of an angle-cut request's response (core/plan/format.ts builds the rest): layouts as
 * sequences with each piece's part, turn and angles as placed, cut positions as `[top, bottom]` pairs
 * for angled cuts (a shared cut once), and every figure counted in material lengths (docs/angle-cuts.md,
 * "Material").
 */
import { type Cut, place } from '../../mitre/index.ts';
import { type TalliedLayout, talliedLayout } from '../../tally/index.ts';
import type { CutPosition, OptimiseRequest, PlacedPart } from '../../types.ts';
import type { AngleGroupResult } from '../search/index.ts';
import { type AngleJob, laid, type SeqBar } from '../search/index.ts';
import { angleSetupKey } from '../setups/index.ts';

const angleOut = (a: number): number | null => (a === 90 ? null : a);

/** Hands the request's part indices out to the pieces of the bars, shape by shape in request order. */
function assign(job: AngleJob, bars: readonly SeqBar[]): number[][] {
  const queues = job.shapes.map((s) =>
    s.parts.flatMap((p) => Array.from({ length: p.quantity }, () => p.part)),
  );
  const next = job.shapes.map(() => 0);
  return bars.map((b) =>
    b.pieces.map((p) => {
      const i = next[p.shape] ?? 0;
      next[p.shape] = i + 1;
      return queues[p.shape]?.[i] ?? -1;
    }),
  );
}

/**
 * A group's distinct layouts (bars with the same source and the same parts in the same order and turns
 * merged), written out with each piece's angles as placed and angled cuts as `[top, bottom]` pairs.
 */
export function angleLayouts(request: OptimiseRequest, g: AngleGroupResult): TalliedLayout[] {
  const { job } = g;
  const out = (n: number): number => n / request.scale;
  const cutOut = (c: Cut): CutPosition => (typeof c === 'number' ? out(c) : [out(c[0]), out(c[1])]);
  const partsOf = assign(job, g.bars);
  const merged = new Map<string, { bar: SeqBar; parts: number[]; count: number }>();
  g.bars.forEach((bar, i) => {
    const parts = partsOf[i] ?? [];
    const id = `${bar.source}:${bar.pieces.map((p, j) => `${parts[j]}.${job.shapes[p.shape]?.poses[p.pose]?.turn}`).join(',')}`;
    const prev = merged.get(id);
    if (prev) prev.count += 1;
    else merged.set(id, { bar, parts, count: 1 });
  });
  const layouts: TalliedLayout[] = [];
  for (const { bar, parts, count } of merged.values()) {
    const source = job.base.sources[bar.source];
    if (!source) continue;
    const pieces = laid(job, bar);
    const fig = place(job.table, source.length, pieces, request.trim);
    const placed: PlacedPart[] = bar.pieces.map((p, j) => {
      const pose = job.shapes[p.shape]?.poses[p.pose];
      const part = request.parts[parts[j] ?? -1];
      return {
        part: parts[j] ?? -1,
        ...(part?.label ? { label: part.label } : {}),
        length: out(part?.length ?? 0),
        orientation: pose?.turn ?? 'none',
        leftAngle: angleOut(pose?.left ?? 90),
        rightAngle: angleOut(pose?.right ?? 90),
      };
    });
    layouts.push(
      talliedLayout(request.scale, {
        source,
        material: job.material,
        count,
        lengths: pieces.map((p) => p.length),
        placed,
        cutPositions: fig.cuts.map(cutOut),
        waste: fig,
        partsLength: fig.material,
        setupKey: angleSetupKey(source.length, pieces),
      }),
    );
  }
  return layouts;
}
