/**
 * One Node major everywhere: the `node` package that package.json pins (and npm ci installs in
 * node_modules/.bin) is what the tests, the Lambda runtime, esbuild's target and @types/node follow, and
 * every entry point refuses another major with a message that says what to do.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ESBUILD_TARGET } from '../infra/bundle.ts';
import { RUNTIME } from '../infra/constructs/cutplan-function.ts';
import pkg from '../package.json' with { type: 'json' };

const root = join(import.meta.dirname, '..');
const run = promisify(execFile);
const pinned = pkg.dependencies.node;
const major = pinned.split('.')[0];

describe('the Node major', () => {
  it('is pinned exactly, and the tests run on it', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
  });

  it('is the Lambda runtime, the bundles’ target and @types/node', () => {
    expect(RUNTIME.name).toBe(`nodejs${major}.x`);
    expect(ESBUILD_TARGET).toBe(`node${major}`);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^?${major}\\.`));
  });

  it('lets npm itself run on an older Node and install it', () => {
    expect(pkg.engines.node).toBe('>=20.19');
    expect(pkg.allowScripts).toMatchObject({ node: true });
  });

  it('is enforced: on another major an entry point exits 1 and says how to run on the pinned one', async () => {
    // The check reads ../package.json beside its own file: a copy under a package.json that pins another
    // major is the same code finding itself on the wrong Node.
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-node-major-'));
    try {
      await mkdir(join(dir, 'bin'));
      await copyFile(join(root, 'bin', 'node-major.js'), join(dir, 'bin', 'node-major.js'));
      await writeFile(join(dir, 'package.json'), JSON.stringify({ dependencies: { node: '99.1.2' } }));
      const refused = await run(process.execPath, [join(dir, 'bin', 'node-major.js')]).catch((e) => e);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(`cutplan runs on Node 99 (package.json pins node 99.1.2`);
      expect(refused.stderr).toContain(`but this is Node ${process.version} (${process.execPath})`);
      expect(refused.stderr).toMatch(
        /npm start, npm test, npm run <script>, npx cutplan <command>\. .*run npm ci/,
      );
      const accepted = await run(process.execPath, [join(root, 'bin', 'node-major.js')]);
      expect(accepted).toEqual({ stdout: '', stderr: '' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('cutplan --version', () => {
  it('prints the package version alone', async () => {
    for (const flag of ['--version', '-v']) {
      const { stdout, stderr } = await run(process.execPath, ['bin/cutplan.js', flag], { cwd: root });
      expect(stdout).toBe(`cutplan ${pkg.version}\n`);
      expect(stderr).toBe('');
    }
  });

  it('is in the usage', async () => {
    const { stderr } = await run(process.execPath, ['bin/cutplan.js', '--help'], { cwd: root });
    expect(stderr).toMatch(/^usage: cutplan <command> \[options\]\n {7}cutplan --version\n/);
  });
});
