import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../core/budget.ts';
import { createDynamoStore, createKey, createTable } from '../shared/limits/index.ts';
import { startEmbeddedDynamo } from './embedded-dynamo.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cutplan-embedded-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const settings = { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null } as const;

describe('startEmbeddedDynamo', () => {
  it('serves DynamoDB on a loopback port, with the table created, and forgets it all in memory mode', async () => {
    const first = await startEmbeddedDynamo();
    expect(first.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const store = createDynamoStore({ client: first.client, tableName: first.tableName });
    const created = await createKey({ store, clock: manualClock(0) }, settings);
    if (!created.ok) throw new Error(created.problem);
    expect(await store.listKeys()).toHaveLength(1);
    await first.close();
    const second = await startEmbeddedDynamo();
    expect(
      await createDynamoStore({ client: second.client, tableName: second.tableName }).listKeys(),
    ).toEqual([]);
    await second.close();
  });

  it('keeps keys across restarts with a data directory', async () => {
    const dataDir = await tempDir();
    const first = await startEmbeddedDynamo({ dataDir });
    const created = await createKey(
      {
        store: createDynamoStore({ client: first.client, tableName: first.tableName }),
        clock: manualClock(0),
      },
      settings,
    );
    if (!created.ok) throw new Error(created.problem);
    await first.close();
    const second = await startEmbeddedDynamo({ dataDir });
    const store = createDynamoStore({ client: second.client, tableName: second.tableName });
    expect(await store.getKey(created.value.record.keyId)).toEqual(created.value.record);
    await second.close();
  });

  it('announces itself in the discovery file while it runs', async () => {
    const file = join(await tempDir(), '.data', 'dynamodb.json');
    const dynamo = await startEmbeddedDynamo({ discoveryFile: file, tableName: 'local-limits' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      endpoint: dynamo.endpoint,
      tableName: 'local-limits',
      pid: process.pid,
    });
    await dynamo.close();
    expect(existsSync(file)).toBe(false);
  });

  it('runs side by side with another instance on its own port', async () => {
    const [a, b] = await Promise.all([startEmbeddedDynamo(), startEmbeddedDynamo()]);
    expect(a.endpoint).not.toBe(b.endpoint);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('createTable', () => {
  it('is idempotent: an existing table is left as it is', async () => {
    const dynamo = await startEmbeddedDynamo();
    const store = createDynamoStore({ client: dynamo.client, tableName: dynamo.tableName });
    await createKey({ store, clock: manualClock(0) }, settings);
    await createTable(dynamo.client, dynamo.tableName);
    expect(await store.listKeys()).toHaveLength(1);
    await dynamo.close();
  });
});
