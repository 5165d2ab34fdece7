/**
 * The square geometry's layout step: a group's plan written out as distinct layouts, bars with the same
 * source and parts in the same order merged, each with its parts assigned, waste and cut positions.
 */
import type { GroupPlan, Job } from '../../model/index.ts';
import { setupKeyOf } from '../../setups/index.ts';
import { assignParts, type Bar, barFigures, type TalliedLayout, talliedLayout } from '../../tally/index.ts';
import type { CutPosition, OptimiseRequest, PlacedPart } from '../../types.ts';

/** A group's distinct layouts (bars with the same source and parts in the same order merged), written out. */
export function squareLayouts(request: OptimiseRequest, job: Job, plan: GroupPlan): TalliedLayout[] {
  const out = (n: number): number => n / request.scale;
  const merged = new Map<string, { bar: Bar; count: number }>();
  for (const bar of assignParts(job, plan.layouts)) {
    const id = `${bar.layout.source}:${bar.parts.join(',')}`;
    const prev = merged.get(id);
    if (prev) prev.count += bar.count;
    else merged.set(id, { bar, count: bar.count });
  }
  const layouts: TalliedLayout[] = [];
  for (const { bar, count } of merged.values()) {
    const source = job.sources[bar.layout.source];
    if (!source) continue;
    const lengths: number[] = bar.parts.map((p) => request.parts[p]?.length ?? 0);
    const fig = barFigures(source.length, lengths, request.kerf, request.trim);
    const placed: PlacedPart[] = bar.parts.map((p) => {
      const part = request.parts[p];
      return part?.label
        ? { part: p, length: out(part.length), label: part.label }
        : { part: p, length: out(part?.length ?? 0) };
    });
    layouts.push(
      talliedLayout(request.scale, {
        source,
        material: job.material,
        count,
        lengths,
        placed,
        cutPositions: fig.cutPositions.map(out) as CutPosition[],
        waste: fig,
        partsLength: lengths.reduce((a, b) => a + b, 0),
        setupKey: setupKeyOf(source.length, lengths),
      }),
    );
  }
  return layouts;
}
