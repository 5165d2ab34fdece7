/**
 * How the perfect-packing search's operations are spread over a full one-bar job's solve: a first share
 * before column generation, then a share per pricing round (root and tree alike), counted in operations
 * and rounds, never in time (docs/solver.md, Search item 5 and Tuning).
 */
import {
  PACKER_EARLY_ROUNDS,
  PACKER_FIRST_OPS,
  PACKER_FIRST_OPS_PER_PIECE_SQUARED,
  PACKER_FIRST_ROUNDS,
  PACKER_TOTAL_OPS,
} from './tuning.ts';

/**
 * The perfect-packing search's operations over a solve. `first` runs before column generation; after
 * that the search may have had `allowed(rounds)` operations in all (the first share included), where
 * `rounds` counts pricing rounds from the root's start when `duringRoot` holds, else from the tree's
 * start (the root then runs without the search). `allowed` never falls and never exceeds
 * `PACKER_TOTAL_OPS`.
 */
export interface PackerSchedule {
  readonly first: number;
  readonly duringRoot: boolean;
  allowed(rounds: number): number;
}

/** Pieces of a job's demand. */
function piecesOf(demand: Int32Array): number {
  return demand.reduce((a, d) => a + d, 0);
}

/** The first share of the former schedule: 2,000 operations per piece squared, at most 800 million. */
export function packerFirstOps(demand: Int32Array): number {
  const pieces = piecesOf(demand);
  return Math.min(PACKER_FIRST_OPS, PACKER_FIRST_OPS_PER_PIECE_SQUARED * pieces * pieces);
}

/**
 * The former schedule (technique `packer-phase` switched off): the whole first share before the root,
 * none during it, then `perRound` operations a round of the dives and the tree, up to the total.
 */
export function upfrontSchedule(demand: Int32Array, perRound: number): PackerSchedule {
  const first = packerFirstOps(demand);
  return {
    first,
    duringRoot: false,
    allowed: (rounds) => first + Math.min(PACKER_TOTAL_OPS - first, perRound * Math.max(0, rounds)),
  };
}

/**
 * The phased schedule: `PACKER_FIRST_ROUNDS` rounds' worth of operations first (`perRound` is about a
 * round's time; never more than the former first share), then one round's worth a round for the first
 * `PACKER_EARLY_ROUNDS` rounds from the root's start, then a share that falls as the inverse square root
 * of the round (`√(early / r)` of a round's worth at round r), so the total grows as the square root of
 * the rounds, up to `PACKER_TOTAL_OPS`. A job with a perfect packing usually has it found within tens of
 * rounds' worth (the sampled AI jobs: mostly under 10, a few 20–120, two about 300, found by round 450);
 * a job without one (ANI) pays a share of its proof that shrinks as the proof grows, where the former
 * schedule paid about its root's time first and then as much as the tree's.
 */
export function phasedSchedule(demand: Int32Array, perRound: number): PackerSchedule {
  const first = Math.min(packerFirstOps(demand), PACKER_FIRST_ROUNDS * perRound);
  const early = PACKER_EARLY_ROUNDS;
  return {
    first,
    duringRoot: true,
    allowed(rounds: number): number {
      const r = Math.max(0, rounds);
      const share = r <= early ? r : early * (2 * Math.sqrt(r / early) - 1);
      return Math.min(PACKER_TOTAL_OPS, first + Math.floor(perRound * share));
    },
  };
}
