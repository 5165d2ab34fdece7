import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packerFirstOps, phasedSchedule, upfrontSchedule } from './packer-schedule.ts';
import {
  PACKER_EARLY_ROUNDS,
  PACKER_FIRST_OPS,
  PACKER_FIRST_OPS_PER_PIECE_SQUARED,
  PACKER_FIRST_ROUNDS,
  PACKER_TOTAL_OPS,
} from './tuning.ts';

/** A demand of `pieces` pieces over a few types. */
const demandOf = (pieces: number): Int32Array =>
  Int32Array.from([Math.floor(pieces / 2), pieces - Math.floor(pieces / 2)]);
/** The tree's per-round share for that many pieces (2,000 a piece). */
const perRoundOf = (pieces: number): number => 2_000 * pieces;

describe('the former (upfront) schedule', () => {
  it.each([
    [201, PACKER_FIRST_OPS_PER_PIECE_SQUARED * 201 * 201],
    [402, PACKER_FIRST_OPS_PER_PIECE_SQUARED * 402 * 402],
    [1002, PACKER_FIRST_OPS],
  ])('runs its whole first share before the root (%i pieces: %i operations)', (pieces, first) => {
    const s = upfrontSchedule(demandOf(pieces), perRoundOf(pieces));
    expect(packerFirstOps(demandOf(pieces))).toBe(first);
    expect(s.first).toBe(first);
    expect(s.duringRoot).toBe(false);
    expect(s.allowed(0)).toBe(first);
    expect(s.allowed(10)).toBe(first + 10 * perRoundOf(pieces));
    expect(s.allowed(1e9)).toBe(PACKER_TOTAL_OPS);
  });
});

describe('the phased schedule', () => {
  it.each([201, 402, 600, 1002])(
    'starts with a few rounds’ worth, far below the former first share (%i pieces)',
    (pieces) => {
      const s = phasedSchedule(demandOf(pieces), perRoundOf(pieces));
      expect(s.duringRoot).toBe(true);
      expect(s.first).toBe(PACKER_FIRST_ROUNDS * perRoundOf(pieces));
      expect(s.first).toBeLessThan(packerFirstOps(demandOf(pieces)) / 5);
      expect(s.allowed(0)).toBe(s.first);
    },
  );

  it('never starts with more than the former first share (small jobs)', () => {
    for (const pieces of [1, 2, 10, 31, 32, 33, 100]) {
      const s = phasedSchedule(demandOf(pieces), perRoundOf(pieces));
      expect(s.first).toBe(
        Math.min(packerFirstOps(demandOf(pieces)), PACKER_FIRST_ROUNDS * perRoundOf(pieces)),
      );
    }
  });

  it('gives a round’s worth a round for the early rounds, then a share that falls round by round', () => {
    const perRound = perRoundOf(402);
    const s = phasedSchedule(demandOf(402), perRound);
    for (let r = 1; r <= PACKER_EARLY_ROUNDS; r++) expect(s.allowed(r) - s.allowed(r - 1)).toBe(perRound);
    let last = perRound;
    for (let r = PACKER_EARLY_ROUNDS + 1; r < 5_000; r++) {
      const share = s.allowed(r) - s.allowed(r - 1);
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(last + 1);
      last = share;
    }
    // At 4,096 rounds the share is about √(64 / 4,096) = 1/8 of a round's worth.
    const late = s.allowed(4_096) - s.allowed(4_095);
    expect(late).toBeGreaterThan(perRound / 9);
    expect(late).toBeLessThan(perRound / 7);
  });

  it('grows without end up to the former total, never past it, and never falls', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.nat(1e7), fc.nat(1e7), (pieces, a, b) => {
        const s = phasedSchedule(demandOf(pieces), perRoundOf(pieces));
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(s.allowed(lo)).toBeLessThanOrEqual(s.allowed(hi));
        expect(s.allowed(hi)).toBeLessThanOrEqual(PACKER_TOTAL_OPS);
      }),
    );
    const s = phasedSchedule(demandOf(402), perRoundOf(402));
    expect(s.allowed(Number.MAX_SAFE_INTEGER)).toBe(PACKER_TOTAL_OPS);
  });

  it('takes far less of a long proof than the former schedule (ANI 402: about 1,100 rounds)', () => {
    const phased = phasedSchedule(demandOf(402), perRoundOf(402));
    const upfront = upfrontSchedule(demandOf(402), perRoundOf(402));
    // The former schedule's rounds beside the tree start after the root's (about 360 on ANI 402).
    expect(phased.allowed(1_100)).toBeLessThan(upfront.allowed(1_100 - 360) / 2);
    // and still covers the sampled AI packings: most within 100 rounds (up to 117 rounds' worth), the
    // two that take about 300 rounds' worth (AI 402_DI_22, 600_DI_13) within 500.
    expect(phased.allowed(100)).toBeGreaterThan(117 * perRoundOf(402));
    expect(phased.allowed(500)).toBeGreaterThan(310 * perRoundOf(402));
  });
});
