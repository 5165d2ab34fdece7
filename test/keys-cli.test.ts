import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExpiry } from '../bin/keys-args.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../functions/local/embedded-dynamo.ts';
import {
  createAdmitter,
  createDynamoStore,
  DEFAULT_KEY_CACHE_MS,
  keyIdOf,
} from '../functions/shared/limits/index.ts';
import { keysCli } from './support/keys-cli.ts';
import { freshTable } from './support/limits-table.ts';

let dynamo: EmbeddedDynamo;
const dirs: string[] = [];
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
});
afterAll(async () => {
  await dynamo.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const START = Date.parse('2025-03-10T13:20:00.000Z');
const small = { totalParts: 4, distinctLines: 2 };

async function cli() {
  const { run, clock, tableName } = await keysCli(dynamo, START);
  const admitter = createAdmitter({ store: createDynamoStore({ client: dynamo.client, tableName }), clock });
  const admit = (apiKey: string, origin?: string) =>
    admitter.admit({ ip: '203.0.113.7', apiKey, origin }, small);
  return { run, clock, admit, tableName };
}

async function created(run: Awaited<ReturnType<typeof cli>>['run'], args: string[]) {
  const out = await run(['create', ...args]);
  expect(out).toMatchObject({ code: 0 });
  const key = out.stdout.trim();
  const keyId = keyIdOf(key);
  if (keyId === null) throw new Error(`no key printed: ${out.stdout} ${out.stderr}`);
  return { key, keyId, out };
}

describe('cutplan keys create', () => {
  it('prints the new key alone on stdout, once, and it works with its settings', async () => {
    const { run, admit } = await cli();
    const { key, out } = await created(run, [
      '--workspace',
      'acme',
      '--tier',
      'pro',
      '--origins',
      'https://Shop.Acme.example/, http://localhost:5173',
      '--branding',
      'Cut by Acme Metals',
    ]);
    expect(out.stdout).toBe(`${key}\n`);
    expect(out.stderr).toMatch(/workspace acme, tier pro/);
    expect(out.stderr).toMatch(/origins {3}https:\/\/shop\.acme\.example, http:\/\/localhost:5173/);
    expect(out.stderr).toMatch(/expires {3}2026-03-10T13:20:00\.000Z/);
    expect(out.stderr).not.toContain(key);
    const admitted = await admit(key, 'https://shop.acme.example');
    if (!admitted.ok) throw new Error(admitted.error.message);
    expect(admitted.value).toMatchObject({ workspace: 'acme', branding: 'Cut by Acme Metals' });
    expect(admitted.value.tier.name).toBe('pro');
  });

  it('prints JSON with the key and its settings, never its hash, with --json', async () => {
    const { run } = await cli();
    const out = await run([
      'create',
      '--workspace',
      'acme',
      '--tier',
      'scale',
      '--expires',
      'never',
      '--json',
    ]);
    const body = JSON.parse(out.stdout);
    expect(body).toMatchObject({ workspace: 'acme', tier: 'scale', status: 'active', expiresAt: null });
    expect(keyIdOf(body.key)).toBe(body.keyId);
    expect(out.stdout).not.toMatch(/secretHash|[0-9a-f]{64}/);
  });

  it.each([
    [['--workspace', 'acme'], 2, /create needs --workspace and --tier/],
    [
      ['--workspace', 'acme', '--tier', 'public'],
      1,
      /"public" is not a paid tier \(one of starter, pro, scale\)/,
    ],
    [['--workspace', 'acme', '--tier', 'pro', '--origins', 'https://a.example/path'], 1, /is not an origin/],
    [['--workspace', 'a b', '--tier', 'pro'], 1, /workspace "a b" must be/],
    [['--workspace', 'acme', '--tier', 'pro', '--expires', 'soon'], 2, /"soon" is not an expiry/],
    [['--workspace', 'acme', '--tier', 'pro', '--expires', '2020-01-01'], 1, /is in the past/],
    [['--workspace', 'acme', '--tier', 'pro', '--colour', 'red'], 2, /Unknown option '--colour'/],
  ])('refuses %j with exit code %i', async (args, code, message) => {
    const { run } = await cli();
    const out = await run(['create', ...args]);
    expect(out.code).toBe(code);
    expect(out.stderr).toMatch(message);
    expect(out.stdout).toBe('');
  });
});

describe('cutplan keys list / disable / rotate', () => {
  it('lists keys with their status, optionally of one workspace', async () => {
    const { run, clock } = await cli();
    const a = await created(run, ['--workspace', 'acme', '--tier', 'pro', '--expires', '1d']);
    clock.advance(1000);
    const b = await created(run, ['--workspace', 'other', '--tier', 'starter']);
    clock.advance(2 * 86_400_000);
    const all = await run(['list']);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^KEY ID\s+WORKSPACE\s+TIER\s+STATUS/);
    expect(lines[1]).toMatch(new RegExp(`^${b.keyId}\\s+other\\s+starter\\s+active`));
    expect(lines[2]).toMatch(new RegExp(`^${a.keyId}\\s+acme\\s+pro\\s+expired`));
    expect(all.stdout).not.toContain(a.key);
    const acme = JSON.parse((await run(['list', '--workspace', 'acme', '--json'])).stdout);
    expect(acme).toEqual([expect.objectContaining({ keyId: a.keyId, status: 'expired' })]);
  });

  it('disables a key, within the key cache time in a container that has served it', async () => {
    const { run, admit, clock } = await cli();
    const { key, keyId } = await created(run, ['--workspace', 'acme', '--tier', 'pro']);
    expect((await admit(key)).ok).toBe(true);
    expect(await run(['disable', `cp_live_${keyId}_…`])).toMatchObject({ code: 0 });
    clock.advance(DEFAULT_KEY_CACHE_MS);
    const refused = await admit(key);
    expect(!refused.ok && refused.error.message).toMatch(/is disabled/);
    expect(await run(['disable', '0123456789abcdef'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no key/),
    });
    expect(await run(['disable'])).toMatchObject({ code: 2 });
  });

  it('rotates a key: the new one works with the old settings, the old one stops', async () => {
    const { run, admit } = await cli();
    const old = await created(run, [
      '--workspace',
      'acme',
      '--tier',
      'pro',
      '--origins',
      'https://acme.example',
    ]);
    const out = await run(['rotate', old.keyId]);
    expect(out.code).toBe(0);
    const fresh = out.stdout.trim();
    expect(keyIdOf(fresh)).not.toBe(old.keyId);
    expect(out.stderr).toMatch(/old key .* is disabled/);
    const admitted = await admit(fresh, 'https://acme.example');
    expect(admitted.ok && admitted.value.tier.name).toBe('pro');
    const refused = await admit(old.key);
    expect(!refused.ok && refused.error.message).toMatch(/disabled \(replaced by cp_live_/);
  });

  it('keeps the old key working through a grace period, and applies changes to the new key', async () => {
    const { run, admit, clock } = await cli();
    const old = await created(run, ['--workspace', 'acme', '--tier', 'starter']);
    const out = await run(['rotate', old.keyId, '--grace', '1h', '--tier', 'scale']);
    expect(out.stderr).toMatch(/keeps working until 2025-03-10T14:20:00.000Z/);
    const fresh = out.stdout.trim();
    expect((await admit(old.key)).ok).toBe(true);
    const admitted = await admit(fresh);
    expect(admitted.ok && admitted.value.tier.name).toBe('scale');
    clock.advance(3_600_000);
    expect((await admit(old.key)).ok).toBe(false);
    expect((await admit(fresh)).ok).toBe(true);
  });
});

describe('cutplan keys: finding the table', () => {
  it('uses the running local server’s table from .data/dynamodb.json when nothing is configured', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'cutplan-cli-'));
    dirs.push(cwd);
    const local = await startEmbeddedDynamo({ discoveryFile: join(cwd, '.data', 'dynamodb.json') });
    try {
      const { run } = await cli();
      const out = await run(['create', '--workspace', 'acme', '--tier', 'pro'], { env: {}, cwd });
      expect(out.code).toBe(0);
      expect(out.stderr).toContain(`local table cutplan-limits at ${local.endpoint}`);
      const listed = await createDynamoStore({ client: local.client, tableName: local.tableName }).listKeys();
      expect(listed.map((r) => r.keyId)).toEqual([keyIdOf(out.stdout.trim())]);
    } finally {
      await local.close();
    }
  });

  it('explains what to do when no table is configured and no server runs', async () => {
    const { run } = await cli();
    const out = await run(['list'], { env: {}, cwd: '/nonexistent' });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/set TABLE_NAME .* or run `npm start`/);
  });

  it('says the local server may be gone when its discovery file is stale', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'cutplan-cli-'));
    dirs.push(cwd);
    await mkdir(join(cwd, '.data'));
    const gone = await startEmbeddedDynamo();
    await gone.close();
    const stale = { endpoint: gone.endpoint, tableName: 'cutplan-limits', pid: 1 };
    await writeFile(join(cwd, '.data', 'dynamodb.json'), JSON.stringify(stale));
    const { run } = await cli();
    const out = await run(['list'], { env: {}, cwd });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/cannot reach the local table .* Is `npm start` still running\?/);
  });

  it('runs as `cutplan keys` through bin/cutplan.js', async () => {
    const tableName = await freshTable(dynamo);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['bin/cutplan.js', 'keys', 'create', '--workspace', 'acme', '--tier', 'starter'],
      { env: { ...process.env, DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: tableName } },
    );
    expect(keyIdOf(stdout.trim())).not.toBeNull();
  });
});

describe('parseExpiry', () => {
  it.each([
    ['never', null],
    ['90d', START + 90 * 86_400_000],
    ['12h', START + 12 * 3_600_000],
    ['2026-12-31', Date.parse('2026-12-31T00:00:00.000Z')],
    ['2026-12-31T18:00:00Z', Date.parse('2026-12-31T18:00:00.000Z')],
  ])('reads %s', (text, ms) => {
    expect(parseExpiry(text, START)).toBe(ms);
  });
});
