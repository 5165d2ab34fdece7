/**
 * The arcs of sequence patterns, what branch and price over sequences bounds. A bar's sequence is a path
 * through nodes (where the last piece ends, its right angle), both in the plan geometry, unscaled: each
 * piece starts where the one before it ends plus the gap their angles need. An arc is one piece at one
 * node; every column is a path from the start, so arc flows are conserved, and integral flows split into
 * bars whose every piece ends where some column's did (each fits its bar).
 */
import type { AngleJob, SeqBar } from './job.ts';

/** An arc of one source: the piece (`shape`, `pose`) laid after a piece ending at `at` with right angle `after` (null: the bar's first). */
export interface SequenceArc {
  readonly source: number;
  readonly at: number;
  readonly after: number | null;
  readonly shape: number;
  readonly pose: number;
}

/** An arc's name within its source (what the pricing reads). */
export function arcName(at: number, after: number | null, shape: number, pose: number): string {
  return `${at}:${after ?? 's'}:${shape}.${pose}`;
}

/** An arc's key in the master (source first). */
export function sequenceArcKey(a: SequenceArc): string {
  return `${a.source}/${arcName(a.at, a.after, a.shape, a.pose)}`;
}

/** The arc a key names. */
export function parseSequenceArc(key: string): SequenceArc {
  const [source, rest] = key.split('/') as [string, string];
  const [at, after, piece] = rest.split(':') as [string, string, string];
  const [shape, pose] = piece.split('.') as [string, string];
  return {
    source: Number(source),
    at: Number(at),
    after: after === 's' ? null : Number(after),
    shape: Number(shape),
    pose: Number(pose),
  };
}

/** Where a piece laid on an arc ends, and its right angle: the node the next arc starts from. */
export function arcEnd(job: AngleJob, a: Omit<SequenceArc, 'source'>): { at: number; after: number } {
  const p = job.shapes[a.shape]?.poses[a.pose];
  if (!p) throw new Error(`no pose ${a.shape}/${a.pose}`);
  const gap = a.after === null ? 0 : job.table.gap(a.after, p.left);
  return { at: a.at + gap + p.length, after: p.right };
}

/** The arcs a bar's sequence crosses, in order. */
export function sequenceArcs(job: AngleJob, bar: SeqBar): SequenceArc[] {
  const arcs: SequenceArc[] = [];
  let node: { at: number; after: number | null } = { at: 0, after: null };
  for (const { shape, pose } of bar.pieces) {
    const arc = { source: bar.source, at: node.at, after: node.after, shape, pose };
    arcs.push(arc);
    node = arcEnd(job, arc);
  }
  return arcs;
}

/**
 * Splits integral arc flows (key → flow) into bars: from the start of each source, `bars[k]` walks
 * along arcs with flow left until none leaves the node. Flow is conserved at every node and labels rise
 * along a path, so every walk ends and every unit of flow is used.
 */
export function splitSequenceFlows(
  job: AngleJob,
  flows: ReadonlyMap<string, number>,
  bars: ArrayLike<number>,
): SeqBar[] {
  // source → node name → arcs leaving it with their flow left
  const out = new Map<number, Map<string, { arc: SequenceArc; left: number }[]>>();
  for (const [key, flow] of flows) {
    const n = Math.round(flow);
    if (n <= 0) continue;
    const arc = parseSequenceArc(key);
    let bySource = out.get(arc.source);
    if (!bySource) {
      bySource = new Map();
      out.set(arc.source, bySource);
    }
    const node = `${arc.at}:${arc.after ?? 's'}`;
    const list = bySource.get(node);
    if (list) list.push({ arc, left: n });
    else bySource.set(node, [{ arc, left: n }]);
  }
  const plan: SeqBar[] = [];
  for (let source = 0; source < bars.length; source++) {
    const bySource = out.get(source);
    for (let b = Math.round(bars[source] ?? 0); b > 0 && bySource; b--) {
      const pieces: { shape: number; pose: number }[] = [];
      let node: { at: number; after: number | null } = { at: 0, after: null };
      for (;;) {
        const next = bySource.get(`${node.at}:${node.after ?? 's'}`)?.find((a) => a.left > 0);
        if (!next) break;
        next.left--;
        pieces.push({ shape: next.arc.shape, pose: next.arc.pose });
        node = arcEnd(job, next.arc);
      }
      if (pieces.length > 0) plan.push({ source, pieces });
    }
  }
  return plan;
}
