import { describe, expect, it } from 'vitest';
import { allFaces, covers, decodeRanges } from '../core/pdf/font-catalog.ts';
import { FACE_ROWS } from '../core/pdf/font-faces.ts';
import { encodeRanges, generateFaces } from './font-faces.ts';

describe('font faces', () => {
  it('core/pdf/font-faces.ts is in step with the installed @fontsource CSS (npx tsx infra/font-faces.ts)', () => {
    const rows = generateFaces().map((f) => [f.family, f.pkg, f.weight, f.file, f.ranges].join(' '));
    expect(FACE_ROWS).toEqual(rows);
  });

  it('encodes ranges losslessly, merging neighbours', () => {
    const ranges: [number, number][] = [
      [0x20, 0x7e],
      [0xa0, 0xff],
      [0x100, 0x17f],
      [0x4e00, 0x4e00],
      [0x1f600, 0x1f64f],
    ];
    expect([...decodeRanges(encodeRanges(ranges))]).toEqual([
      0x20, 0x7e, 0xa0, 0x17f, 0x4e00, 0x4e00, 0x1f600, 0x1f64f,
    ]);
  });

  it('covers the scripts of the fallback chain', () => {
    const families = (cp: number) => [
      ...new Set(
        allFaces()
          .filter((f) => covers(f, cp))
          .map((f) => f.family),
      ),
    ];
    expect(families(0x0141)).toContain('inter'); // Ł
    expect(families(0x03b1)).toContain('inter'); // α
    expect(families(0x0436)).toContain('inter'); // ж
    expect(families(0x05e9)).toEqual(['hebrew']);
    expect(families(0x0645)).toEqual(['arabic']);
    expect(families(0xfefb)).toEqual(['arabic']); // lam-alef ligature form
    expect(families(0x6771)).toEqual(['sc', 'jp', 'kr']); // 東
    expect(families(0xd55c)).toContain('kr'); // 한
  });
});
