/**
 * The dependency rule of docs/architecture.md, read from the page and checked against the imports of the
 * code. Pure: the files and their text come in as data, so the checker itself is tested on made-up trees.
 *
 * A *unit* is a folder of `core/` or `functions/` (`core/solver`), a file directly in one of them
 * (`core/budget.ts`), or another top-level folder (`web`, `bench`, …). The rule lists, for every unit, the units it may import;
 * anything else is a violation. Test code (`*.test.ts`, and every file under `test/`) may import any unit
 * but `bench`; other code never imports a test file or a test-only package, and imports `test/` only
 * where the rule says so (the benchmark's, for the fixtures it shares with the tests). Production code
 * enters a folder unit of `core/` from outside only through its `index.ts`. The allowed imports must
 * form no circle between units (so the code cannot either), and no two files may import each other in a
 * circle.
 */

/** One file of the tree: its path from the repository root and its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

export interface Rule {
  /** Unit → the units it may import (a pattern ending `/*` names every unit below it). */
  readonly allowed: ReadonlyMap<string, readonly string[]>;
  /** Packages only test code may import. */
  readonly testOnlyPackages: readonly string[];
  /**
   * Imports the rule forbids but tolerates for now, as `file → unit` (or `file → file` for a reach past
   * an `index.ts`); each must still occur.
   */
  readonly exceptions: readonly string[];
}

export interface Violation {
  readonly file: string;
  readonly imports: string;
  readonly why: string;
}

/**
 * Reads the rule from the page's fenced ```dependencies block: one line per unit, `unit → a, b, c`
 * (`→ nothing` for none), one `test-only packages: vitest, fast-check` line, and `exception file → unit`
 * lines for imports tolerated until they are removed.
 */
export function parseRule(markdown: string): Rule {
  const block = /```dependencies\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (block === undefined) throw new Error('no ```dependencies block');
  const allowed = new Map<string, string[]>();
  let testOnlyPackages: string[] = [];
  const exceptions: string[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const pkgs = /^test-only packages:\s*(.*)$/.exec(line);
    if (pkgs) {
      testOnlyPackages = list(pkgs[1] ?? '');
      continue;
    }
    const ex = /^exception\s+(\S+)\s*→\s*(\S+)$/.exec(line);
    if (ex) {
      exceptions.push(`${ex[1]} → ${ex[2]}`);
      continue;
    }
    const m = /^(\S+)\s*→\s*(.*)$/.exec(line);
    if (!m?.[1]) throw new Error(`unreadable rule line: ${raw}`);
    if (allowed.has(m[1])) throw new Error(`unit ${m[1]} listed twice`);
    const to = m[2]?.trim() === 'nothing' ? [] : list(m[2] ?? '');
    allowed.set(m[1], to);
  }
  return { allowed, testOnlyPackages, exceptions };
}

const list = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/**
 * Folders whose own folders and files are units (`core/lp`, `functions/local`), the deepest first: each
 * geometry's rooms (`core/square/search`, `core/angle/setups`) are units of their own.
 */
const SPLIT = ['core/square', 'core/angle', 'core', 'functions'];

/** The unit a repository path belongs to; null for files at the root (configuration). */
export function unitOf(path: string): string | null {
  const parts = path.split('/');
  if (parts.length === 1) return null;
  for (const folder of SPLIT) {
    const depth = folder.split('/').length;
    if (parts.length > depth && parts.slice(0, depth).join('/') === folder)
      return parts.slice(0, depth + 1).join('/');
  }
  return parts[0] ?? null;
}

/** A unit that is a folder (`core/lp`), not a file (`core/budget.ts`) or a top-level folder (`bench`). */
export function isFolderUnit(unit: string): boolean {
  return SPLIT.some((folder) => unit.startsWith(`${folder}/`)) && !/\.[cm]?[jt]s$/.test(unit);
}

/** Test code: test files anywhere, everything under a `test/` folder, and the test runner's configurations. */
export function isTestCode(path: string): boolean {
  return (
    path.endsWith('.test.ts') ||
    path.startsWith('test/') ||
    path.includes('/test/') ||
    /^vitest(\.[a-z]+)?\.config\.ts$/.test(path)
  );
}

/** The module specifiers a file imports or re-exports (static and dynamic, type-only included). */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  const re =
    /(?:^|[\s;])(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?\(?\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) if (m[1]) out.push(m[1]);
  return out;
}

/** Resolves a relative specifier against the importing file's folder (POSIX paths from the root). */
export function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const seg of specifier.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

const allows = (patterns: readonly string[], unit: string): boolean =>
  patterns.some((p) => p === unit || (p.endsWith('/*') && unit.startsWith(p.slice(0, -1))));

/** Every import of `files` that the rule does not allow, and every exception that no longer occurs. */
export function checkImports(files: readonly SourceFile[], rule: Rule): Violation[] {
  const out: Violation[] = [];
  const unused = new Set(rule.exceptions);
  for (const f of files) {
    const from = unitOf(f.path);
    const test = isTestCode(f.path);
    for (const spec of importsOf(f.text)) {
      if (!spec.startsWith('.')) {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? '');
        if (!test && rule.testOnlyPackages.includes(pkg))
          out.push({
            file: f.path,
            imports: spec,
            why: `production code imports the test-only package ${pkg}`,
          });
        continue;
      }
      const target = resolve(f.path, spec);
      const to = unitOf(target);
      if (!test && isTestCode(target) && to !== 'test') {
        out.push({ file: f.path, imports: spec, why: 'production code imports a test file' });
        continue;
      }
      if (from === null || to === null || to === from) continue;
      if (test) {
        if (to === 'bench') out.push({ file: f.path, imports: spec, why: 'test code imports bench/' });
        continue;
      }
      if (to.startsWith('core/') && isFolderUnit(to) && target !== `${to}/index.ts`) {
        const exception = `${f.path} → ${target}`;
        if (rule.exceptions.includes(exception)) unused.delete(exception);
        else out.push({ file: f.path, imports: spec, why: `reaches past ${to}/index.ts` });
      }
      const may = rule.allowed.get(from);
      if (may === undefined)
        out.push({ file: f.path, imports: spec, why: `unit ${from} is not in the rule` });
      else if (!allows(may, to)) {
        const exception = `${f.path} → ${to}`;
        if (rule.exceptions.includes(exception)) unused.delete(exception);
        else out.push({ file: f.path, imports: spec, why: `${from} may not import ${to}` });
      }
    }
  }
  for (const e of unused)
    out.push({ file: e.split(' → ')[0] ?? e, imports: '', why: `stale exception: ${e}` });
  return out;
}

/** Circles in a directed graph (its strongly connected components of more than one node, or a loop). */
export function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || edges.get(v)?.has(v)) found.push(part.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The production imports between units, as a graph (unit → units it imports), less `exceptions`. */
export function unitGraph(
  files: readonly SourceFile[],
  exceptions: readonly string[] = [],
): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const f of files) {
    const from = unitOf(f.path);
    if (from === null || isTestCode(f.path)) continue;
    for (const spec of importsOf(f.text)) {
      if (!spec.startsWith('.')) continue;
      const to = unitOf(resolve(f.path, spec));
      if (to === null || to === from || exceptions.includes(`${f.path} → ${to}`)) continue;
      const s = g.get(from) ?? new Set<string>();
      s.add(to);
      g.set(from, s);
    }
  }
  return g;
}

/** The imports between production files, as a graph (extensions as written in the specifiers). */
export function fileGraph(files: readonly SourceFile[]): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const f of files) {
    if (isTestCode(f.path)) continue;
    const s = new Set<string>();
    for (const spec of importsOf(f.text)) if (spec.startsWith('.')) s.add(resolve(f.path, spec));
    g.set(f.path, s);
  }
  return g;
}

/** The rule's own graph, patterns expanded over the units it names: it must have no circle. */
export function ruleGraph(rule: Rule): Map<string, Set<string>> {
  const units = [...rule.allowed.keys()];
  const g = new Map<string, Set<string>>();
  for (const [u, may] of rule.allowed) g.set(u, new Set(units.filter((v) => v !== u && allows(may, v))));
  return g;
}
