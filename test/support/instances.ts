/**
 * Readers for the benchmark instance formats of ../shared/instances (see its README): BPPLIB CSP (`.txt`),
 * Monaci VSBPP, VPSolver `.vbp` and `.mvp`. Each becomes a long-form optimise request body, so the
 * benchmark and the solver's tests (over the copies in `test/fixtures/instances`) run the same code path as
 * the API.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Instance {
  readonly set: string;
  readonly file: string;
  /** Optimise request body (long form). */
  readonly body: Record<string, unknown>;
  readonly objective: 'bins' | 'cost';
  readonly opt: number;
  readonly proven: boolean;
  readonly lpCeil: number | null;
}

interface OptimaRow {
  set: string;
  file: string;
  opt: number;
  proven: boolean;
  lpCeil: number | null;
  objective: 'bins' | 'cost';
}

export function readOptima(dir: string): OptimaRow[] {
  const lines = readFileSync(join(dir, 'optima.tsv'), 'utf8').trim().split('\n');
  const header = (lines.shift() ?? '').split('\t');
  const col = (name: string): number => header.indexOf(name);
  return lines.map((line) => {
    const f = line.split('\t');
    const lp = f[col('lp_ceil')] ?? '-';
    return {
      set: f[col('set')] ?? '',
      file: f[col('file')] ?? '',
      opt: Number(f[col('opt')]),
      proven: f[col('proven')] === 'yes',
      lpCeil: lp === '-' || lp === '' ? null : Number(lp),
      objective: f[col('objective')] === 'cost' ? 'cost' : 'bins',
    };
  });
}

function tokens(text: string): number[] {
  return text
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
    .map(Number);
}

/** Parses one instance file into a request body. */
export function parseInstance(path: string): { body: Record<string, unknown> } {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.mvp')) return parseMvp(tokens(text));
  if (path.endsWith('.vbp')) return parseVbp(tokens(text));
  if (/monaci_vsbpp\//.test(path)) return parseMonaci(text);
  return parseCsp(tokens(text));
}

function parseCsp(t: number[]): { body: Record<string, unknown> } {
  const m = t[0] ?? 0;
  const c = t[1] ?? 0;
  const parts: { length: number; quantity: number }[] = [];
  for (let i = 0; i < m; i++) parts.push({ length: t[2 + 2 * i] ?? 0, quantity: t[3 + 2 * i] ?? 0 });
  return { body: { parts, stockLength: c } };
}

function parseVbp(t: number[]): { body: Record<string, unknown> } {
  // 1 (dims), capacity, m, then w d pairs
  const c = t[1] ?? 0;
  const m = t[2] ?? 0;
  const parts: { length: number; quantity: number }[] = [];
  for (let i = 0; i < m; i++) parts.push({ length: t[3 + 2 * i] ?? 0, quantity: t[4 + 2 * i] ?? 0 });
  return { body: { parts, stockLength: c } };
}

function parseMvp(t: number[]): { body: Record<string, unknown> } {
  let p = 1;
  const k = t[p++] ?? 0;
  const stocks: { length: number; quantity: number | null; price: number }[] = [];
  for (let j = 0; j < k; j++) {
    const w = t[p++] ?? 0;
    const cost = t[p++] ?? 0;
    const q = t[p++] ?? -1;
    stocks.push({ length: w, quantity: q < 0 ? null : q, price: cost });
  }
  const m = t[p++] ?? 0;
  const parts: { length: number; quantity: number }[] = [];
  for (let i = 0; i < m; i++) {
    const alts = t[p++] ?? 1;
    const d = t[p++] ?? 0;
    const w = t[p] ?? 0;
    p += alts;
    parts.push({ length: w, quantity: d });
  }
  return { body: { parts: mergeParts(parts), stocks } };
}

function parseMonaci(text: string): { body: Record<string, unknown> } {
  const lines = text.trim().split(/\r?\n/);
  const bins = tokens(lines[1] ?? '');
  const weights = tokens(lines[2] ?? '');
  const stocks: { length: number; quantity: null; price: number }[] = [];
  for (let j = 0; j + 1 < bins.length; j += 2)
    stocks.push({ length: bins[j] ?? 0, quantity: null, price: bins[j + 1] ?? 0 });
  return { body: { parts: mergeParts(weights.map((w) => ({ length: w, quantity: 1 }))), stocks } };
}

function mergeParts(parts: { length: number; quantity: number }[]): { length: number; quantity: number }[] {
  const byLength = new Map<number, number>();
  for (const p of parts) byLength.set(p.length, (byLength.get(p.length) ?? 0) + p.quantity);
  return [...byLength.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([length, quantity]) => ({ length, quantity }));
}

/** Every instance of a set (folder name), with its known optimum. */
export function loadSet(set: string, dir: string): Instance[] {
  return readOptima(dir)
    .filter((r) => r.set === set)
    .map((r) => ({ ...r, body: parseInstance(join(dir, r.file)).body }));
}
