/** `cutplan keys webhook-secret <keyId> [--rotate]` against the embedded DynamoDB. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../functions/local/embedded-dynamo.ts';
import { keyIdOf } from '../functions/shared/limits/index.ts';
import {
  createDynamoWebhookSecrets,
  ROTATION_GRACE_MS,
  verifyWebhook,
  webhookHeaders,
} from '../functions/shared/webhooks/index.ts';
import { keysCli } from './support/keys-cli.ts';

let dynamo: EmbeddedDynamo;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
});
afterAll(async () => {
  await dynamo.close();
});

const START = Date.parse('2026-12-06T08:00:00.000Z');

async function cli() {
  const { run, clock, tableName } = await keysCli(dynamo, START);
  const made = await run(['create', '--workspace', 'acme', '--tier', 'pro']);
  const keyId = keyIdOf(made.stdout.trim()) ?? '';
  const secrets = createDynamoWebhookSecrets({ client: dynamo.client, tableName, now: clock.now });
  return { run, clock, keyId, secrets };
}

describe('cutplan keys webhook-secret', () => {
  it('prints the key secret alone on stdout, making it once', async () => {
    const { run, keyId, secrets } = await cli();
    const first = await run(['webhook-secret', keyId]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^whsec_[A-Za-z0-9+/]{43}=\n$/);
    expect(first.stderr).toContain('Made the webhook secret');
    const again = await run(['webhook-secret', `cp_live_${keyId}_whatever`]);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).not.toContain('Made');
    expect(await secrets.validSecrets(keyId, START)).toEqual([first.stdout.trim()]);
  });

  it('gives concurrent first calls the same secret', async () => {
    const { run, keyId } = await cli();
    const outs = await Promise.all(Array.from({ length: 6 }, () => run(['webhook-secret', keyId])));
    expect(outs.every((o) => o.code === 0)).toBe(true);
    expect(new Set(outs.map((o) => o.stdout)).size).toBe(1);
  });

  it('--rotate prints a new secret; deliveries carry both for 24 hours', async () => {
    const { run, keyId, secrets, clock } = await cli();
    const old = (await run(['webhook-secret', keyId])).stdout.trim();
    const rotated = await run(['webhook-secret', keyId, '--rotate']);
    expect(rotated.code).toBe(0);
    const fresh = rotated.stdout.trim();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(rotated.stderr).toContain(new Date(START + ROTATION_GRACE_MS).toISOString());
    expect((await run(['webhook-secret', keyId])).stdout.trim()).toBe(fresh);
    const headers = webhookHeaders(await secrets.validSecrets(keyId, clock.now()), 'msg_1', 100, '{}');
    expect(verifyWebhook(old, headers, '{}', { nowSec: 100 }).ok).toBe(true);
    expect(verifyWebhook(fresh, headers, '{}', { nowSec: 100 }).ok).toBe(true);
    expect(await secrets.validSecrets(keyId, START + ROTATION_GRACE_MS)).toEqual([fresh]);
  });

  it('refuses an unknown key and a missing id', async () => {
    const { run } = await cli();
    const unknown = await run(['webhook-secret', '0123456789abcdef']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('no key with id 0123456789abcdef');
    const missing = await run(['webhook-secret']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
  });
});
