/**
 * Setups of angle plans: counted with each piece's end angles as placed (every method), and
 * `fewest_setups` on angle jobs (lexicographic: balanced's value first, then the fewest setups).
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../solver/test-support.ts';

const angled = (axialSymmetry = 'none', width = 40) => ({ enabled: true, width, axialSymmetry });

describe('stats.setups in angle mode', () => {
  it('tells pieces of one length apart by their end angles', async () => {
    // One piece a bar: five mitred bars and five square ones are two setups, though every piece is 1000.
    const r = await planOf({
      parts: [
        { length: 1000, quantity: 5, leftAngle: 45, rightAngle: 45 },
        { length: 1000, quantity: 5 },
      ],
      stockLength: 1100,
      angleCuts: angled(),
    });
    expect(r.plan.stockBarsUsed).toBe(10);
    expect(r.stats.setups).toBe(2);
    expect(r.meta.objective).toBe('material');
  });

  it('counts the angles as placed, not the turn or the label', async () => {
    const r = await planOf({
      parts: [
        { length: 460, quantity: 14, leftAngle: 45, rightAngle: 45, label: 'head' },
        { length: 460, quantity: 14, leftAngle: 45, rightAngle: 45, label: 'sill' },
      ],
      stockLength: 6000,
      kerf: 0,
      angleCuts: angled('X'),
    });
    expect(r.plan.stockBarsUsed).toBe(2);
    // Both bars alternate 45/45 and 135/135 pieces of 460: one setup, whatever labels they carry.
    expect(r.stats.setups).toBe(1);
    expect(r.stats.layoutCount).toBeGreaterThanOrEqual(r.stats.setups ?? 0);
  });
});
