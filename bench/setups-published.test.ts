import { describe, expect, it } from 'vitest';
import { createLpEngine } from '../core/optimise.ts';
import { PUBLISHED } from '../test/fixtures/published-setups.ts';
import {
  CLASS_AVERAGES,
  type ClassRow,
  classRow,
  classTable,
  parseClasses,
  publishedTable,
} from './setups-published.ts';

describe('published instances', () => {
  it('match the published checksums of the 5600 mm example: 72.7 rolls of product, 0.401 % waste at 73', () => {
    const [inst] = PUBLISHED;
    if (!inst) throw new Error('no published instance');
    const total = String(inst.body.parts)
      .split(',')
      .map((p) => p.split('x').map(Number) as [number, number])
      .reduce((a, [len, qty]) => a + len * qty, 0);
    expect((total / 5600).toFixed(1)).toBe('72.7');
    expect(((100 * (inst.bars * 5600 - total)) / (inst.bars * 5600)).toFixed(3)).toBe('0.401');
  });

  it('show a refused instance as a problem, not as a gap below the known minimum', async () => {
    // A part longer than the stock: both methods answer 400. The table used to print setups 0, gap −3.
    const broken = {
      name: 'too-long',
      body: { parts: '7000x2', stockLength: 6000 },
      bars: 2,
      patterns: 3,
      source: 'test',
    };
    const lines = await publishedTable(5000, await createLpEngine(), [broken]);
    expect(lines[2]).toBe('| too-long | — (2) | — | — | — | 3 | — |');
    expect(lines.some((l) => l.startsWith('- too-long fewest_setups: validation:'))).toBe(true);
  });

  it('transcribe one published average per class of Foerster & Wäscher', () => {
    expect(CLASS_AVERAGES).toHaveLength(18);
    for (const c of CLASS_AVERAGES) expect(c.kombi).toBeGreaterThan(0);
  });
});

describe('CUTGEN class table', () => {
  it('parses class lists and ranges', () => {
    expect(parseClasses('1-3,7')).toEqual([1, 2, 3, 7]);
    expect(parseClasses('18')).toEqual([18]);
  });

  it('averages over the instances both methods solved and lists the problems', () => {
    const row: ClassRow = {
      cls: 2,
      instances: 4,
      solved: 3,
      bars: 330,
      barsProven: 3,
      balanced: 30,
      fewest: 18,
      bound: 9,
      setupsProven: 1,
      problems: ['class 2 #4: fewest_setups internal: plan failed verification'],
    };
    const lines = classTable([row]);
    expect(lines[2]).toBe(
      '| 2 (10, 0.01–0.2, 100) | 3/4 | 110.00 (3) | 110.25 | 10.00 | 6.00 | 3.00 | 1 | 7.81 | 6.08 |',
    );
    expect(lines.at(-1)).toBe('- class 2 #4: fewest_setups internal: plan failed verification');
  });

  it('solves the first instances of class 1 with both methods at the same, proven, bar count', async () => {
    const row = await classRow(await createLpEngine(), 1, 3, 5000);
    expect(row.problems).toEqual([]);
    expect(row.solved).toBe(3);
    expect(row.barsProven).toBe(3);
    expect(row.fewest).toBeLessThanOrEqual(row.balanced);
    expect(row.bound).toBeLessThanOrEqual(row.fewest);
  });
});
