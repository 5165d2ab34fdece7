import { describe, expect, it } from 'vitest';
import { packerOpsPerRound } from './one-bar.ts';
import { PACKER_OPS_PER_ROUND, PACKER_OPS_PER_ROUND_PER_PIECE } from './tuning.ts';

describe('packerOpsPerRound', () => {
  it.each([
    [[1, 1, 1], 3],
    [[201], 201],
    [[100, 2, 0, 300], 402],
    [[], 1],
  ])('grows with the pieces of demand %j (%i pieces)', (demand, pieces) => {
    expect(packerOpsPerRound(Int32Array.from(demand), true)).toBe(PACKER_OPS_PER_ROUND_PER_PIECE * pieces);
  });

  it('is the former fixed share when the technique is switched off', () => {
    expect(packerOpsPerRound(Int32Array.from([500, 502]), false)).toBe(PACKER_OPS_PER_ROUND);
  });

  it('gives a 201-piece job less than the fixed share, so a proof is not held up by the search', () => {
    const demand = Int32Array.from({ length: 201 }, () => 1);
    expect(packerOpsPerRound(demand, true)).toBeLessThan(packerOpsPerRound(demand, false) / 10);
  });
});
