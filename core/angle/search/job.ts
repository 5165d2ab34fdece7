/**
 * One material group of an angle-cut request as the angle stage sees it: shapes (distinct length and end
 * angles) with their demands and the ways each may lie, and the group's sources and objective (the same
 * costs as the square solver's, docs/solver.md "Objectives").
 */
import { EdgeTable, type LaidPiece, type Turn, turned, turnsAllowed } from '../../mitre/index.ts';
import { buildJobs, type Job } from '../../model/index.ts';
import type { Material, OptimiseRequest } from '../../types.ts';

/** A way a shape may lie: the turn and the angles it gives. */
export interface Pose extends LaidPiece {
  readonly turn: Turn;
}

/** Parts of one length and the same end angles (as entered): interchangeable pieces. */
export interface Shape {
  readonly length: number;
  readonly left: number;
  readonly right: number;
  /** Material length of one piece (the same in every pose). */
  readonly material: number;
  readonly demand: number;
  /** Request part indices, in request order, with their quantities. */
  readonly parts: readonly { readonly part: number; readonly quantity: number }[];
  /** Distinct poses the symmetry allows, `none` first. */
  readonly poses: readonly Pose[];
}

export interface AngleJob {
  /** The square solver's job of the same group: sources, costs, objective. */
  readonly base: Job;
  readonly material: Material;
  readonly shapes: readonly Shape[];
  readonly table: EdgeTable;
  readonly trim: boolean;
  /** Kerf of the trim at each end (0 without trim or kerf). */
  readonly trimKerf: number;
}

/** The angles of a part, 90 for a square end. */
export const angleOf = (a: number | null): number => a ?? 90;

/** One angle job per material group, in the order of the square solver's jobs. */
export function buildAngleJobs(request: OptimiseRequest): AngleJob[] {
  const cuts = request.angleCuts;
  const width: number = cuts?.width ?? 0;
  const turns = turnsAllowed(cuts?.axialSymmetry ?? 'none');
  const kerf: number = request.kerf;
  const table = new EdgeTable(width, kerf);
  return buildJobs(request).map((base) => {
    const byShape = new Map<
      string,
      { length: number; left: number; right: number; parts: { part: number; quantity: number }[] }
    >();
    for (const p of request.parts) {
      if (p.material !== base.material) continue;
      const left = angleOf(p.leftAngle);
      const right = angleOf(p.rightAngle);
      const key = `${p.length}/${left}/${right}`;
      const entry = byShape.get(key);
      if (entry) entry.parts.push({ part: p.index, quantity: p.quantity });
      else
        byShape.set(key, { length: p.length, left, right, parts: [{ part: p.index, quantity: p.quantity }] });
    }
    const shapes: Shape[] = [...byShape.values()]
      .sort((a, b) => b.length - a.length || a.left - b.left || a.right - b.right)
      .map((s) => {
        const poses: Pose[] = [];
        for (const turn of turns) {
          const [left, right] = turned(turn, s.left, s.right);
          if (!poses.some((p) => p.left === left && p.right === right))
            poses.push({ turn, length: s.length, left, right });
        }
        return {
          ...s,
          material: table.material(s),
          demand: s.parts.reduce((a, p) => a + p.quantity, 0),
          poses,
        };
      });
    return {
      base,
      material: base.material,
      shapes,
      table,
      trim: request.trim,
      trimKerf: request.trim ? kerf : 0,
    };
  });
}

/** A bar of a plan: its source (index into the job's sources) and the poses of its pieces in order. */
export interface SeqBar {
  readonly source: number;
  /** Shape index and pose index of each piece, from the zero end. */
  readonly pieces: readonly { readonly shape: number; readonly pose: number }[];
}

/** A bar's layout as a key: its source and its pieces with their poses in order (equal keys, one layout). */
export const sequenceKey = (b: SeqBar): string =>
  `${b.source}:${b.pieces.map((p) => `${p.shape}.${p.pose}`).join(',')}`;

/** The laid pieces of a bar. */
export function laid(job: AngleJob, bar: SeqBar): LaidPiece[] {
  return bar.pieces.map(({ shape, pose }) => {
    const p = job.shapes[shape]?.poses[pose];
    if (!p) throw new Error(`no pose ${shape}/${pose}`);
    return p;
  });
}
