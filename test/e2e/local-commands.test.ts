/**
 * `npm start` and `npm run invoke` as real processes: the server prints its URL, serves, and stops
 * cleanly on SIGINT and SIGTERM; invoke prints a handler's result for a sample event. Only routes that
 * need no solver are used, so these run before the core modules are merged.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../functions/shared/version.ts';

const root = new URL('../../', import.meta.url);
const tsx = ['--import', 'tsx'];

async function startServerProcess(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [...tsx, 'functions/local/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

describe('npm start', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URL, serves, and stops cleanly on %s',
    async (signal) => {
      const server = await startServerProcess();
      try {
        const res = await fetch(`${server.url}/v1/health`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'ok', version: VERSION });
        expect((await fetch(`${server.url}/nope`)).status).toBe(404);
        const exited = once(server.child, 'exit');
        server.child.kill(signal);
        const [code] = await exited;
        expect(code).toBe(0);
        expect(server.output()).toContain(`cutplan ${VERSION} listening on http://localhost:`);
        expect(server.output()).toMatch(/GET \/v1\/health 200 [\d.]+ms [0-9a-f-]{36}/);
        expect(server.output()).toContain(`${signal}: finishing requests in flight, then stopping`);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
  );
});

describe('npm run invoke', () => {
  const invoke = (...args: string[]) =>
    promisify(execFile)(process.execPath, [...tsx, 'functions/local/invoke.ts', ...args], { cwd: root });

  it.each([
    ['health', 'events/health/get.json', 200],
    ['fallback', 'events/fallback/unknown-route.json', 404],
    ['fallback', 'events/fallback/preflight.json', 204],
  ])('prints the result of %s for %s', async (fn, event, status) => {
    const { stdout } = await invoke(fn, event);
    const result = JSON.parse(stdout) as { statusCode: number; headers: Record<string, string> };
    expect(result.statusCode).toBe(status);
    expect(result.headers['X-Request-Id']).toMatch(/^8c1f0e2a-/);
  });

  it('explains its usage when the function is unknown', async () => {
    await expect(invoke('nope', 'events/health/get.json')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('functions: optimise, optimise-pdf, health, fallback, synthetic-check'),
    });
  });
});
