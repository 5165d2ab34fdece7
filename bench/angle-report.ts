/**
 * The angle benchmark's outcome per job and its report (bench/angles.ts runs the jobs): per job the plan,
 * its bound and gap in the job's measure, proven, time, the same parts laid square, the exhaustive optimum,
 * the baseline beside it, and what the check refuted; then totals for all jobs and for the first twenty.
 */
import type { Finding } from './angle-check.ts';
import type { Measure } from './angle-solve.ts';

/** One core's answer for a job. */
export interface AngleRun {
  readonly value: number | null;
  readonly bound: number | null;
  readonly optimal: boolean;
  readonly verified: boolean;
  readonly bars: number | null;
  readonly ms: number;
  readonly error: string | null;
}

export interface AngleOutcome {
  readonly name: string;
  readonly family: string;
  readonly symmetry: string;
  readonly measure: Measure;
  /** One of the twenty jobs of the set before issue 31 (the same names and bodies). */
  readonly first20: boolean;
  readonly run: AngleRun;
  readonly baseline: AngleRun | null;
  readonly squareBars: number | null;
  /** The square-laid plan's value in the job's measure. */
  readonly squareValue: number | null;
  /** The exhaustive optimum; null when the search was too big, undefined when not tried. */
  readonly exhaustive?: number | null;
  readonly findings: readonly Finding[];
}

/** The gap of a run, absolute and in % of the bound (null without a plan or bound). */
export function gapOf(r: AngleRun): { abs: number; pct: number } | null {
  if (r.value === null || r.bound === null) return null;
  const abs = Math.max(0, r.value - r.bound);
  return { abs, pct: r.bound > 0 ? (100 * abs) / r.bound : abs > 0 ? Number.POSITIVE_INFINITY : 0 };
}

const fmt = (x: number | null | undefined, digits = 0): string =>
  x === null || x === undefined
    ? '—'
    : Number.isInteger(x)
      ? String(x)
      : x.toFixed(digits === 0 ? 2 : digits);

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** Proven, within 1 % of the bound, summed gaps (per measure and in %) and median time of a set of runs. */
function summary(runs: readonly { r: AngleRun; measure: Measure }[]): string {
  const proven = runs.filter(({ r }) => r.optimal).length;
  const gaps = runs.map(({ r, measure }) => ({ g: gapOf(r), measure, r }));
  const within = gaps.filter(({ g, r }) => !r.optimal && g !== null && g.pct <= 1).length;
  const sum = (m: Measure): number =>
    gaps.reduce((a, { g, measure }) => a + (measure === m ? (g?.abs ?? 0) : 0), 0);
  const pct = gaps.reduce((a, { g }) => a + (g?.pct ?? 0), 0);
  const ms = runs.map(({ r }) => r.ms);
  return `${proven}/${runs.length} proven, ${within} more within 1 % of their bound; summed gap ${pct.toFixed(2)} % (cost ${fmt(sum('cost'))}, bars ${fmt(sum('bars'))}, stock length ${fmt(sum('stock'))}); median ${median(ms).toFixed(0)} ms, max ${Math.max(0, ...ms).toFixed(0)} ms`;
}

/** The report's section: one row per job, totals, the baseline beside it when there is one, findings. */
export function angleReport(outcomes: readonly AngleOutcome[]): string[] {
  const withBase = outcomes.some((o) => o.baseline !== null);
  const lines = [
    `| job | symmetry | measure | plan | bound | gap | gap % | proven | ms | bars | bars laid square | bars saved | laid square (measure) | exhaustive |${withBase ? ' baseline plan | baseline bound | baseline proven | baseline ms |' : ''} check |`,
    `|---|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|${withBase ? '---:|---:|---|---:|' : ''}---|`,
  ];
  for (const o of outcomes) {
    const g = gapOf(o.run);
    const saved = o.run.bars !== null && o.squareBars !== null ? o.squareBars - o.run.bars : null;
    const b = o.baseline;
    lines.push(
      `| ${o.name} | ${o.symmetry} | ${o.measure} | ${o.run.error ? `error: ${o.run.error.slice(0, 60)}` : fmt(o.run.value)} | ${fmt(o.run.bound)} | ${fmt(g?.abs)} | ${g ? g.pct.toFixed(2) : '—'} | ${o.run.optimal ? 'yes' : 'no'} | ${o.run.ms.toFixed(0)} | ${fmt(o.run.bars)} | ${fmt(o.squareBars)} | ${fmt(saved)} | ${fmt(o.squareValue)} | ${o.exhaustive === undefined ? '—' : o.exhaustive === null ? 'too big' : fmt(o.exhaustive)} |${b ? ` ${b.error ? 'error' : fmt(b.value)} | ${fmt(b.bound)} | ${b.optimal ? 'yes' : 'no'} | ${b.ms.toFixed(0)} |` : withBase ? ' — | — | — | — |' : ''} ${o.findings.length === 0 ? 'ok' : `**${o.findings.map((f) => f.kind).join(', ')}**`} |`,
    );
  }
  lines.push('');
  const sets: [string, AngleOutcome[]][] = [['all', [...outcomes]]];
  const first = outcomes.filter((o) => o.first20);
  if (first.length > 0 && first.length < outcomes.length)
    sets.push(["today's 20 (the set before issue 31)", first]);
  for (const [label, set] of sets) {
    lines.push(`- **${label}**: ${summary(set.map((o) => ({ r: o.run, measure: o.measure })))}.`);
    const based = set.filter((o) => o.baseline !== null);
    if (based.length > 0) {
      const runs = based.map((o) => ({ r: o.baseline as AngleRun, measure: o.measure }));
      const ours = median(based.map((o) => o.run.ms));
      const theirs = median(based.map((o) => (o.baseline as AngleRun).ms));
      const paired = median(based.map((o) => o.run.ms / Math.max(1e-3, (o.baseline as AngleRun).ms)));
      const lost = based.filter((o) => o.baseline?.optimal && !o.run.optimal).map((o) => o.name);
      const won = based.filter((o) => !o.baseline?.optimal && o.run.optimal).map((o) => o.name);
      lines.push(
        `  baseline: ${summary(runs)}; ratio of median times (this / baseline) ${theirs > 0 ? (ours / theirs).toFixed(2) : '—'}, median of per-job ratios ${paired.toFixed(2)}; proven here only: ${won.join(', ') || 'none'}; proven by the baseline only: ${lost.join(', ') || 'none'}.`,
      );
    }
  }
  const saved = outcomes.reduce(
    (a, o) => a + (o.run.bars !== null && o.squareBars !== null ? o.squareBars - o.run.bars : 0),
    0,
  );
  const square = outcomes.reduce((a, o) => a + (o.squareBars ?? 0), 0);
  const priced = outcomes.filter(
    (o) => o.measure === 'cost' && o.run.value !== null && o.squareValue !== null,
  );
  const costSaved = priced.reduce((a, o) => a + ((o.squareValue ?? 0) - (o.run.value ?? 0)), 0);
  const costSquare = priced.reduce((a, o) => a + (o.squareValue ?? 0), 0);
  const checked = outcomes.filter((o) => typeof o.exhaustive === 'number').length;
  const loose = outcomes
    .filter((o) => !o.run.optimal && typeof o.exhaustive === 'number' && o.run.value === o.exhaustive)
    .map((o) => o.name);
  lines.push(
    `- Laid square: ${saved} bars saved of ${square}; on the ${priced.length} priced jobs ${fmt(costSaved)} saved of ${fmt(costSquare)} (cost; their bar counts may rise as cost falls).`,
    `- Check: ${checked} jobs settled by exhaustive search (unproven plans it shows optimal, the bound short: ${loose.join(', ') || 'none'}); ${outcomes.reduce((a, o) => a + o.findings.length, 0)} findings.`,
    '',
    "Measures: `cost` when every stock is priced (money), `bars` with one stock length (stock bars bought), `stock` with several unpriced lengths (stock length bought); offcuts cost nothing. The bound is the solver's, in that measure; gap % is of the bound.",
  );
  const found = outcomes.flatMap((o) =>
    o.findings.map((f) => `- ${o.name} (${f.run}): ${f.kind}: ${f.detail}`),
  );
  if (found.length > 0) lines.push('', '**Refuted claims** (the run fails):', '', ...found);
  return lines;
}

/** Findings over a run: the benchmark exits non-zero when there is any. */
export function findingsOf(outcomes: readonly AngleOutcome[]): number {
  return outcomes.reduce((a, o) => a + o.findings.length, 0);
}
