/**
 * The bars of a plan drawn to scale as SVG: one bar per layout, all on the scale of the longest source,
 * pieces labelled (label, else length), the leftover end as a usable remnant (hatched) or waste (grey),
 * and the bar's colour showing through as kerf gaps and wedges. Pieces lie where the cut list puts them
 * (placement.ts); angled cuts (`[top, bottom]`) make them trapezoids. Positions are percentages of the
 * bar, so bars scale with the page while labels keep their size: each piece is a nested <svg> that clips
 * its label, and `fitLabels` shortens a label that would be clipped.
 *
 * Mitred bars follow the PDF's rule (core/mitre/drawing.ts, docs/angle-cuts.md "Drawings"): the height
 * is the material's width to scale, or stretched by a round factor the caption prints ("height × 15, not
 * to scale"), slopes stretched with it; each angled end's bottom angle is printed under the bar on its
 * piece's side of the cut, a short piece's on a leader in a lower row, or not at all (the piece's tooltip
 * has them). Both depend on the drawn width, so `fitLabels` redoes them when the column's width changes.
 */
import { angleText, barHeight, placeAngleLabels } from '../../core/mitre/index.ts';
import type { OptimiseResponse, UsedComb } from '../../core/types.ts';
import { bottomFace, placePieces } from './placement.ts';

const NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 34;
/** A mitred bar's least and greatest drawn height (px), and its rows of angles. */
const MIN_HEIGHT = 34;
const MAX_HEIGHT = 80;
const ANGLE_ROW = 14;
const ANGLE_ROWS = 3;

/** What `fitLabels` needs to redraw a mitred bar at its current width. */
interface Mitred {
  readonly comb: UsedComb;
  /** The longest source: the full width of the column. */
  readonly scale: number;
  /** The material's width (`angleCuts.width`). */
  readonly width: number;
  readonly caption: HTMLElement;
}
const mitred = new WeakMap<SVGSVGElement, Mitred>();

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Readonly<Record<string, string | number>>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  return node;
}

const pct = (x: number, scale: number): string => `${((x / scale) * 100).toFixed(4)}%`;
export const formatNumber = (n: number): string => String(Math.round(n * 1e6) / 1e6);

/** One piece or leftover: a nested svg at its place, holding its shape and a clipped label. */
function segment(
  x0: number,
  x1: number,
  scale: number,
  kind: 'piece' | 'remnant' | 'waste',
  text: string,
  title: string,
  slant: { readonly left: number; readonly right: number } | null,
): SVGSVGElement {
  const width = Math.max(x1 - x0, 0);
  const box = el('svg', { x: pct(x0, scale), y: 0, width: pct(width, scale), height: HEIGHT, class: kind });
  if (slant === null) box.append(el('rect', { width: '100%', height: '100%' }));
  else {
    // A trapezoid in the piece's own 0..100 box; the offsets are the cut's top-bottom difference.
    const l = (slant.left / Math.max(width, 1e-9)) * 100;
    const r = (slant.right / Math.max(width, 1e-9)) * 100;
    const points = [
      `${Math.max(l, 0)},0`,
      `${100 + Math.min(r, 0)},0`,
      `${100 - Math.max(r, 0)},100`,
      `${-Math.min(l, 0)},100`,
    ];
    const inner = el('svg', {
      viewBox: '0 0 100 100',
      preserveAspectRatio: 'none',
      width: '100%',
      height: '100%',
    });
    inner.append(el('polygon', { points: points.join(' ') }));
    box.append(inner);
  }
  // The label sits at mid-height, where a trapezoid is as wide as its mean: the room fitLabels allows.
  const mid =
    slant === null ? 1 : 1 - (Math.abs(slant.left) + Math.abs(slant.right)) / 2 / Math.max(width, 1e-9);
  const label = el('text', {
    x: '50%',
    y: HEIGHT / 2,
    'dominant-baseline': 'central',
    'text-anchor': 'middle',
    'data-room': Math.max(mid, 0).toFixed(4),
  });
  label.textContent = text;
  const tooltip = el('title', {});
  tooltip.textContent = title;
  box.append(label, tooltip);
  return box;
}

/** The SVG of one layout: its pieces where its cut list puts them (placement.ts), on the bar's colour. */
export function barSvg(comb: UsedComb, scale: number, minRemnant: number, unit: string): SVGSVGElement {
  const svg = el('svg', {
    class: 'bar',
    width: '100%',
    height: HEIGHT,
    role: 'img',
    'aria-label': `${comb.source} ${formatNumber(comb.length)} ${unit}: ${comb.parts.map((p) => p.label ?? formatNumber(p.length)).join(', ')}`,
  });
  // The bar itself (its colour shows through as kerf gaps and wedges), then the pieces.
  svg.append(el('rect', { class: 'stockbar', width: pct(comb.length, scale), height: HEIGHT }));
  const { pieces, end } = placePieces(comb);
  comb.parts.forEach((part, i) => {
    const at = pieces[i];
    if (at === undefined) return;
    const slant = at.left === 0 && at.right === 0 ? null : { left: at.left, right: at.right };
    const name = part.label ?? formatNumber(part.length);
    const angles = [part.leftAngle, part.rightAngle].map((a) =>
      a === null || a === undefined ? '90°' : angleText(a),
    );
    const title = `${part.label === undefined ? '' : `${part.label}: `}${formatNumber(part.length)} ${unit}${angled(comb) ? ` · ${angles.join(' / ')}` : ''}`;
    svg.append(segment(at.x0, at.x1, scale, 'piece', name, title, slant));
  });
  const remnant = comb.waste.remnant;
  if (remnant > 0) {
    const kind = minRemnant > 0 && remnant >= minRemnant ? 'remnant' : 'waste';
    svg.append(
      segment(
        end - remnant,
        end,
        scale,
        kind,
        formatNumber(remnant),
        `${kind === 'remnant' ? 'usable remnant' : 'waste'}: ${formatNumber(remnant)} ${unit}`,
        null,
      ),
    );
  }
  return svg;
}

/** Whether a layout has an angled end (and is drawn as a mitred bar). */
const angled = (comb: UsedComb): boolean =>
  comb.parts.some((p) => (p.leftAngle ?? 90) !== 90 || (p.rightAngle ?? 90) !== 90);

/**
 * Draws a mitred bar at its current width: its height (to scale or by the factor its caption prints), the
 * piece labels at mid-height, and the angle labels under it (placeAngleLabels, in pixels).
 */
function fitMitred(svg: SVGSVGElement, m: Mitred): void {
  for (const old of svg.querySelectorAll(':scope > .angle, :scope > .leader')) old.remove();
  const wide = svg.getBoundingClientRect().width;
  if (wide === 0) return;
  const perUnit = wide / m.scale;
  const { height, note } = barHeight(m.width * perUnit, MIN_HEIGHT, MAX_HEIGHT);
  m.caption.textContent = note === null ? '' : ` · ${note}`;
  for (const node of svg.querySelectorAll<SVGElement>(':scope > svg, :scope > .stockbar'))
    node.setAttribute('height', String(height));
  for (const text of svg.querySelectorAll<SVGTextElement>(':scope > svg > text'))
    text.setAttribute('y', String(height / 2));
  const { pieces } = placePieces(m.comb);
  const made = new Map<string, SVGTextElement>();
  const label = (text: string): SVGTextElement => {
    const node = el('text', { class: 'angle', y: 0 });
    node.textContent = text;
    svg.append(node);
    return node;
  };
  const faces = m.comb.parts.map((part, i) => {
    const at = pieces[i];
    const [left, right] = at === undefined ? [0, 0] : bottomFace(at);
    const text = (a: number | null | undefined): string | null =>
      a === null || a === undefined || a === 90 ? null : angleText(a);
    return {
      left: left * perUnit,
      right: right * perUnit,
      leftText: text(part.leftAngle),
      rightText: text(part.rightAngle),
    };
  });
  const measure = (text: string): number => {
    const node = made.get(text) ?? label(text);
    made.set(text, node);
    return node.getComputedTextLength();
  };
  const placed = placeAngleLabels(faces, measure, 0, m.comb.length * perUnit, ANGLE_ROWS);
  for (const node of made.values()) node.remove();
  let rows = 0;
  for (const a of placed) {
    rows = Math.max(rows, a.row + 1);
    const base = height + 11 + a.row * ANGLE_ROW;
    const node = label(a.text);
    node.setAttribute('x', String(a.x));
    node.setAttribute('y', String(base));
    node.dataset.piece = String(a.piece);
    node.dataset.end = a.end;
    // The cut's tick through the label's row: between the two ends a shared cut parts, or a leader down
    // to a label hung lower.
    svg.append(el('line', { class: 'leader', x1: a.at, y1: height, x2: a.at, y2: base + 2 }));
  }
  svg.setAttribute('height', String(height + rows * ANGLE_ROW + (rows > 0 ? 2 : 0)));
}

/** Piece labels shown whole where they fit; else cut short with an ellipsis (a number is never cut: it
 * would read as another number); else none, the tooltip and the bar's aria-label keep them. */
export function fitLabels(root: ParentNode): void {
  for (const svg of root.querySelectorAll<SVGSVGElement>('svg.bar')) {
    const m = mitred.get(svg);
    if (m !== undefined) fitMitred(svg, m);
  }
  for (const text of root.querySelectorAll<SVGTextElement>('svg.bar > svg > text')) {
    const full = text.dataset.full ?? text.textContent ?? '';
    text.dataset.full = full;
    text.textContent = full;
    const box = text.parentNode instanceof SVGSVGElement ? text.parentNode.getBoundingClientRect().width : 0;
    const room = box * Number(text.dataset.room ?? 1) - 4;
    // Not laid out yet (the result still hidden): whole, until the observer sees the width.
    if (box === 0 || text.getComputedTextLength() <= room) continue;
    let shown = '';
    if (!/^[\d.,\s-]+$/.test(full)) {
      for (let n = full.length - 1; n >= 1 && shown === ''; n--) {
        text.textContent = `${full.slice(0, n).trimEnd()}…`;
        if (text.getComputedTextLength() <= room) shown = text.textContent;
      }
    }
    text.textContent = shown;
  }
}

const watched = new WeakSet<HTMLElement>();

/** Every layout as a figure: caption (count, source, waste) and its bar. */
export function drawBars(
  container: HTMLElement,
  response: OptimiseResponse,
  minRemnant: number,
  materialWidth: number | null = null,
): void {
  container.replaceChildren();
  const scale = Math.max(...response.plan.combinations.map((c) => c.usedComb.length));
  const { unit } = response.meta;
  for (const { usedComb, count } of response.plan.combinations) {
    const figure = document.createElement('figure');
    figure.className = 'layout';
    const caption = document.createElement('figcaption');
    const source = usedComb.source === 'offcut' ? 'offcut' : 'stock';
    caption.textContent = `${count} × ${formatNumber(usedComb.length)} ${unit} ${source}${usedComb.material === undefined ? '' : ` (${usedComb.material})`} · waste ${formatNumber(usedComb.waste.total)}`;
    const svg = barSvg(usedComb, scale, minRemnant, unit);
    if (materialWidth !== null && materialWidth > 0) {
      // Angle mode (square layouts too): the height follows the rule; its note is set when the bar is fitted.
      const note = document.createElement('span');
      note.className = 'scale-note';
      caption.append(note);
      mitred.set(svg, { comb: usedComb, scale, width: materialWidth, caption: note });
    }
    figure.append(caption, svg);
    container.append(figure);
  }
  // Labels depend on the drawn width: fitted now, and again whenever the column's width changes (the
  // first time when the hidden result is shown).
  fitLabels(container);
  if (!watched.has(container)) {
    watched.add(container);
    new ResizeObserver(() => fitLabels(container)).observe(container);
  }
}
