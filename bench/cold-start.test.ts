import { describe, expect, it } from 'vitest';
import { formatColdStart, measureColdStart, medianOf } from './cold-start.ts';

describe('medianOf', () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[10, 10, 1000], 10],
  ])('median of %j is %d', (values, median) => {
    expect(medianOf(values)).toBe(median);
  });
});

describe('measureColdStart', () => {
  it('builds the bundle, runs it in fresh processes against a limits table, reports every run and the median', async () => {
    const result = await measureColdStart({ runs: 2 });
    expect(result.runs).toHaveLength(2);
    for (const run of result.runs) {
      expect(run.wallMs).toBeGreaterThan(run.initMs);
      expect(run.initMs).toBeGreaterThan(0);
      expect(run.firstAnswerMs).toBeGreaterThan(0);
      // Admitted through the table: counters and slot claim together, then the release.
      expect(run.dynamoRequests).toBe(3);
      expect(run.dynamoMs).toBeGreaterThan(0);
      expect(run.firstRequestMs + run.dynamoMs).toBeLessThan(run.firstAnswerMs);
    }
    expect(result.median.wallMs).toBe(medianOf(result.runs.map((r) => r.wallMs)));
    expect(result.metGoal).toBe(result.median.wallMs < (result.goalMs ?? 0));
    expect(result.bundleFiles).toBeGreaterThan(2);
    expect(result.bundleBytes).toBeGreaterThan(100_000);
    expect(formatColdStart(result)).toContain('median');
  });
});
