/**
 * Lambda entry for `GET /v1/usage`: the limits table's admitter only (no solver, no wasm, no Powertools),
 * built once per container.
 */

// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeUsageHandler } from './handlers/usage-handler.ts';
import { systemClock } from './shared/clock.ts';
import {
  createAdmitter,
  createDynamoClient,
  createDynamoStore,
  readLimitsConfig,
} from './shared/limits/index.ts';
import { errorFields, jsonLogger } from './shared/log.ts';

const log = jsonLogger();
const config = readLimitsConfig(process.env);
export const handler = makeUsageHandler({
  log,
  admitter: createAdmitter({
    store: createDynamoStore({ client: createDynamoClient(config), tableName: config.tableName }),
    clock: systemClock,
    logError: (message, error) => log.error(message, { source: 'limits', ...errorFields(error) }),
  }),
});
