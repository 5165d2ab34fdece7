/**
 * The dependency rule of docs/architecture.md holds for the code: every import between units is one the
 * page allows, production code imports no test code and no test-only package, test code no benchmark, and
 * neither units nor files import each other in a circle. The checker itself is tested first, on made-up
 * trees that break each part of the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkImports,
  circles,
  fileGraph,
  importsOf,
  isTestCode,
  parseRule,
  type Rule,
  ruleGraph,
  type SourceFile,
  unitGraph,
  unitOf,
} from './support/dependency-rule.ts';

const ROOT = join(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'cdk.out', '.data', 'results']);

function sources(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.(ts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts'))
      out.push({ path: relative(ROOT, p).split('\\').join('/'), text: readFileSync(p, 'utf8') });
  }
  return out;
}

const RULE_TEXT = `
\`\`\`dependencies
core/types.ts → nothing
core/budget.ts → nothing
core/solver → core/types.ts, core/budget.ts
core/setups → core/solver, core/types.ts
core/optimise.ts → core/*
functions/handlers → core/*
bench → core/*, functions/*
test-only packages: vitest, fast-check
\`\`\`
`;

const file = (path: string, ...imports: string[]): SourceFile => ({
  path,
  text: imports.map((i) => `import { x } from '${i}';`).join('\n'),
});

describe('the dependency checker', () => {
  const rule: Rule = parseRule(RULE_TEXT);

  it('reads the rule: units, patterns, nothing, test-only packages', () => {
    expect(rule.allowed.get('core/setups')).toEqual(['core/solver', 'core/types.ts']);
    expect(rule.allowed.get('core/types.ts')).toEqual([]);
    expect(rule.testOnlyPackages).toEqual(['vitest', 'fast-check']);
  });

  it('finds units: folders and files of core/ and functions/, the rooms of each geometry, else top-level folders', () => {
    expect(unitOf('core/solver/master/root.ts')).toBe('core/solver');
    expect(unitOf('core/square/search/master/root.ts')).toBe('core/square/search');
    expect(unitOf('core/angle/setups/lp.ts')).toBe('core/angle/setups');
    expect(unitOf('core/master/index.ts')).toBe('core/master');
    expect(unitOf('core/budget.ts')).toBe('core/budget.ts');
    expect(unitOf('functions/local/server.ts')).toBe('functions/local');
    expect(unitOf('bench/run.ts')).toBe('bench');
    expect(unitOf('vitest.config.ts')).toBeNull();
    expect(unitOf('vitest.unit.config.ts')).toBeNull();
  });

  it('reads static, re-exported, type-only and dynamic imports', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "const e = await import('./e.ts');",
      "import './f.ts';",
      "import {\n  g,\n  type H,\n} from './g.ts';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts']);
  });

  it('passes a tree that keeps the rule', () => {
    const tree = [
      file('core/solver/solve.ts', '../types.ts', '../budget.ts', './model/job.ts'),
      file('core/solver/model/job.ts', '../tuning.ts'),
      file('core/setups/refine.ts', '../solver/index.ts'),
      file('core/optimise.ts', './setups/index.ts', './solver/index.ts'),
      file('core/setups/refine.test.ts', '../optimise.ts', '../../test/support/solver.ts', 'vitest'),
      file('bench/run.ts', '../core/optimise.ts', '../functions/handlers/index.ts'),
    ];
    expect(checkImports(tree, rule)).toEqual([]);
  });

  it('fails a planted violation: a lower unit importing a higher one', () => {
    const tree = [file('core/solver/solve.ts', '../setups/index.ts')];
    expect(checkImports(tree, rule)).toEqual([
      {
        file: 'core/solver/solve.ts',
        imports: '../setups/index.ts',
        why: 'core/solver may not import core/setups',
      },
    ]);
  });

  it('fails a planted reach past an index.ts, and tolerates it only as a listed exception', () => {
    const tree = [
      file('core/setups/refine.ts', '../solver/model/job.ts', '../solver/index.ts'),
      file('core/setups/count.ts', '../types.ts'),
      file('bench/run.ts', '../core/solver/lp/glpk.ts', '../core/optimise.ts'),
    ];
    expect(checkImports(tree, rule)).toEqual([
      {
        file: 'core/setups/refine.ts',
        imports: '../solver/model/job.ts',
        why: 'reaches past core/solver/index.ts',
      },
      {
        file: 'bench/run.ts',
        imports: '../core/solver/lp/glpk.ts',
        why: 'reaches past core/solver/index.ts',
      },
    ]);
    const tolerant = { ...rule, exceptions: ['bench/run.ts → core/solver/lp/glpk.ts'] };
    expect(checkImports(tree, tolerant).map((v) => v.file)).toEqual(['core/setups/refine.ts']);
    // Test code may reach inside a folder (it tests the inner files).
    expect(checkImports([file('core/setups/refine.test.ts', '../solver/model/job.ts')], rule)).toEqual([]);
  });

  it('fails production code importing test code, a test-only package, or a unit not in the rule', () => {
    const tree = [
      file('core/setups/stage.ts', './tiny.test.ts', 'fast-check', '../../test/support/solver.ts'),
      file('core/angles/search.ts', '../solver/index.ts'),
    ];
    expect(checkImports(tree, rule).map((v) => v.why)).toEqual([
      'production code imports a test file',
      'production code imports the test-only package fast-check',
      'core/setups may not import test',
      'unit core/angles is not in the rule',
    ]);
  });

  it('tolerates a listed exception, and fails it once the import is gone', () => {
    const tolerant = { ...rule, exceptions: ['core/solver/solve.ts → core/setups'] };
    expect(checkImports([file('core/solver/solve.ts', '../setups/index.ts')], tolerant)).toEqual([]);
    expect(checkImports([file('core/solver/solve.ts', '../types.ts')], tolerant).map((v) => v.why)).toEqual([
      'stale exception: core/solver/solve.ts → core/setups',
    ]);
  });

  it('fails test code importing the benchmark', () => {
    const tree = [file('core/solver/solver.test.ts', '../../bench/practical.ts')];
    expect(checkImports(tree, rule).map((v) => v.why)).toEqual(['test code imports bench/']);
  });

  it('finds a circle between folders that no single file closes', () => {
    // solve.ts → setups, setups/refine.ts → solver/model: no file imports itself back, the folders do.
    const tree = [
      file('core/solver/solve.ts', '../setups/refine.ts'),
      file('core/setups/refine.ts', '../solver/model/job.ts'),
      file('core/solver/model/job.ts', '../../types.ts'),
    ];
    expect(circles(fileGraph(tree))).toEqual([]);
    expect(circles(unitGraph(tree))).toEqual([['core/setups', 'core/solver']]);
  });

  it('finds a circle between files and a circle in the rule itself', () => {
    const tree = [
      file('core/solver/a.ts', './b.ts'),
      file('core/solver/b.ts', './c.ts'),
      file('core/solver/c.ts', './a.ts'),
    ];
    expect(circles(fileGraph(tree))).toEqual([['core/solver/a.ts', 'core/solver/b.ts', 'core/solver/c.ts']]);
    const loop = parseRule('```dependencies\ncore/a → core/b\ncore/b → core/*\n```');
    expect(circles(ruleGraph(loop))).toEqual([['core/a', 'core/b']]);
    expect(circles(ruleGraph(rule))).toEqual([]);
  });
});

describe('the code keeps the dependency rule of docs/architecture.md', () => {
  const rule = parseRule(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'));
  const tree = sources(ROOT);

  it('reads the whole tree', () => {
    expect(tree.some((f) => f.path === 'core/optimise.ts')).toBe(true);
    expect(tree.some((f) => f.path.startsWith('test/'))).toBe(true);
  });

  it('every import between units is allowed', () => {
    expect(checkImports(tree, rule)).toEqual([]);
  });

  it('the rule has no circle, nor do the units or the files', () => {
    expect(circles(ruleGraph(rule))).toEqual([]);
    expect(circles(unitGraph(tree, rule.exceptions))).toEqual([]);
    expect(circles(fileGraph(tree))).toEqual([]);
  });

  it('every unit of the tree is in the rule', () => {
    const units = new Set(
      tree
        .filter((f) => !isTestCode(f.path))
        .map((f) => unitOf(f.path))
        .filter((u) => u !== null),
    );
    expect([...units].filter((u) => !rule.allowed.has(u))).toEqual([]);
  });
});
