import { describe, expect, it } from 'vitest';
import { compareSdkShipping, formatShipping } from './sdk-shipping.ts';

describe('compareSdkShipping', () => {
  it('builds each variant, and each answers an admitted call in a fresh process', async () => {
    const results = await compareSdkShipping(1);
    expect(results.map((r) => r.variant)).toEqual(['bundled', 'bundled-cjs', 'external']);
    for (const r of results) {
      expect(r.median.dynamoRequests).toBe(3);
      expect(r.median.wallMs).toBeGreaterThan(r.median.initMs);
    }
    const [bundled, cjs, external] = results.map((r) => r.eagerBytes) as [number, number, number];
    // The ES build leaves the unused credential providers in lazy chunks; external ships no SDK at all.
    expect(bundled).toBeLessThan(cjs);
    expect(external).toBeLessThan(bundled);
    expect(formatShipping(results, 1)).toContain('external');
  });
});
