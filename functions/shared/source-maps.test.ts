import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStackTrace, shouldInstall } from './source-maps.ts';

// A bundle of this module and a function whose third line throws, minified, its map beside it.
const SOURCE = [
  "import './source-maps.ts';",
  'export function outer(n: number): void {',
  "  if (n > 1) throw new Error('boom ' + n);",
  '}',
  '',
].join('\n');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cutplan-source-maps-'));
  await build({
    stdin: { contents: SOURCE, sourcefile: 'thrower.ts', loader: 'ts', resolveDir: import.meta.dirname },
    outfile: join(dir, 'thrower.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The stack of the bundle's error, in a fresh Node process (vitest's module runner moves columns). */
function stackFromBundle(nodeOptions: string[] = []): string {
  const script = `const { outer } = await import(${JSON.stringify(pathToFileURL(join(dir, 'thrower.mjs')).href)});
try { outer(2); } catch (error) { process.stdout.write(error.stack); }`;
  return execFileSync(process.execPath, [...nodeOptions, '--input-type=module', '--eval', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
}

describe('a bundle that imports the module', () => {
  it('maps its frames to the TypeScript source, line and column, when the stack is formatted', () => {
    const lines = stackFromBundle().split('\n');
    expect(lines[0]).toBe('Error: boom 2');
    // `new Error` on line 3 of thrower.ts, column 20 (after `  if (n > 1) throw `).
    expect(lines[1]).toMatch(/^ {4}at \S+ \(\S*functions\/shared\/thrower\.ts:3:20\)$/);
    expect(lines.join('\n')).not.toContain('thrower.mjs');
  });

  it('gives the same position as Node with --enable-source-maps (then it stays out of the way)', () => {
    const node = stackFromBundle(['--enable-source-maps']).split('\n');
    expect(node[0]).toBe('Error: boom 2');
    expect(node[1]).toMatch(/thrower\.ts:3:20\)$/);
  });
});

describe('prepareStackTrace', () => {
  it('leaves frames of files without a map as V8 writes them, under Error.prototype.toString', () => {
    const previous = Error.prepareStackTrace;
    Error.prepareStackTrace = (_error, sites) => sites;
    let error: Error | undefined;
    let sites: NodeJS.CallSite[] = [];
    try {
      throw new TypeError('plain');
    } catch (caught) {
      error = caught as Error;
      sites = (caught as { stack: unknown }).stack as NodeJS.CallSite[];
    } finally {
      Error.prepareStackTrace = previous;
    }
    const stack = prepareStackTrace(error as Error, sites);
    expect(stack.split('\n')[0]).toBe('TypeError: plain');
    expect(sites.length).toBeGreaterThan(0);
    expect(stack.split('\n').slice(1)).toEqual(sites.map((s) => `    at ${String(s)}`));
  });
});

describe('shouldInstall', () => {
  it('installs in a bundle (.mjs) only, not under the TypeScript sources', () => {
    expect(shouldInstall(import.meta.url)).toBe(false);
    expect(shouldInstall('file:///var/task/index.mjs')).toBe(!process.sourceMapsEnabled);
  });
});
