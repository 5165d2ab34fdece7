/**
 * Checks the packings in bench/results/packings against their instance files: every bar sums to the
 * capacity and the bars hold exactly the instance's pieces. `npx tsx bench/check-packings.ts`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTANCES_DIR } from './instances.ts';

interface Packing {
  readonly instance: string;
  readonly capacity: number;
  readonly bars: number;
  readonly layouts: readonly (readonly number[])[];
}

/** Why the packing does not fit its instance, or null. */
function packingFlaw(p: Packing, instanceText: string): string | null {
  const numbers = instanceText.trim().split(/\s+/).map(Number);
  const [m = 0, capacity = 0] = numbers;
  if (capacity !== p.capacity) return `capacity ${p.capacity}, the instance says ${capacity}`;
  if (p.layouts.length !== p.bars) return `${p.layouts.length} layouts for ${p.bars} bars`;
  const left = new Map<number, number>();
  for (let i = 0; i < m; i++) {
    const w = numbers[2 + 2 * i] ?? 0;
    left.set(w, (left.get(w) ?? 0) + (numbers[3 + 2 * i] ?? 0));
  }
  for (const [k, bar] of p.layouts.entries()) {
    const sum = bar.reduce((a, b) => a + b, 0);
    if (sum !== capacity) return `bar ${k} sums to ${sum}`;
    for (const w of bar) {
      const n = left.get(w) ?? 0;
      if (n === 0) return `bar ${k} holds a piece of ${w} the instance does not have`;
      left.set(w, n - 1);
    }
  }
  for (const [w, n] of left) if (n !== 0) return `${n} pieces of ${w} are in no bar`;
  return null;
}

const dir = join(import.meta.dirname, 'results', 'packings');
let failed = false;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Packing;
  const flaw = packingFlaw(p, readFileSync(join(INSTANCES_DIR, p.instance), 'utf8'));
  console.log(`${p.instance}: ${p.bars} bars, ${flaw ?? 'every bar full, every piece once'}`);
  if (flaw) failed = true;
}
if (failed) process.exitCode = 1;
