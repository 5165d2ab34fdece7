/**
 * CUTGEN1 (Gau & Wäscher, EJOR 84:572–579, 1995): the generator of the standard one-dimensional cutting
 * stock classes that the pattern-minimisation literature reports class averages on. Written from the
 * description in ../shared/instances/README.md (section CUTGEN1); `cutgen.test.ts` checks it against the
 * two instances the paper prints (problems 1 and 150 of its seed-1994 stream).
 */

/** A CUTGEN class: m item types, stock length L, item lengths in [v1·L, v2·L], average demand d̄. */
export interface CutgenClass {
  readonly m: number;
  readonly stockLength: number;
  readonly v1: number;
  readonly v2: number;
  readonly avgDemand: number;
}

/** One instance: item types sorted by non-increasing length, equal lengths merged. */
export interface CutgenInstance {
  readonly stockLength: number;
  readonly items: readonly { length: number; demand: number }[];
}

const MODULUS = 2_147_483_647;

/** Park–Miller "minimal standard" numbers in (0, 1); 16807 · x < 2^53, so the product is exact. */
function parkMiller(seed: number): () => number {
  let x = seed;
  return () => {
    x = (16_807 * x) % MODULUS;
    return x / MODULUS;
  };
}

/**
 * The first `count` instances of a class, drawn from one stream seeded with `seed` (1994 in the paper and
 * in the classes of Foerster & Wäscher 2000, whose 18 classes take 100 instances each).
 */
export function cutgenInstances(cls: CutgenClass, count: number, seed = 1994): CutgenInstance[] {
  const next = parkMiller(seed);
  const out: CutgenInstance[] = [];
  for (let k = 0; k < count; k++) {
    const lengths: number[] = [];
    for (let i = 0; i < cls.m; i++) {
      const r = next();
      // The same r scales the length and rounds it, as the published generator does.
      lengths.push(Math.floor((cls.v1 + (cls.v2 - cls.v1) * r) * cls.stockLength + r));
    }
    lengths.sort((a, b) => b - a);
    const rs = Array.from({ length: cls.m }, () => next());
    const sum = rs.reduce((a, r) => a + r, 0);
    const total = cls.avgDemand * cls.m;
    const demands: number[] = [];
    let rest = total;
    for (let i = 0; i < cls.m - 1; i++) {
      const d = Math.max(1, Math.floor((total * (rs[i] as number)) / sum + 0.5));
      demands.push(d);
      rest -= d;
    }
    demands.push(Math.max(1, rest));
    const items: { length: number; demand: number }[] = [];
    lengths.forEach((length, i) => {
      const last = items.at(-1);
      if (last && last.length === length) last.demand += demands[i] as number;
      else items.push({ length, demand: demands[i] as number });
    });
    out.push({ stockLength: cls.stockLength, items });
  }
  return out;
}

/**
 * The 18 classes of Foerster & Wäscher (2000, Int. J. Prod. Res. 38:1657–1676, table on p. 1667), numbered
 * as there: (v1, v2) ∈ {(0.01, 0.2), (0.01, 0.8), (0.2, 0.8)} × m ∈ {10, 20, 40} × d̄ ∈ {10, 100}, L = 1000.
 * The numbering is as transcribed in github akavrt/evocut, data/ssscsp-pmp-data.xml.
 */
export const FW_CLASSES: readonly CutgenClass[] = [
  [0.01, 0.2],
  [0.01, 0.8],
  [0.2, 0.8],
].flatMap(([v1, v2]) =>
  [10, 20, 40].flatMap((m) =>
    [10, 100].map((avgDemand) => ({ m, stockLength: 1000, v1: v1 as number, v2: v2 as number, avgDemand })),
  ),
);

/** The request body of an instance (integer lengths, kerf 0, one unlimited stock length). */
export function cutgenBody(inst: CutgenInstance): Record<string, unknown> {
  return {
    parts: inst.items.map((it) => `${it.length}x${it.demand}`).join(','),
    stockLength: inst.stockLength,
  };
}
