/**
 * Stack traces of a deployed bundle, mapped back to the TypeScript sources when they are formatted, not
 * when the bundle loads. Node's `--enable-source-maps` reads and parses every source map and scans every
 * line of the bundle as each module loads: about 11 ms of the optimise bundle's init and 17 ms of its
 * spawn → answer CPU time (docs/deploy.md, "Cold start"). Here nothing is read until a stack trace is
 * formatted; the first one reads the maps of the files it names (`<file>.mjs.map`, beside the bundle).
 *
 * Every Lambda entry imports this module first. It installs itself only in a bundle (its own file ends
 * in `.mjs`), and only when Node maps nothing itself (no `--enable-source-maps`): tests, the local
 * server and the CLI run the TypeScript sources and keep Node's own traces.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const maps = new Map<string, SourceMap | null>();

/** The map beside a generated file (`<file>.map`), read once; null when there is none. */
function mapOf(fileName: string): SourceMap | null {
  let map = maps.get(fileName);
  if (map === undefined) {
    map = null;
    try {
      const path = fileName.startsWith('file:') ? fileURLToPath(fileName) : fileName;
      if (path.endsWith('.mjs')) map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(fileName, map);
  }
  return map;
}

/**
 * One frame as V8 writes it (`fn (file:line:column)`), with the generated position replaced by the
 * source's: `core/optimise.ts:61:5` (the map's path without its leading `../`).
 */
export function mapFrame(site: NodeJS.CallSite): string {
  const text = String(site);
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (file === undefined || file === null || line === null || column === null) return text;
  const map = mapOf(file);
  if (map === null) return text;
  const entry = map.findEntry(line - 1, column - 1);
  if (!('originalSource' in entry)) return text;
  const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
  return text.replace(
    `${file}:${line}:${column}`,
    `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  );
}

/** `Error.prepareStackTrace`: Node's default layout (`Error.prototype.toString`, then one `at` line a frame). */
export function prepareStackTrace(error: Error, sites: NodeJS.CallSite[]): string {
  let head: string;
  try {
    head = Error.prototype.toString.call(error);
  } catch {
    head = '<error>';
  }
  return sites.length === 0 ? head : `${head}\n    at ${sites.map(mapFrame).join('\n    at ')}`;
}

/** Whether this module runs from a bundle whose traces are not mapped yet (see the module comment). */
export function shouldInstall(moduleUrl: string): boolean {
  return moduleUrl.endsWith('.mjs') && !process.sourceMapsEnabled;
}

if (shouldInstall(import.meta.url)) Error.prepareStackTrace = prepareStackTrace;
