/**
 * The house in figures (issue 39's before and after): lines per room of `core/`, the production imports
 * that cross rooms (and how many of them reach past a room's `index.ts`), the production files without a
 * header comment, and the production files over 400 lines. A room is a unit of the dependency rule
 * (docs/architecture.md, `unitOf`), so the same command measures whatever the rule's units are today.
 *
 *   node bench/house-figures.ts            # the figures, as text
 *   node bench/house-figures.ts --json     # the same, as JSON
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { importsOf, isTestCode, resolve, type SourceFile, unitOf } from '../test/support/dependency-rule.ts';

const ROOT = join(import.meta.dirname, '..');
const LONG = 400;

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });

function sources(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
      out.push({ path: relative(ROOT, p).split('\\').join('/'), text: readFileSync(p, 'utf8') });
  }
  return out;
}

const lines = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
/** A header comment: the file opens with a comment (a block or a line comment) before any code. */
const hasHeader = (text: string): boolean => /^\s*(\/\*|\/\/)/.test(text);
const isBarrel = (path: string): boolean => path.endsWith('/index.ts');

const core = sources(join(ROOT, 'core')).filter((f) => !isTestCode(f.path));
const shell = sources(join(ROOT, 'functions')).filter((f) => !isTestCode(f.path));

const rooms = new Map<string, { files: number; lines: number }>();
for (const f of core) {
  const u = unitOf(f.path) ?? f.path;
  const r = rooms.get(u) ?? { files: 0, lines: 0 };
  r.files++;
  r.lines += lines(f.text);
  rooms.set(u, r);
}

let across = 0;
let pastIndex = 0;
const pairs = new Map<string, number>();
const reaches: string[] = [];
for (const f of core) {
  const from = unitOf(f.path);
  for (const spec of importsOf(f.text)) {
    if (!spec.startsWith('.')) continue;
    const target = resolve(f.path, spec);
    const to = unitOf(target);
    if (to === null || to === from) continue;
    across++;
    pairs.set(`${from} → ${to}`, (pairs.get(`${from} → ${to}`) ?? 0) + 1);
    if (!to.endsWith('.ts') && target !== `${to}/index.ts`) {
      pastIndex++;
      reaches.push(`${f.path} → ${target}`);
    }
  }
}

const production = [...core, ...shell];
const headerless = production.filter((f) => !isBarrel(f.path) && !hasHeader(f.text)).map((f) => f.path);
const long = production
  .filter((f) => lines(f.text) > LONG)
  .map((f) => ({ path: f.path, lines: lines(f.text) }))
  .sort((a, b) => b.lines - a.lines);

const figures = {
  rooms: Object.fromEntries([...rooms].sort(([a], [b]) => a.localeCompare(b))),
  coreLines: core.reduce((a, f) => a + lines(f.text), 0),
  importsAcrossRooms: across,
  roomPairs: pairs.size,
  importsPastIndex: pastIndex,
  withoutHeader: {
    core: headerless.filter((p) => p.startsWith('core/')).length,
    functions: headerless.filter((p) => p.startsWith('functions/')).length,
    files: headerless,
  },
  over400Lines: long,
};

if (values.json) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(`core/ production: ${core.length} files, ${figures.coreLines} lines, ${rooms.size} rooms`);
  console.log('\nlines per room (files, lines):');
  for (const [u, r] of Object.entries(figures.rooms))
    console.log(`  ${u.padEnd(28)} ${String(r.files).padStart(3)} ${String(r.lines).padStart(6)}`);
  console.log(`\nimports across rooms: ${across} (${pairs.size} room pairs), past an index.ts: ${pastIndex}`);
  for (const r of reaches) console.log(`  ${r}`);
  console.log(
    `\nfiles without a header comment (index.ts barrels aside): core ${figures.withoutHeader.core}, functions ${figures.withoutHeader.functions}`,
  );
  for (const p of headerless) console.log(`  ${p}`);
  console.log(`\nfiles over ${LONG} lines: ${long.length}`);
  for (const l of long) console.log(`  ${l.path} ${l.lines}`);
}
