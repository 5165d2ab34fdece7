import { describe, expect, it } from 'vitest';
import { Flow, type Segment } from './flow.ts';
import { boundsOf, type Op } from './model.ts';

const frame = { left: 0, right: 100, top: 100, bottom: 0 };

/** A segment that draws one line op spanning its height, tagged with its name for inspection. */
function seg(name: string, height: number, extra: Partial<Segment> = {}): Segment {
  return {
    height,
    ...extra,
    draw: (top): Op[] => [
      { kind: 'line', x1: 0, y1: top, x2: 0, y2: top - height, width: 0, color: [0, 0, 0], role: 'decor' },
      {
        kind: 'text',
        x: 0,
        y: top,
        text: name,
        runs: [{ font: 'inter-latin-400-normal.woff', text: name }],
        size: 1,
        weight: 'regular',
        color: [0, 0, 0],
        width: 1,
        ascent: 0,
        descent: 0,
        invisible: false,
      },
    ],
  };
}

const names = (flow: Flow): string[][] =>
  flow.pages.map((ops) => ops.flatMap((op) => (op.kind === 'text' ? [op.text] : [])));

describe('Flow', () => {
  it('moves a block that does not fit to the next page rather than splitting it', () => {
    const flow = new Flow(frame);
    flow.place([seg('a', 60)]);
    flow.place([seg('b1', 30), seg('b2', 30)]);
    expect(names(flow)).toEqual([['a'], ['b1', 'b2']]);
  });

  it('splits a block taller than a page, repeating headers on the new page', () => {
    const flow = new Flow(frame);
    const header = seg('header', 10);
    const rows = Array.from({ length: 12 }, (_, i) => seg(`r${i}`, 10, { repeat: [header] }));
    flow.place([seg('title', 10, { keepWithNext: true }), ...rows]);
    expect(names(flow)).toEqual([
      ['title', 'r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'],
      ['header', 'r9', 'r10', 'r11'],
    ]);
  });

  it('keeps a keep-with-next chain together across a break', () => {
    const flow = new Flow(frame);
    flow.place([seg('x', 85)]);
    const block = [
      seg('h', 10, { keepWithNext: true }),
      seg('a', 10),
      ...Array.from({ length: 9 }, (_, i) => seg(`r${i}`, 10)),
    ];
    flow.place(block);
    expect(names(flow)[0]).toEqual(['x']);
    expect(names(flow)[1]?.slice(0, 2)).toEqual(['h', 'a']);
  });

  it('drops a gap at the top of a page and starts no empty page', () => {
    const flow = new Flow(frame);
    flow.gap(20);
    flow.newPage();
    flow.place([seg('a', 100)]);
    expect(names(flow)).toEqual([['a']]);
    const [line] = flow.pages[0] ?? [];
    expect(line && boundsOf(line)).toEqual([0, 0, 0, 100]);
  });
});
