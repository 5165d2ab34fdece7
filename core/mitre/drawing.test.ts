/** The drawing rule shared by the PDF and the playground: bar height, angle text, angle label placement. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { angleText, barHeight, LABEL_PAD, type LabelledPiece, placeAngleLabels } from './drawing.ts';

describe('barHeight', () => {
  it.each([
    // [height to scale, drawn, factor, note]
    [3.43, 3.43 * 8, 8, 'height × 8, not to scale'], // 40 mm on a 6 m bar across an A4 page
    [26, 26, 1, null],
    [40, 40, 1, null],
    [60, 60, 1, null],
    [20, 30, 1.5, 'height × 1.5, not to scale'],
    [0.25, 0.25 * 120, 120, 'height × 120, not to scale'],
    [103, 51.5, 0.5, 'height ÷ 2, not to scale'],
    [600, 60, 0.1, 'height ÷ 10, not to scale'],
  ])('draws %f pt to scale as %f pt (× %f)', (toScale, drawn, factor, note) => {
    const h = barHeight(toScale, 26, 60);
    expect(h.height).toBeCloseTo(drawn, 9);
    expect(h.factor).toBeCloseTo(factor, 12);
    expect(h.note).toBe(note);
  });

  it('stays within [min, 1.34 min] when stretched and [max / 1.34, max] when squeezed, by the factor it prints', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e4, noNaN: true }), (toScale) => {
        const { height, factor, note } = barHeight(toScale, 26, 60);
        expect(height).toBeCloseTo(toScale * factor, 9);
        if (toScale < 26) expect(height >= 26 - 1e-9 && height <= 26 * 1.34).toBe(true);
        else if (toScale > 60) expect(height <= 60 + 1e-9 && height >= 60 / 1.34).toBe(true);
        else expect(height).toBe(toScale);
        expect(note === null).toBe(factor === 1);
        if (factor > 1) expect(note).toBe(`height × ${factor}, not to scale`);
        if (factor < 1) expect(Number(/÷ ([\d.]+)/.exec(note ?? '')?.[1]) * factor).toBeCloseTo(1, 12);
      }),
    );
  });
});

describe('angleText', () => {
  it.each([
    [45, '45°'],
    [22.5, '22.5°'],
    [180 - 22.3, '157.7°'],
    [67.123456789, '67.123457°'],
  ])('prints %f as %s', (a, text) => expect(angleText(a)).toBe(text));
});

/** 5 units a character, as a stand-in for measured text. */
const measure = (t: string): number => 5 * t.length;

describe('placeAngleLabels', () => {
  it('puts both labels of a long piece under its bottom face, each on its side of its cut', () => {
    const pieces: LabelledPiece[] = [
      { left: 0, right: 40, leftText: '45°', rightText: '45°' },
      { left: 40, right: 90, leftText: '135°', rightText: '135°' },
    ];
    expect(placeAngleLabels(pieces, measure, 0, 100)).toEqual([
      { piece: 0, end: 'left', text: '45°', x: LABEL_PAD, width: 15, row: 0, at: 0 },
      { piece: 0, end: 'right', text: '45°', x: 40 - LABEL_PAD - 15, width: 15, row: 0, at: 40 },
      { piece: 1, end: 'left', text: '135°', x: 40 + LABEL_PAD, width: 20, row: 0, at: 40 },
      { piece: 1, end: 'right', text: '135°', x: 90 - LABEL_PAD - 20, width: 20, row: 0, at: 90 },
    ]);
  });

  it('hangs the labels of a short piece in lower rows, and drops what has no room', () => {
    // B and C are too short for their labels: B's hangs in row 1, C's clashes with it there and goes to
    // row 2, whose leader (at 75) passes clear of B's label.
    const pieces: LabelledPiece[] = [
      { left: 0, right: 50, leftText: null, rightText: '45°' },
      { left: 50, right: 58, leftText: '135°', rightText: null },
      { left: 58, right: 75, leftText: null, rightText: '60°' },
      { left: 75, right: 100, leftText: '45°', rightText: null },
    ];
    const placed = placeAngleLabels(pieces, measure, 0, 100);
    expect(placed.map((p) => [p.piece, p.end, p.row])).toEqual([
      [0, 'right', 0],
      [3, 'left', 0],
      [1, 'left', 1],
      [2, 'right', 2],
    ]);
    // With one row below the bar only, the second one has nowhere to go.
    expect(placeAngleLabels(pieces, measure, 0, 100, 2).map((p) => [p.piece, p.end, p.row])).toEqual([
      [0, 'right', 0],
      [3, 'left', 0],
      [1, 'left', 1],
    ]);
    // Both ends of a piece shorter than its labels: the right one's leader would cross the left one.
    const tiny: LabelledPiece[] = [{ left: 40, right: 48, leftText: '45°', rightText: '45°' }];
    expect(placeAngleLabels(tiny, measure, 0, 100).map((p) => [p.end, p.row])).toEqual([['left', 1]]);
    // Nor does a label that would leave the bar.
    const atEnd: LabelledPiece[] = [{ left: 95, right: 100, leftText: '45°', rightText: null }];
    expect(placeAngleLabels(atEnd, measure, 0, 100)).toEqual([]);
  });

  it('never overlaps two labels, nor a leader and a label, and keeps every label on its side of its cut', () => {
    const piece = fc.record({
      length: fc.double({ min: 1, max: 80, noNaN: true }),
      gap: fc.double({ min: 0, max: 10, noNaN: true }),
      left: fc.option(fc.constantFrom('45°', '135°', '22.5°', '90°', '157.75°')),
      right: fc.option(fc.constantFrom('45°', '135°', '22.5°', '60°')),
    });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), fc.integer({ min: 1, max: 4 }), (specs, rows) => {
        let at = 0;
        const pieces: LabelledPiece[] = specs.map((s) => {
          const left = at + s.gap;
          at = left + s.length;
          return { left, right: at, leftText: s.left, rightText: s.right };
        });
        const placed = placeAngleLabels(pieces, measure, 0, at, rows);
        for (const p of placed) {
          const piece = pieces[p.piece];
          if (piece === undefined) throw new Error('placed a label of no piece');
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x + p.width).toBeLessThanOrEqual(at + 1e-9);
          expect(p.row).toBeLessThan(rows);
          if (p.end === 'left') expect(p.x).toBeCloseTo(piece.left + LABEL_PAD, 9);
          else expect(p.x + p.width).toBeCloseTo(piece.right - LABEL_PAD, 9);
          if (p.row === 0) {
            expect(p.x).toBeGreaterThanOrEqual(piece.left);
            expect(p.x + p.width).toBeLessThanOrEqual(piece.right + 1e-9);
          }
        }
        placed.forEach((a, i) => {
          for (const b of placed.slice(i + 1)) {
            if (a.row === b.row)
              expect(a.x + a.width <= b.x + 1e-9 || b.x + b.width <= a.x + 1e-9).toBe(true);
            // A leader runs from the bar down to its label's row, crossing every row above it.
            const [upper, lower] = a.row < b.row ? [a, b] : [b, a];
            if (lower.row > upper.row && lower.row > 0)
              expect(lower.at <= upper.x || lower.at >= upper.x + upper.width).toBe(true);
          }
        });
      }),
    );
  });
});
