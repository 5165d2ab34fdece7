/**
 * Exact bin completion: fills every target exactly with the pieces (counts per kind, weights ascending),
 * largest piece first, each piece tried in each bin of a distinct residual. Returns kinds per bin.
 */
export function exactFill(
  weights: Int32Array,
  counts: Int32Array,
  targets: readonly number[],
  nodeLimit: number,
): { bins: number[][] | null; nodes: number } {
  const cnt = Int32Array.from(counts);
  // Residuals in a typed array (exact for any integer capacity): the innermost loops scan them at every node.
  const res = Float64Array.from(targets);
  const bins: number[][] = targets.map(() => []);
  let total = 0;
  for (let s = 0; s < cnt.length; s++) total += (cnt[s] ?? 0) * (weights[s] ?? 0);
  let need = 0;
  for (const t of targets) need += t;
  if (total !== need) return { bins: null, nodes: 1 };
  // Counts every loop step, so a cut-off search never takes longer than its limit says.
  let nodes = 0;
  let top = cnt.length - 1;
  let smallest = 0;
  const go = (): boolean => {
    if (++nodes > nodeLimit) return false;
    while (top >= 0 && (cnt[top] ?? 0) === 0) top--;
    if (top < 0) return true;
    const s = top;
    const w = weights[s] ?? 0;
    // A residual below the smallest piece left can never be filled exactly.
    while ((cnt[smallest] ?? 0) === 0) smallest++;
    const wmin = weights[smallest] ?? 0;
    const nRes = res.length;
    nodes += nRes;
    for (let i = 0; i < nRes; i++) {
      const r = res[i] ?? 0;
      if (r > 0 && r < wmin) return false;
    }
    const savedSmallest = smallest;
    for (let i = 0; i < nRes; i++) {
      const r = res[i] ?? 0;
      if (r < w) continue;
      // Bars with equal residuals are interchangeable: try the piece in the first of them only.
      let twin = false;
      for (let j = 0; j < i && !twin; j++) twin = res[j] === r;
      nodes += i;
      if (twin) continue;
      cnt[s] = (cnt[s] ?? 0) - 1;
      res[i] = r - w;
      bins[i]?.push(s);
      const savedTop = top;
      if (go()) return true;
      top = savedTop;
      smallest = savedSmallest;
      bins[i]?.pop();
      res[i] = r;
      cnt[s] = (cnt[s] ?? 0) + 1;
      if (nodes > nodeLimit) return false;
    }
    return false;
  };
  const ok = go();
  return { bins: ok ? bins : null, nodes };
}
