import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDynamoClient, readLimitsConfig } from './config.ts';

describe('readLimitsConfig', () => {
  it.each([
    [
      {},
      { tableName: 'cutplan-limits', endpoint: undefined, region: undefined, environmentCredentials: false },
    ],
    [
      { TABLE_NAME: ' t1 ', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', AWS_DEFAULT_REGION: 'eu-west-1' },
      {
        tableName: 't1',
        endpoint: 'http://127.0.0.1:8000',
        region: 'eu-west-1',
        environmentCredentials: false,
      },
    ],
    [
      { AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret' },
      {
        tableName: 'cutplan-limits',
        endpoint: undefined,
        region: 'eu-central-1',
        environmentCredentials: true,
      },
    ],
    [
      { AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: ' ' },
      { tableName: 'cutplan-limits', endpoint: undefined, region: undefined, environmentCredentials: false },
    ],
  ])('reads %j', (env, config) => {
    expect(readLimitsConfig(env)).toEqual(config);
  });
});

describe('createDynamoClient', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('gives a loopback endpoint placeholder credentials when the environment has no keys', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFROMENV');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-from-env');
    const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000', region: undefined });
    expect(await client.config.region()).toBe('local');
    expect((await client.config.credentials()).accessKeyId).toBe('local');
    client.destroy();
  });

  it("uses the environment's keys through the SDK's default chain when it has them, as in Lambda", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFROMENV');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-from-env');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token-from-env');
    const config = readLimitsConfig({ ...process.env, DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
    const client = createDynamoClient(config);
    const credentials = await client.config.credentials();
    expect(credentials).toMatchObject({ accessKeyId: 'AKIDFROMENV', sessionToken: 'token-from-env' });
    client.destroy();
  });
});
