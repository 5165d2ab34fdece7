#!/usr/bin/env node
// `cutplan`: checks the Node major, answers --version at once, and runs the TypeScript CLI through
// Node's own type stripping (no loader), with the compile cache on so later starts skip re-compiling.
import './node-major.js';
import { readFileSync } from 'node:fs';
import module from 'node:module';

const first = process.argv[2];
if (first === '--version' || first === '-v') {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`cutplan ${version}\n`);
} else {
  module.enableCompileCache();
  await import('./main.ts');
}
