import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { readContext } from './context.ts';
import { distCode } from './stack.ts';

const from = (values: Record<string, unknown>) => (key: string) => values[key];

describe('readContext', () => {
  it('returns no settings when no context is given', () => {
    expect(readContext(from({}))).toEqual({});
  });

  it.each([
    [{ alarmEmail: ' ops@example.com ' }, { alarmEmail: 'ops@example.com' }],
    [{ syntheticKeySecret: 'cutplan/synthetic' }, { syntheticKeySecret: 'cutplan/synthetic' }],
    [{ alarmEmail: '', syntheticKeySecret: null }, {}],
    [{ waf: 'true' }, { webAcl: true }],
    [{ waf: 'false' }, { webAcl: false }],
    [{ reservedConcurrency: 'false' }, { reservedConcurrency: false }],
  ])('reads %j', (context, settings) => {
    expect(readContext(from(context))).toEqual(settings);
  });

  it.each([
    [{ waf: 'yes' }, /waf must be true or false, got "yes"/],
    [{ reservedConcurrency: 'no' }, /reservedConcurrency must be true or false, got "no"/],
    [{ integrationTimeoutQuota: '29' }, /integrationTimeoutQuota is no longer used: .* stream/],
    [{ integrationTimeoutQuota: 300 }, /integrationTimeoutQuota is no longer used/],
    [{ alarmEmail: 'ops' }, /alarmEmail must be an e-mail address, got "ops"/],
    [{ syntheticKeySecret: { name: 'x' } }, /syntheticKeySecret must be a string or number/],
  ])('refuses %j', (context, message) => {
    expect(() => readContext(from(context))).toThrow(message);
  });
});

describe('distCode', () => {
  it('refuses a function whose bundle was not built, saying how to build it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-dist-'));
    try {
      expect(() => distCode('health', dir)).toThrow(/no bundle for health at .*: run `npm run build` first/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('packages the bundle folder as an asset', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-dist-'));
    try {
      await mkdir(join(dir, 'health'));
      await writeFile(join(dir, 'health', 'index.mjs'), 'export const handler = async () => ({});');
      const code = distCode('health', dir);
      expect(code).toBeInstanceOf(lambda.AssetCode);
      expect(code instanceof lambda.AssetCode && code.path).toBe(join(dir, 'health'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
