import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { collectingLogger, collectingTelemetry } from '../../test/support/handlers.ts';
import { freshTable } from '../../test/support/limits-table.ts';
import { solveServices } from './services.ts';

const dynamo = embeddedDynamoPerFile();

const caller = { ip: '203.0.113.7', apiKey: undefined, origin: undefined };
const size = { totalParts: 4, distinctLines: 1 };

describe('solveServices', () => {
  it('admits through the DynamoDB table the environment names, counting each call there', async () => {
    const tableName = await freshTable(dynamo());
    const env = { DYNAMODB_ENDPOINT: dynamo().endpoint, TABLE_NAME: tableName };
    const { admitter } = await solveServices({
      env,
      log: collectingLogger(),
      telemetry: collectingTelemetry(),
    });
    const remaining: (number | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      const admitted = await admitter.admit(caller, size);
      if (!admitted.ok) throw admitted.error;
      remaining.push(admitted.value.rateLimit?.remaining);
      await admitted.value.release('succeeded');
    }
    expect(remaining).toEqual([29, 28]);
    // A second container over the same table sees the same counter.
    const again = await (
      await solveServices({ env, log: collectingLogger(), telemetry: collectingTelemetry() })
    ).admitter.admit(caller, size);
    expect(again.ok && again.value.rateLimit?.remaining).toBe(27);
  });

  it('answers 503 busy and logs a limits line when the table cannot be reached', async () => {
    const log = collectingLogger();
    const env = { DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', TABLE_NAME: 'nowhere' };
    const { admitter } = await solveServices({ env, log, telemetry: collectingTelemetry() });
    const refused = await admitter.admit(caller, size);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'busy', status: 503 });
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'limits store unavailable; answering 503 busy',
        fields: expect.objectContaining({ source: 'limits', errorName: 'StoreUnavailableError' }),
      }),
    );
  });
});
