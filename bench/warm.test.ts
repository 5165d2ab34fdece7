import { describe, expect, it } from 'vitest';
import { serverTiming } from '../functions/shared/http/server-timing.ts';
import type { RequestNotes } from '../functions/shared/telemetry.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { parseServerTiming, processCpuNs, quantile, shapeOf } from './warm.ts';

describe('warm bench', () => {
  it('reads the Server-Timing header back: every phase with its time', () => {
    const notes: RequestNotes = { parseMs: 1.25, admissionMs: 3, searchMs: 120.04, verifyMs: 0.5 };
    expect(parseServerTiming(serverTiming(notes, 130))).toEqual({
      parse: 1.3,
      admit: 3,
      search: 120,
      verify: 0.5,
      total: 130,
    });
  });

  it.each<[string | null, Record<string, number>]>([
    [null, {}],
    ['', {}],
    ['cache;desc="hit", db;dur=53, app;dur=47.2', { db: 53, app: 47.2 }],
    [' total ; dur=1.5 ', { total: 1.5 }],
  ])('parses %j', (header, entries) => {
    expect(parseServerTiming(header)).toEqual(entries);
  });

  it.each([
    [0.5, 3],
    [0.9, 5],
    [0.95, 5],
    [1, 5],
    [0, 1],
  ])('the %f quantile of 1..5 (nearest rank) is %i', (q, value) => {
    expect(quantile([5, 3, 1, 4, 2], q)).toBe(value);
  });

  it('describes a practical job as the generator made it', () => {
    const body = practicalJob(11);
    const shape = shapeOf(body);
    const parts = body.parts as { quantity: number }[];
    expect(shape.lines).toBe(parts.length);
    expect(shape.pieces).toBe(parts.reduce((a, p) => a + p.quantity, 0));
    expect(shape.stocks).toBe((body.stocks as unknown[]).length);
    expect(shape.method).toBe(body.method);
    expect(shape.lines).toBeGreaterThanOrEqual(1);
    expect(shape.lines).toBeLessThanOrEqual(60);
  });
});

describe('processCpuNs', () => {
  it('reads a live process’s CPU time, which only grows, and nothing for one that does not exist', () => {
    const before = processCpuNs(process.pid);
    if (before === null) return; // not Linux: nothing to read, the report leaves the CPU table out
    let x = 0;
    for (let i = 0; i < 2e6; i++) x += Math.sqrt(i);
    expect(x).toBeGreaterThan(0);
    expect(processCpuNs(process.pid)).toBeGreaterThanOrEqual(before);
    expect(processCpuNs(2 ** 30)).toBeNull();
    expect(processCpuNs(undefined)).toBeNull();
  });
});
