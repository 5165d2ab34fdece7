/**
 * The bars of a plan drawn to scale as SVG: one bar per layout, all on the scale of the longest source,
 * pieces labelled (label, else length), the leftover end as a usable remnant (hatched) or waste (grey),
 * and the kerf between pieces as the dark gaps. Positions are percentages of the bar, so bars scale
 * with the page while labels keep their size; each piece is a nested <svg>, which clips its label.
 * Angled cuts (`[top, bottom]`) make the pieces trapezoids.
 */
import type { OptimiseResponse, UsedComb } from '../../core/types.ts';

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
const top = (c: number | readonly [number, number]): number => (typeof c === 'number' ? c : c[0]);
const bottom = (c: number | readonly [number, number]): number => (typeof c === 'number' ? c : c[1]);
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
  const label = el('text', {
    x: '50%',
    y: HEIGHT / 2,
    'dominant-baseline': 'central',
    'text-anchor': 'middle',
  });
  label.textContent = text;
  const tooltip = el('title', {});
  tooltip.textContent = title;
  box.append(label, tooltip);
  return box;
}

/** The SVG of one layout. */
export function barSvg(
  comb: UsedComb,
  scale: number,
  kerf: number,
  minRemnant: number,
  unit: string,
): SVGSVGElement {
  const svg = el('svg', {
    class: 'bar',
    width: '100%',
    height: HEIGHT,
    role: 'img',
    'aria-label': `${comb.source} ${formatNumber(comb.length)} ${unit}: ${comb.parts.map((p) => p.label ?? formatNumber(p.length)).join(', ')}`,
  });
  // The bar itself (its colour shows through as kerf gaps), then the pieces.
  svg.append(el('rect', { class: 'stockbar', width: pct(comb.length, scale), height: HEIGHT }));
  let previous: number | readonly [number, number] | null = null;
  comb.parts.forEach((part, i) => {
    const cut = comb.cutPositions[i] ?? 0;
    const endTop = top(cut);
    const endBottom = bottom(cut);
    const end = Math.max(endTop, endBottom);
    const start = previous === null ? end - part.length : Math.min(top(previous), bottom(previous)) + kerf;
    const slanted = typeof cut !== 'number' || (previous !== null && typeof previous !== 'number');
    const slant = slanted
      ? {
          left: previous === null ? 0 : top(previous) - bottom(previous),
          right: endTop - endBottom,
        }
      : null;
    const name = part.label ?? formatNumber(part.length);
    const title = `${part.label === undefined ? '' : `${part.label}: `}${formatNumber(part.length)} ${unit}`;
    svg.append(segment(start, end, scale, 'piece', name, title, slant));
    previous = cut;
  });
  const remnant = comb.waste.remnant;
  if (remnant > 0) {
    const kind = minRemnant > 0 && remnant >= minRemnant ? 'remnant' : 'waste';
    const x1 = comb.length;
    svg.append(
      segment(
        x1 - remnant,
        x1,
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

/** Every layout as a figure: caption (count, source, waste) and its bar. */
export function drawBars(container: HTMLElement, response: OptimiseResponse, minRemnant: number): void {
  container.replaceChildren();
  const scale = Math.max(...response.plan.combinations.map((c) => c.usedComb.length));
  const { unit, kerf } = response.meta;
  for (const { usedComb, count } of response.plan.combinations) {
    const figure = document.createElement('figure');
    figure.className = 'layout';
    const caption = document.createElement('figcaption');
    const source = usedComb.source === 'offcut' ? 'offcut' : 'stock';
    caption.textContent = `${count} × ${formatNumber(usedComb.length)} ${unit} ${source}${usedComb.material === undefined ? '' : ` (${usedComb.material})`} · waste ${formatNumber(usedComb.waste.total)}`;
    figure.append(caption, barSvg(usedComb, scale, kerf, minRemnant, unit));
    container.append(figure);
  }
}
