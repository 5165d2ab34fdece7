/**
 * Tiers, API keys and limits in DynamoDB. Handlers build one admitter per container and inject it:
 *
 * ```ts
 * const config = readLimitsConfig();
 * const store = createDynamoStore({ client: createDynamoClient(config), tableName: config.tableName });
 * const admitter = createAdmitter({ store, clock }); // clock: { now: Date.now, monotonic: performance.now }
 * ```
 *
 * Locally, `startEmbeddedDynamo()` (`functions/local/embedded-dynamo.ts`, deliberately not exported
 * here: Lambda code imports this barrel and must never reach dynalite) provides the endpoint and client
 * when no `DYNAMODB_ENDPOINT` is set.
 */
export { type AdmitterOptions, createAdmitter, DEFAULT_ADMISSION_DEADLINE_MS } from './admitter.ts';
export {
  displayKey,
  generateKey,
  hashKey,
  KEY_PREFIX,
  keyIdOf,
  PAID_TIER_NAMES,
  type PaidTierName,
} from './api-keys.ts';
export { ipSubject } from './client-ip.ts';
export {
  createDynamoClient,
  type KeysTarget,
  type LimitsConfig,
  LOCAL_DISCOVERY_FILE,
  type LocalDiscovery,
  readLimitsConfig,
  resolveKeysTarget,
} from './config.ts';
export { createDynamoStore, type DynamoStoreOptions } from './dynamo-store.ts';
export {
  createKey,
  disableKey,
  type KeySettings,
  keyStatus,
  rotateKey,
  validateSettings,
} from './key-admin.ts';
export { DEFAULT_KEY_CACHE_MS } from './key-cache.ts';
export type {
  Counter,
  CountOutcome,
  KeyChange,
  KeyRecord,
  LimitsStore,
  Pool,
  Subject,
} from './store.ts';
export { StoreUnavailableError } from './store.ts';
export { createTable, DEFAULT_TABLE_NAME, TTL_ATTRIBUTE } from './table.ts';
export { fixedWindow, monthWindow, type Window } from './windows.ts';
