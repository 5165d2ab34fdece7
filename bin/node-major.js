/**
 * Imported first by every entry point (CLI, local server, invoke, the test run): exits with a clear
 * message unless this process runs on the Node major that package.json pins (`dependencies.node`, the
 * registry's `node` package, which `npm ci` puts in node_modules/.bin). Plain JavaScript, so that it
 * can speak even on a Node that cannot load the TypeScript sources.
 */
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = String(pkg.dependencies.node);
const wanted = pinned.split('.')[0];
const running = process.versions.node.split('.')[0];
if (running !== wanted) {
  process.stderr.write(
    `cutplan runs on Node ${wanted} (package.json pins node ${pinned}, which npm ci installs in ` +
      `node_modules/.bin), but this is Node ${process.version} (${process.execPath}).\n` +
      'Run it through npm, which puts node_modules/.bin first on the PATH: npm start, npm test, ' +
      'npm run <script>, npx cutplan <command>. If node_modules/.bin/node is missing, run npm ci.\n',
  );
  process.exit(1);
}
