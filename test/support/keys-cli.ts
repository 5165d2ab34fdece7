/**
 * `cutplan keys …` run in process against a fresh table of the embedded DynamoDB, on a manual clock, with
 * its stdout and stderr captured: the harness of the keys CLI's tests.
 */
import { type KeysIo, runKeys } from '../../bin/keys.ts';
import { manualClock } from '../../core/budget.ts';
import type { EmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import { freshTable } from './limits-table.ts';

export interface KeysRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function keysCli(dynamo: EmbeddedDynamo, startMs: number) {
  const tableName = await freshTable(dynamo);
  const clock = manualClock(startMs);
  const env = { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: tableName };
  const run = async (argv: string[], overrides: Partial<KeysIo> = {}): Promise<KeysRun> => {
    let stdout = '';
    let stderr = '';
    const code = await runKeys(argv, {
      env,
      cwd: '/nonexistent',
      clock,
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
      ...overrides,
    });
    return { code, stdout, stderr };
  };
  return { run, clock, tableName };
}
