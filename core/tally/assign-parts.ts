/**
 * Which request part each piece of a square layout is: parts sharing a length handed out in request order.
 */
import type { Job, Layout } from '../model/index.ts';

export interface Bar {
  readonly job: Job;
  readonly layout: Layout;
  /** Request part index per piece, in cut order. */
  readonly parts: readonly number[];
  readonly count: number;
}

/**
 * Assigns request parts to the pieces of every layout. Parts sharing a length are handed out in request
 * order; a run of identical bars is split only where the part changes, so labels stay on whole bars.
 */
export function assignParts(job: Job, layouts: readonly Layout[]): Bar[] {
  const queues = job.items.map((it) => it.parts.map((p) => ({ part: p.part, left: p.quantity })));
  const heads = job.items.map(() => 0);
  const takeOne = (i: number): number => {
    const q = queues[i] ?? [];
    let h = heads[i] ?? 0;
    while (h < q.length && (q[h]?.left ?? 0) <= 0) h++;
    heads[i] = h;
    const entry = q[h];
    if (!entry) throw new Error('part assignment ran out of parts: the plan over-produces');
    entry.left -= 1;
    return entry.part;
  };
  const bars: Bar[] = [];
  for (const layout of layouts) {
    let remaining = layout.count;
    while (remaining > 0) {
      // How many bars can take every piece from the current head part of each item?
      let whole = remaining;
      layout.counts.forEach((a, i) => {
        if (a <= 0) return;
        const q = queues[i] ?? [];
        let h = heads[i] ?? 0;
        while (h < q.length && (q[h]?.left ?? 0) <= 0) h++;
        whole = Math.min(whole, Math.floor((q[h]?.left ?? 0) / a));
      });
      const n = Math.max(1, whole);
      const parts: number[] = [];
      layout.counts.forEach((a, i) => {
        for (let c = 0; c < a; c++) parts.push(takeOne(i));
      });
      if (n > 1) {
        // The other n − 1 bars take the same parts.
        layout.counts.forEach((a, i) => {
          const q = queues[i] ?? [];
          const entry = q[heads[i] ?? 0];
          if (entry && a > 0) entry.left -= a * (n - 1);
        });
      }
      bars.push({ job, layout, parts, count: n });
      remaining -= n;
    }
  }
  return bars;
}
