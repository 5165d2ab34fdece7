/**
 * `npm start` and `npm run invoke` as real processes: the server prints its URL and where its embedded
 * DynamoDB listens, announces that table so `cutplan keys` finds it without flags, serves, and stops
 * cleanly on SIGINT and SIGTERM, removing the announcement; invoke prints a handler's result for a
 * sample event.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import { systemClock } from '../../functions/shared/clock.ts';
import { LOCAL_DISCOVERY_FILE } from '../../functions/shared/limits/index.ts';
import { VERSION } from '../../functions/shared/version.ts';
import { startServerProcess } from '../support/server-process.ts';

const root = new URL('../../', import.meta.url);

/** `cutplan keys …` run in `cwd` with no table settings, as a developer beside `npm start` would. */
async function keys(cwd: string, argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runKeys(argv, {
    env: {},
    cwd,
    clock: systemClock,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, stderr };
}

describe('npm start', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URL and table, serves, and stops cleanly on %s',
    async (signal) => {
      const server = await startServerProcess();
      try {
        const res = await fetch(`${server.url}/v1/health`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'ok', version: VERSION });
        expect((await fetch(`${server.url}/nope`)).status).toBe(404);
        expect(server.output()).toContain(`cutplan ${VERSION} listening on http://localhost:`);
        expect(server.dynamoEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const discovery = join(server.cwd, LOCAL_DISCOVERY_FILE);
        expect(JSON.parse(await readFile(discovery, 'utf8'))).toMatchObject({
          endpoint: server.dynamoEndpoint,
          tableName: 'cutplan-limits',
          pid: server.child.pid,
        });
        const code = await server.stop(signal);
        expect(code).toBe(0);
        // The handlers' request line, the same JSON line the Lambda functions write.
        expect(server.output()).toMatch(
          /"message":"request".*"requestId":"[0-9a-f-]{36}","route":"GET \/v1\/health","status":200/,
        );
        expect(server.output()).toContain(`${signal}: finishing requests in flight, then stopping`);
        expect(existsSync(discovery)).toBe(false);
      } finally {
        if (server.child.exitCode === null) await server.stop('SIGKILL');
      }
    },
  );

  it('counts public calls in its table, and serves a key that `cutplan keys` created there without flags', async () => {
    const server = await startServerProcess();
    try {
      const job = `${server.url}/v1/optimise?parts=500x4&stock=1000`;
      const pub = await fetch(job);
      expect(pub.status).toBe(200);
      expect(pub.headers.get('x-ratelimit-limit')).toBe('30');
      expect(pub.headers.get('x-ratelimit-remaining')).toBe('29');

      const created = await keys(server.cwd, ['create', '--workspace', 'acme', '--tier', 'scale']);
      expect(created).toMatchObject({
        code: 0,
        stderr: expect.stringContaining(`at ${server.dynamoEndpoint}`),
      });
      const keyed = await fetch(job, { headers: { 'X-API-Key': created.stdout.trim() } });
      expect(keyed.status).toBe(200);
      expect(keyed.headers.get('x-ratelimit-limit')).toBe('240');
      expect(((await keyed.json()) as { meta: { tier: string } }).meta.tier).toBe('scale');
    } finally {
      await server.stop();
    }
  });

  it("ends the public tier's 429 with the command that makes a local key, and that command works", async () => {
    const server = await startServerProcess({ env: { TIER_OVERRIDES: '{"public":{"rateLimit":1}}' } });
    try {
      const job = `${server.url}/v1/optimise?parts=500x4&stock=1000`;
      expect((await fetch(job)).status).toBe(200);
      const limited = await fetch(job);
      expect(limited.status).toBe(429);
      const { detail } = (await limited.json()) as { detail: string };
      expect(detail).toMatch(/^rate limit reached: 1 requests per hour per IP address on the public tier/);
      const command = /make a key with `([^`]+)`/.exec(detail)?.[1];
      expect(command).toBe('npx cutplan keys create --workspace demo --tier pro');
      expect(server.output()).toContain(`  keys:   ${command}`);
      const created = await keys(server.cwd, (command ?? '').split(' ').slice(3));
      expect(created.code).toBe(0);
      const keyed = await fetch(job, { headers: { 'X-API-Key': created.stdout.trim() } });
      expect(keyed.status).toBe(200);
      expect(((await keyed.json()) as { meta: { tier: string } }).meta.tier).toBe('pro');
    } finally {
      await server.stop();
    }
  });

  it('changes tier limits with TIER_OVERRIDES and says so', async () => {
    const server = await startServerProcess({
      env: { TIER_OVERRIDES: '{"public":{"rateLimit":1000,"monthlyCap":5000}}' },
    });
    try {
      expect(server.output()).toContain(
        'changed by TIER_OVERRIDES: public.rateLimit=1000, public.monthlyCap=5000',
      );
      const res = await fetch(`${server.url}/v1/optimise?parts=500x4&stock=1000`);
      expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('999');
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with unreadable TIER_OVERRIDES', async () => {
    await expect(startServerProcess({ env: { TIER_OVERRIDES: '{"gold":{"rateLimit":1}}' } })).rejects.toThrow(
      /server exited with 1: .*TIER_OVERRIDES must look like/s,
    );
  });
});

describe('npm run invoke', () => {
  /** Runs invoke; stdout is the function's log lines (one JSON object each), then the indented result. */
  const invoke = async (...args: string[]) => {
    const out = await promisify(execFile)(process.execPath, ['functions/local/invoke.ts', ...args], {
      cwd: root,
    });
    const lines = out.stdout.split('\n');
    const start = lines.indexOf('{');
    const logs = lines.slice(0, start).map((l) => JSON.parse(l) as Record<string, unknown>);
    return { ...out, logs, stdout: lines.slice(start).join('\n') };
  };

  it('runs the optimise function on a sample event over an in-memory limits table', async () => {
    const { stdout, stderr, logs } = await invoke('optimise', 'events/optimise/post-shorthand.json');
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'request',
        route: 'POST /v1/optimise',
        status: 200,
        tier: 'public',
        optimal: true,
      }),
    ]);
    const result = JSON.parse(stdout) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({ 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29' });
    expect(JSON.parse(result.body)).toMatchObject({ plan: { verified: true }, meta: { tier: 'public' } });
    expect(stderr).toMatch(/limits: embedded DynamoDB \(in memory\) at http:\/\/127\.0\.0\.1:\d+/);
  });

  it.each([
    ['health', 'events/health/get.json', 200],
    ['usage', 'events/usage/get-public.json', 200],
    ['fallback', 'events/fallback/unknown-route.json', 404],
    ['fallback', 'events/fallback/preflight.json', 204],
  ])('prints the result of %s for %s', async (fn, event, status) => {
    const { stdout, logs } = await invoke(fn, event);
    const result = JSON.parse(stdout) as { statusCode: number; headers: Record<string, string> };
    expect(result.statusCode).toBe(status);
    expect(logs).toEqual([expect.objectContaining({ message: 'request', status })]);
    expect(result.headers['X-Request-Id']).toMatch(/^8c1f0e2a-/);
  });

  it('explains its usage when the function is unknown', async () => {
    await expect(invoke('nope', 'events/health/get.json')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'functions: optimise, optimise-pdf, optimise-labels, optimise-csv, mcp, rack, plans, jobs, job-worker, health, usage, fallback, synthetic-check, webhook-retry',
      ),
    });
  });
});
