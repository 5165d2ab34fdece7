/**
 * Setups and bundles (docs/verifier.md): `stats.setups` (and per material group) is the number of
 * distinct (material, source length, piece lengths in cut order, in angle mode with each piece's end
 * angles as placed); under `fewest_setups` and `bundle` the
 * bound lies in 0 … setups and `setupsOptimal` says whether it meets them; under `bundle` every layout's
 * `bundleBars` is whole bundles of its stock entry's pattern, and the bundle stats add up; `meta.objective`
 * names what the cost means.
 */
import type { Material } from '../types.ts';
import { type CheckedLayout, type Context, groupKey } from './context.ts';
import type { Rec } from './read.ts';

const SETUP_METHODS = new Set(['fewest_setups', 'bundle']);

function setupsOf(layouts: readonly CheckedLayout[], material?: Material): bigint {
  const keys = new Set<string>();
  for (const l of layouts) {
    if (material !== undefined && l.material !== material) continue;
    keys.add(
      JSON.stringify([
        groupKey(l.material),
        String(l.source.entry.length),
        // Angle mode: a piece's end angles as placed move the saw head, so they are part of the setup.
        ...l.pieces.map((p, j) => {
          const a = l.angles?.[j];
          return a === undefined ? String(p.length) : `${p.length}/${a[0]}/${a[1]}`;
        }),
      ]),
    );
  }
  return BigInt(keys.size);
}

/**
 * Saw stop settings (docs/api.md, Saw stops), re-derived: cutting in the saw sheet's order sets one stop
 * per distinct leading run of cuts (prefix) among the layouts of each rack (material, source kind and
 * length), so the count is the number of distinct (rack, prefix) pairs.
 */
export function sawStopsOf(layouts: readonly CheckedLayout[], material?: Material): bigint {
  const prefixes = new Set<string>();
  for (const l of layouts) {
    if (l.count <= 0n || (material !== undefined && l.material !== material)) continue;
    const stops = l.stops ?? l.bar.cutPositions.map(String);
    let prefix = JSON.stringify([groupKey(l.material), l.source.kind, String(l.source.entry.length)]);
    for (const stop of stops) {
      prefix += `|${stop}`;
      prefixes.add(prefix);
    }
  }
  return BigInt(prefixes.size);
}

/** `stats.setups`, the per-group setups, the bound and `setupsOptimal`. */
export function checkSetups(ctx: Context, layouts: readonly CheckedLayout[], stats: Rec): void {
  const { reader, findings, request } = ctx;
  const method = SETUP_METHODS.has(request.method);
  const want = setupsOf(layouts);
  if (stats.setups !== undefined || method) reader.sameInteger(stats.setups, 'stats.setups', want, 'setups');
  if (stats.sawStops !== undefined)
    reader.sameInteger(stats.sawStops, 'stats.sawStops', sawStopsOf(layouts), 'sawStops');
  if (stats.byMaterial !== null && typeof stats.byMaterial === 'object') {
    for (const [key, entry] of Object.entries(stats.byMaterial as Rec)) {
      if (entry === null || typeof entry !== 'object') continue;
      const material =
        layouts.find((l) => groupKey(l.material) === key)?.material ?? (key === '' ? null : key);
      if ((entry as Rec).sawStops !== undefined)
        reader.sameInteger(
          (entry as Rec).sawStops,
          `stats.byMaterial[${JSON.stringify(key)}].sawStops`,
          sawStopsOf(layouts, material),
          'sawStops',
        );
      if ((entry as Rec).setups !== undefined)
        reader.sameInteger(
          (entry as Rec).setups,
          `stats.byMaterial[${JSON.stringify(key)}].setups`,
          setupsOf(layouts, material),
          'setups',
        );
    }
  }
  if (!method) {
    for (const field of ['setupsLowerBound', 'setupsOptimal'] as const) {
      if (stats[field] !== undefined)
        findings.add('setups', `stats.${field} is only for fewest_setups and bundle`);
    }
    return;
  }
  const bound = reader.integer(stats.setupsLowerBound, 'stats.setupsLowerBound', 0);
  if (bound !== null && bound > want) {
    findings.add('setups', `stats.setupsLowerBound is ${bound}, above the plan's ${want} setups`);
  }
  const optimal = reader.boolean(stats.setupsOptimal, 'stats.setupsOptimal');
  if (bound !== null && optimal !== null && optimal !== (bound === want)) {
    findings.add(
      'setups',
      `stats.setupsOptimal is ${optimal}, but the bound is ${bound} and the setups ${want}`,
    );
  }
}

/** `bundleBars` on every layout and the bundle stats (method `bundle`); no bundle fields otherwise. */
export function checkBundles(
  ctx: Context,
  layouts: readonly CheckedLayout[],
  stats: Rec,
  bars: bigint,
): void {
  const { reader, findings, request } = ctx;
  const fields = ['fullBundleBars', 'singleBars', 'bundleEfficiency'] as const;
  if (request.method !== 'bundle') {
    for (const f of fields)
      if (stats[f] !== undefined) findings.add('bundles', `stats.${f} is only for method bundle`);
    for (const l of layouts)
      if (l.bundleBars !== null)
        findings.add('bundles', `${l.at}.usedComb.bundleBars is only for method bundle`);
    return;
  }
  const perPattern = new Map<string, { size: bigint; bundled: bigint; at: string }>();
  let full = 0n;
  for (const l of layouts) {
    if (l.bundleBars === null) {
      findings.add('bundles', `${l.at}.usedComb.bundleBars is missing (method bundle)`);
      continue;
    }
    if (l.source.kind === 'offcut') {
      if (l.bundleBars !== 0n)
        findings.add('bundles', `${l.at} is an offcut layout with bundleBars ${l.bundleBars}`);
      continue;
    }
    full += l.bundleBars;
    const key = JSON.stringify([l.source.entry.index, ...l.pieces.map((p) => String(p.length))]);
    const size = BigInt(l.source.entry.bundleSize ?? 0);
    const entry = perPattern.get(key) ?? { size, bundled: 0n, at: l.at };
    entry.bundled += l.bundleBars;
    perPattern.set(key, entry);
  }
  for (const { size, bundled, at } of perPattern.values()) {
    if (bundled > 0n && (size <= 0n || bundled % size !== 0n)) {
      findings.add(
        'bundles',
        `${at}: its pattern claims ${bundled} bundle bars, not whole bundles of ${size}`,
      );
    }
  }
  reader.sameInteger(stats.fullBundleBars, 'stats.fullBundleBars', full, 'bundles');
  reader.sameInteger(stats.singleBars, 'stats.singleBars', bars - full, 'bundles');
  // full / bars rounded half up to 4 decimals, exactly; 0 when nothing is bought.
  const want = bars <= 0n ? 0 : Number((20_000n * full + bars) / (2n * bars)) / 10_000;
  if (stats.bundleEfficiency !== want) {
    findings.add('bundles', `stats.bundleEfficiency is ${String(stats.bundleEfficiency)}, expected ${want}`);
  }
}

/** `meta.objective`, when present: `cost` iff some group of parts is optimised for price. */
export function checkObjective(ctx: Context, meta: unknown): void {
  if (meta === null || typeof meta !== 'object' || (meta as Rec).objective === undefined) return;
  const { request } = ctx;
  const groups = new Set(request.parts.map((p) => p.material));
  const cost =
    request.method !== 'least_waste' &&
    [...groups].some((m) => {
      const stocks = request.stocks.filter((s) => s.material === m);
      return stocks.length > 0 && stocks.every((s) => s.price !== null);
    });
  const want = cost ? 'cost' : 'material';
  if ((meta as Rec).objective !== want) {
    ctx.findings.add(
      'meta',
      `meta.objective is ${JSON.stringify((meta as Rec).objective)}, expected "${want}"`,
    );
  }
}
