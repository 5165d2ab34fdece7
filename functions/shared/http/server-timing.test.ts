import { describe, expect, it } from 'vitest';
import type { RequestNotes } from '../telemetry.ts';
import { serverTiming } from './server-timing.ts';

describe('serverTiming', () => {
  it.each<[string, RequestNotes, number, string]>([
    ['a call refused before admission', { parseMs: 0.31 }, 0.5, 'parse;dur=0.3, total;dur=0.5'],
    [
      'a solved call, in the order it went',
      { releaseMs: 2.04, searchMs: 27.46, admissionMs: 4.1, parseMs: 0.3, verifyMs: 0.4, serialiseMs: 0.12 },
      34.87,
      'parse;dur=0.3, admit;dur=4.1, search;dur=27.5, verify;dur=0.4, serialise;dur=0.1, release;dur=2.0, total;dur=34.9',
    ],
    ['notes without times', { tier: 'public', keyId: null }, 1, 'total;dur=1.0'],
  ])('%s', (_, notes, total, header) => {
    expect(serverTiming(notes, total)).toBe(header);
  });
});
