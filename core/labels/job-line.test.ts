import { describe, expect, it } from 'vitest';
import { jobLine, type LineMetrics } from './job-line.ts';

/** One unit a character; cut text ends in '…' (one unit). */
const chars: LineMetrics = {
  width: (t) => Array.from(t).length,
  fit: (t, room) => {
    const cs = Array.from(t);
    if (cs.length <= room) return t;
    return room < 2 ? '' : `${cs.slice(0, room - 1).join('')}…`;
  },
};

describe('the job and material line', () => {
  it.each([
    ['no material: the job alone', 'Job', null, 20, 'Job'],
    ['both fit', 'Job', 'Alu', 20, 'Job · Alu'],
    ['a long job is cut so the material stays whole', 'Fenster Süd Haus 4', 'Alu', 12, 'Fenst… · Alu'],
    [
      'a material over half the room is cut with the line',
      'Job name',
      'Aluminium 6060',
      12,
      'Job name · Aluminium 6060',
    ],
    ['a material of exactly half the room stays whole', 'Job name here', 'Alu', 12, 'Job n… · Alu'],
    ['astral characters count once', '😀😀😀😀😀😀😀😀😀😀', 'Alu', 12, '😀😀😀😀😀… · Alu'],
  ] as const)('%s', (_, job, material, room, expected) => {
    const line = jobLine({ job, material }, room, chars);
    expect(line).toBe(expected);
    // The renderer cuts a line still too long; one this function shortened already fits.
    if (line !== `${job} · ${material}` || material === null)
      expect(chars.width(line)).toBeLessThanOrEqual(room);
  });
});
