/**
 * The production admitter (`limitsAdmitter`, the one Lambda and `npm start` run) over a fresh table of an
 * embedded dynalite, on a manual clock, for end-to-end tests that need real counting and keys.
 */
import { manualClock } from '../../core/budget.ts';
import type { EmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import type { Logger } from '../../functions/shared/log.ts';
import { limitsAdmitter } from '../../functions/shared/services.ts';
import { collectingLogger } from './handlers.ts';
import { freshTable } from './limits-table.ts';

/** 13:20 UTC: the public hour resets at 14:00, 2,400 s later. */
export const LIMITS_START = '2025-03-10T13:20:00.000Z';

export async function realAdmitter(dynamo: EmbeddedDynamo, options: { start?: string; log?: Logger } = {}) {
  const tableName = await freshTable(dynamo);
  const clock = manualClock(Date.parse(options.start ?? LIMITS_START));
  const log = options.log ?? collectingLogger();
  const admitter = limitsAdmitter({ client: dynamo.client, tableName, clock, log });
  /** Environment for `cutplan keys` (the CLI module) to work on this table. */
  const keysEnv = { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: tableName };
  return { tableName, clock, admitter, keysEnv };
}
