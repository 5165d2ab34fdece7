/**
 * `fewest_setups` breaks its ties on saw stops (`stats.sawStops`, docs/api.md "Saw stops") between
 * finished plans only. The stage's search ranks plans by its own order and never sees saw stops: ranked
 * inside the search, they steered the heuristics onto other paths, and that cost setups on the same-plans
 * set. So the stage shows every complete plan it ranks to a {@link TiePool}, which keeps the distinct
 * plans equal to the best seen on the stage's primary key (cost, bars, setups) and changes nothing the
 * search does; when the stage has its plan, {@link fewestSawStops} returns the tying plan whose saw stops
 * move least. Both stages use it: square (refine-group.ts) and angle (core/angle/setups/fewest-setups.ts).
 */
import { compareLex } from '../numbers.ts';
import { TIE_POOL } from './tuning.ts';

/** The distinct plans that tie with the best seen so far on the stage's primary key. */
export interface TiePool<P> {
  /** Shows a complete plan with its primary key (smaller is better); kept when it ties the best so far. */
  observe(plan: P, primary: readonly number[]): void;
  /** The plans kept, first shown first. */
  plans(): readonly P[];
}

/**
 * A pool keeping, of the plans it is shown, the distinct ones (by `keyOf`) whose primary key equals the
 * smallest shown; the first `cap` of them, so that a longer stage, which shows the same plans first and
 * then more, keeps a superset while the best key stays.
 */
export function tiePool<P>(keyOf: (plan: P) => string, cap: number = TIE_POOL): TiePool<P> {
  let best: readonly number[] | null = null;
  let kept: P[] = [];
  let keys = new Set<string>();
  return {
    observe(plan, primary) {
      const d = best === null ? -1 : compareLex(primary, best);
      if (d > 0) return;
      if (d < 0) {
        best = [...primary];
        kept = [];
        keys = new Set();
      }
      if (kept.length >= cap) return;
      const key = keyOf(plan);
      if (keys.has(key)) return;
      keys.add(key);
      kept.push(plan);
    },
    plans: () => kept,
  };
}

/** How {@link fewestSawStops} judges a candidate. */
export interface TieBreak<P> {
  /** Whether the candidate ties with the stage's plan on everything the stage ranks before saw stops. */
  readonly ties: (candidate: P) => boolean;
  /** Its saw stop settings. */
  readonly sawStops: (candidate: P) => number;
  /** Its next objective after saw stops (smaller is better): the stage's own, e.g. layouts. */
  readonly next: (candidate: P) => number;
}

/**
 * The stage's plan `incumbent`, or a tying candidate with strictly fewer saw stops: the fewest, then the
 * smallest `next`, then the first. Equal saw stops keep the incumbent, the plan the stage's own order chose.
 */
export function fewestSawStops<P>(incumbent: P, candidates: Iterable<P>, rule: TieBreak<P>): P {
  let chosen = incumbent;
  let key = [rule.sawStops(incumbent), Number.NEGATIVE_INFINITY];
  for (const c of candidates) {
    if (c === incumbent || !rule.ties(c)) continue;
    const k = [rule.sawStops(c), rule.next(c)];
    if (compareLex(k, key) < 0) {
      chosen = c;
      key = k;
    }
  }
  return chosen;
}
