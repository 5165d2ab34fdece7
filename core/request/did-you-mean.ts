/**
 * "Did you mean" suggestions for misspelt field names and enum values, by optimal-string-alignment
 * (restricted Damerau–Levenshtein) distance: one insertion, deletion, substitution or swap of two
 * neighbours costs 1, so `stockLenght` is 1 away from `stockLength`. Case is ignored.
 */

/** Suggestions further than this are noise rather than help. */
const MAX_DISTANCE = 2;

/** Edit distance between `a` and `b`, or `limit + 1` as soon as it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit = MAX_DISTANCE): number {
  // Guard first: a long unknown key against short field names must not cost O(n·m).
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

/** The closest of `candidates` to `input` within two edits (ties: first listed), or null. */
export function suggest(input: string, candidates: readonly string[]): string | null {
  const needle = input.toLowerCase();
  let best: string | null = null;
  let bestDistance = MAX_DISTANCE + 1;
  for (const c of candidates) {
    const d = editDistance(needle, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` or the empty string. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const s = suggest(input, candidates);
  return s === null ? '' : ` (did you mean "${s}"?)`;
}
