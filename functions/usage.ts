/**
 * Lambda entry for `GET /v1/usage`: the limits table's admitter only (no solver, no wasm), built once
 * per container.
 */

// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeUsageHandler } from './handlers/usage-handler.ts';
import { systemClock } from './shared/clock.ts';
import { createDynamoClient, readLimitsConfig } from './shared/limits/index.ts';
import { jsonLogger } from './shared/log.ts';
import { limitsAdmitter } from './shared/services.ts';

const log = jsonLogger();
const config = readLimitsConfig(process.env);
export const handler = makeUsageHandler({
  log,
  admitter: limitsAdmitter({
    client: createDynamoClient(config),
    tableName: config.tableName,
    clock: systemClock,
    log,
  }),
});
