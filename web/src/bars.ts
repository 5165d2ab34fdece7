/**
 * The bars of a plan drawn to scale as SVG: one bar per layout, all on the scale of the longest source,
 * pieces labelled (label, else length), the leftover end as a usable remnant (hatched) or waste (grey),
 * and the bar's colour showing through as kerf gaps and wedges. Pieces lie where the cut list puts them
 * (placement.ts); angled cuts (`[top, bottom]`) make them trapezoids. Positions are percentages of the
 * bar, so bars scale with the page while labels keep their size: each piece is a nested <svg> that clips
 * its label, and `fitLabels` shortens a label that would be clipped.
 */
import type { OptimiseResponse, UsedComb } from '../../core/types.ts';
import { placePieces } from './placement.ts';

const NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 34;

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
    const title = `${part.label === undefined ? '' : `${part.label}: `}${formatNumber(part.length)} ${unit}`;
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

/** Piece labels shown whole where they fit; else cut short with an ellipsis (a number is never cut: it
 * would read as another number); else none, the tooltip and the bar's aria-label keep them. */
export function fitLabels(root: ParentNode): void {
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
export function drawBars(container: HTMLElement, response: OptimiseResponse, minRemnant: number): void {
  container.replaceChildren();
  const scale = Math.max(...response.plan.combinations.map((c) => c.usedComb.length));
  const { unit } = response.meta;
  for (const { usedComb, count } of response.plan.combinations) {
    const figure = document.createElement('figure');
    figure.className = 'layout';
    const caption = document.createElement('figcaption');
    const source = usedComb.source === 'offcut' ? 'offcut' : 'stock';
    caption.textContent = `${count} × ${formatNumber(usedComb.length)} ${unit} ${source}${usedComb.material === undefined ? '' : ` (${usedComb.material})`} · waste ${formatNumber(usedComb.waste.total)}`;
    figure.append(caption, barSvg(usedComb, scale, minRemnant, unit));
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
