import { describe, expect, it } from 'vitest';
import { fixedWindow, monthWindow } from './windows.ts';

const at = (iso: string) => Date.parse(iso);

describe('fixedWindow', () => {
  it.each([
    [3600, '2025-03-10T13:20:00.000Z', '2025-03-10T13:00:00.000Z', '2025-03-10T14:00:00.000Z', 'hour'],
    [3600, '2025-03-10T13:00:00.000Z', '2025-03-10T13:00:00.000Z', '2025-03-10T14:00:00.000Z', 'hour'],
    [3600, '2025-03-10T13:59:59.999Z', '2025-03-10T13:00:00.000Z', '2025-03-10T14:00:00.000Z', 'hour'],
    [60, '2025-12-31T23:59:30.000Z', '2025-12-31T23:59:00.000Z', '2026-01-01T00:00:00.000Z', 'minute'],
  ])('puts a %ss window around %s from %s to %s', (seconds, now, start, end, label) => {
    const w = fixedWindow(seconds, at(now));
    expect(w).toEqual({ id: `${seconds}s@${start}`, startMs: at(start), endMs: at(end), label });
  });

  it('rejects windows that are not whole positive seconds', () => {
    expect(() => fixedWindow(0, 0)).toThrow(RangeError);
    expect(() => fixedWindow(1.5, 0)).toThrow(RangeError);
  });
});

describe('monthWindow', () => {
  it.each([
    ['2025-01-31T23:59:59.999Z', 'month@2025-01', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
    ['2025-02-01T00:00:00.000Z', 'month@2025-02', '2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', 'month@2024-02', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2025-12-31T23:00:00.000Z', 'month@2025-12', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
  ])('puts %s in %s (UTC, whatever the local time zone)', (now, id, start, end) => {
    expect(monthWindow(at(now))).toEqual({ id, startMs: at(start), endMs: at(end), label: 'month' });
  });
});
