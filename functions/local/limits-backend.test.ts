import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../core/budget.ts';
import { createDynamoStore, createKey, LOCAL_DISCOVERY_FILE } from '../shared/limits/index.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from './embedded-dynamo.ts';
import { openLocalLimits } from './limits-backend.ts';

let cwd: string;
let other: EmbeddedDynamo;
beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'cutplan-backend-'));
  other = await startEmbeddedDynamo({ tableName: 'existing' });
});
afterAll(async () => {
  await other.close();
  await rm(cwd, { recursive: true, force: true });
});

const settings = { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null } as const;

describe('openLocalLimits', () => {
  it('starts an embedded table, announces it in the working directory, and withdraws it on close', async () => {
    const limits = await openLocalLimits({ env: {}, cwd });
    const file = join(cwd, LOCAL_DISCOVERY_FILE);
    const discovery = JSON.parse(await readFile(file, 'utf8')) as { endpoint: string; tableName: string };
    expect(limits).toMatchObject({ tableName: 'cutplan-limits', discoverable: true });
    expect(limits.description).toBe(
      `embedded DynamoDB (dynalite, in memory) at ${discovery.endpoint}, table cutplan-limits`,
    );
    expect(await createDynamoStore(limits).listKeys()).toEqual([]);
    await limits.close();
    expect(existsSync(file)).toBe(false);
  });

  it('uses TABLE_NAME for the embedded table', async () => {
    const limits = await openLocalLimits({ env: { TABLE_NAME: 'mine' }, cwd });
    expect(limits.tableName).toBe('mine');
    await limits.close();
  });

  it('uses DYNAMODB_ENDPOINT when set, keeps an existing table as it is, and writes no discovery file', async () => {
    const store = createDynamoStore({ client: other.client, tableName: 'existing' });
    await createKey({ store, clock: manualClock(0) }, settings);
    const limits = await openLocalLimits({
      env: { DYNAMODB_ENDPOINT: other.endpoint, TABLE_NAME: 'existing' },
      cwd,
    });
    expect(limits).toMatchObject({ tableName: 'existing', discoverable: false });
    expect(limits.description).toBe(`DynamoDB at ${other.endpoint} (DYNAMODB_ENDPOINT), table existing`);
    expect(await createDynamoStore(limits).listKeys()).toHaveLength(1);
    expect(existsSync(join(cwd, LOCAL_DISCOVERY_FILE))).toBe(false);
    await limits.close();
  });

  it('creates the table at DYNAMODB_ENDPOINT when it is missing', async () => {
    const limits = await openLocalLimits({
      env: { DYNAMODB_ENDPOINT: other.endpoint, TABLE_NAME: 'fresh' },
      cwd,
    });
    expect(await createDynamoStore(limits).listKeys()).toEqual([]);
    await limits.close();
  });

  it('fails when DYNAMODB_ENDPOINT does not answer', async () => {
    await expect(
      openLocalLimits({ env: { DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' }, cwd }),
    ).rejects.toThrow();
  });
});
