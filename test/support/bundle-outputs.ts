import type { Metafile } from 'esbuild';

/**
 * The outputs of a bundle that `from` loads, transitively: through static imports (what a function's init
 * loads), and through dynamic ones too when `all` (everything it may load later).
 */
export function loadedOutputs(metafile: Metafile, from: readonly string[], all: boolean): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  for (let path = todo.pop(); path !== undefined; path = todo.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const i of metafile.outputs[path]?.imports ?? [])
      if (all || i.kind === 'import-statement') todo.push(i.path);
  }
  return seen;
}
