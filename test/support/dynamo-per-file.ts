/**
 * The embedded dynalite of one test file: started before its tests, closed after them. Apart from
 * limits-table.ts because it registers vitest hooks, and bench/ imports limits-table.ts outside vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';

/** Call at the top level of a test file; the returned function gives the running server inside tests. */
export function embeddedDynamoPerFile(): () => EmbeddedDynamo {
  let dynamo: EmbeddedDynamo | undefined;
  beforeAll(async () => {
    dynamo = await startEmbeddedDynamo();
  });
  afterAll(async () => {
    await dynamo?.close();
  });
  return () => {
    if (!dynamo) throw new Error('the embedded DynamoDB starts in beforeAll: use it inside a test');
    return dynamo;
  };
}
