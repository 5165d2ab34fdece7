import { describe, expect, it } from 'vitest';
import { cutgenBody, cutgenInstances, FW_CLASSES } from './cutgen.ts';

// The two instances Gau & Wäscher (1995, p. 576) print: problems 1 and 150 of the stream seeded 1994 with
// m = 10, L = 1000, v1 = 0.375, v2 = 0.625, d̄ = 50 (../shared/instances/cutgen1_examples).
const P001 = '577x63,570x64,544x85,539x84,526x54,512x20,504x24,459x31,446x48,378x27';
const P150 = '570x16,558x94,543x20,540x99,513x59,490x48,476x78,453x35,434x51';

describe('cutgenInstances', () => {
  const stream = cutgenInstances({ m: 10, stockLength: 1000, v1: 0.375, v2: 0.625, avgDemand: 50 }, 150);

  it('reproduces the instances printed in the CUTGEN1 paper', () => {
    expect(cutgenBody(stream[0] as never).parts).toBe(P001);
    // Problem 150 has two equal lengths merged (9 types of 10 drawn), demands added.
    expect(cutgenBody(stream[149] as never).parts).toBe(P150);
  });

  it('keeps the class total demand d̄·m and the length range on every instance', () => {
    for (const cls of FW_CLASSES) {
      for (const inst of cutgenInstances(cls, 20)) {
        const total = inst.items.reduce((a, it) => a + it.demand, 0);
        expect(total).toBeGreaterThanOrEqual(cls.avgDemand * cls.m);
        for (const it of inst.items) {
          expect(it.length).toBeGreaterThanOrEqual(Math.floor(cls.v1 * cls.stockLength));
          expect(it.length).toBeLessThanOrEqual(Math.ceil(cls.v2 * cls.stockLength));
        }
      }
    }
  });

  it('numbers the 18 classes of Foerster & Wäscher (2000) as their table does', () => {
    expect(FW_CLASSES).toHaveLength(18);
    expect(FW_CLASSES[0]).toEqual({ m: 10, stockLength: 1000, v1: 0.01, v2: 0.2, avgDemand: 10 });
    expect(FW_CLASSES[11]).toEqual({ m: 40, stockLength: 1000, v1: 0.01, v2: 0.8, avgDemand: 100 });
    expect(FW_CLASSES[17]).toEqual({ m: 40, stockLength: 1000, v1: 0.2, v2: 0.8, avgDemand: 100 });
  });
});
