/**
 * The packed TypeScript client as a user gets it: `npm pack -w clients/typescript`, installed offline
 * into an empty project from the `.tgz`. The packed manifest carries no script that runs on install
 * (`prepare` would need the repository's compiler and sources), and the installed package works.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, type Service } from './service.ts';

const run = promisify(execFile);

/** Scripts npm runs when a package is installed (from a tarball, a folder or git). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];

export function packSuite(service: () => Service): void {
  let dir: string;
  let installed: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cutplan-pack-'));
    const { stdout } = await run(
      'npm',
      ['pack', '-w', 'clients/typescript', '--pack-destination', dir, '--json'],
      {
        cwd: ROOT,
      },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    const project = join(dir, 'project');
    await mkdir(project);
    await writeFile(
      join(project, 'package.json'),
      '{"name":"uses-cutplan","private":true,"type":"module"}\n',
    );
    await run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed?.filename ?? 'missing.tgz')],
      { cwd: project },
    );
    installed = join(project, 'node_modules', '@cutplan', 'client');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('packs a manifest with no install-time script, and the built files', async () => {
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      engines?: Record<string, string>;
    };
    for (const script of INSTALL_SCRIPTS) expect(manifest.scripts ?? {}).not.toHaveProperty(script);
    expect(manifest.engines).toEqual({ node: '>=20.3' });
    expect((await readFile(join(installed, 'dist', 'index.js'), 'utf8')).length).toBeGreaterThan(0);
  });

  it('states one Node version, the engines one, wherever the client is described', async () => {
    const manifest = JSON.parse(
      await readFile(join(ROOT, 'clients', 'typescript', 'package.json'), 'utf8'),
    ) as {
      engines: { node: string };
      description: string;
    };
    const version = /^>=(\d+\.\d+)$/.exec(manifest.engines.node)?.[1];
    expect(version).toBeDefined();
    const texts = [
      manifest.description,
      await readFile(join(ROOT, 'README.md'), 'utf8'),
      await readFile(join(ROOT, 'clients', 'typescript', 'README.md'), 'utf8'),
      await readFile(join(ROOT, 'clients', 'typescript', 'src', 'index.ts'), 'utf8'),
      await readFile(join(ROOT, 'docs', 'clients.md'), 'utf8'),
    ];
    for (const text of texts) {
      const stated = [...text.matchAll(/Node (\d+(?:\.\d+)?)\+/g)].map((m) => m[1]);
      expect(stated.length, text.slice(0, 80)).toBeGreaterThan(0);
      expect(new Set(stated), text.slice(0, 80)).toEqual(new Set([version]));
    }
  });

  it('works once installed from the packed file: it calls the server, and refuses a bare host when built', async () => {
    const script = `
      import { CutplanClient } from '@cutplan/client';
      const client = new CutplanClient({ baseUrl: ${JSON.stringify(service().url)} });
      const health = await client.health();
      let refused = '';
      try { new CutplanClient({ baseUrl: 'localhost:3000' }); } catch (error) { refused = error.message; }
      console.log(JSON.stringify({ status: health.status, refused }));
    `;
    const project = join(dir, 'project');
    await writeFile(join(project, 'check.mjs'), script);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      status: 'ok',
      refused:
        'baseUrl must be an absolute http:// or https:// URL such as http://localhost:3000, got "localhost:3000"',
    });
  });
}
