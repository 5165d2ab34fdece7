/**
 * The Python client: its unittest suite against the same server (with no site packages: `python3 -S`),
 * and pyright (from npm) in strict mode over the package, its tests and its generator.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { ROOT, type Service } from './service.ts';

const PYTHON_CLIENT = join(ROOT, 'clients', 'python');

export interface Run {
  readonly code: number;
  readonly output: string;
}

async function run(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd: PYTHON_CLIENT,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}${failed.message}`,
    };
  }
}

/**
 * Starts pyright over the Python package; it needs no server, so the caller starts it while the server
 * and the other suites run (it and the unittest run are the slow part of the client tests).
 */
export async function startPyright(): Promise<Run> {
  const python = (await run('python3', ['-c', 'import sys; print(sys.executable)'])).output.trim();
  return run(process.execPath, [join(ROOT, 'node_modules', 'pyright', 'index.js'), '--pythonpath', python]);
}

export function pythonClientSuite(service: () => Service, pyright: () => Promise<Run>): void {
  let unittests: Promise<Run>;
  beforeAll(() => {
    unittests = run('python3', ['-S', '-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], {
      CUTPLAN_TEST_BASE_URL: service().url,
      CUTPLAN_TEST_STARTER_KEY: service().starterKey,
      CUTPLAN_TEST_PRO_KEY: service().proKey,
    });
  });

  it('passes its unittest suite against the server, with no site packages', {
    timeout: 240_000,
  }, async () => {
    const { code, output } = await unittests;
    expect(output).toMatch(/^OK/m);
    expect(code, output).toBe(0);
  });

  it('type-checks under pyright in strict mode', { timeout: 240_000 }, async () => {
    const { code, output } = await pyright();
    expect(output).toContain('0 errors');
    expect(code, output).toBe(0);
  });
}
