import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { formatColdStart, INIT_SECTIONS, measureColdStart, medianOf } from './cold-start.ts';

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
      // CPU time of the main thread: some in each part, never more than the part's wall time (+ rounding).
      // Node before 23.9 has no thread CPU clock: the process's then counts V8's helper threads too (GC,
      // wasm compilation), so it may pass the wall time by up to one wall per further core.
      // Boot is not compared: its wall clock starts at performance.timeOrigin, after Node has already spent
      // CPU on V8's set-up, so its CPU may exceed its wall (47.5 against 41.7 ms in one CI run).
      expect(run.bootCpuMs).toBeGreaterThan(0);
      const threads = 'threadCpuUsage' in process ? 1 : availableParallelism();
      for (const [cpu, wall] of [
        [run.initCpuMs, run.initMs],
        [run.firstAnswerCpuMs, run.firstAnswerMs],
      ] as const) {
        expect(cpu).toBeGreaterThan(0);
        expect(cpu).toBeLessThan(wall * threads + 5);
      }
      // Init's sections come from the bundle's marks, in order, and add up to init.
      const sections = INIT_SECTIONS.map((name) => run.initSections[name]);
      for (const section of sections) expect(section.ms).toBeGreaterThanOrEqual(0);
      expect(sections.reduce((sum, s) => sum + s.ms, 0)).toBeCloseTo(run.initMs, 3);
      expect(sections.reduce((sum, s) => sum + s.cpuMs, 0)).toBeCloseTo(run.initCpuMs, 3);
      expect(run.initSections.primed.cpuMs).toBeGreaterThan(0);
    }
    expect(result.median.wallMs).toBe(medianOf(result.runs.map((r) => r.wallMs)));
    expect(result.metGoal).toBe(result.median.wallMs < (result.goalMs ?? 0));
    expect(result.bundleFiles).toBeGreaterThan(2);
    expect(result.bundleBytes).toBeGreaterThan(100_000);
    const printed = formatColdStart(result);
    expect(printed).toContain('median');
    expect(printed).toMatch(
      /goal: spawn→answer < 300 ms on a quiet machine, priming counted \(issue 33\): (met|NOT met) here/,
    );
    for (const name of INIT_SECTIONS) expect(printed).toMatch(new RegExp(`^  ${name} .* ms / .* ms`, 'm'));
  });
});
