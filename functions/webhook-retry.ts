/**
 * Lambda entry run by an EventBridge schedule every minute: makes the webhook attempts that are due
 * (`drainDueWebhooks`, functions/shared/webhooks/) and logs one line with what it did. Deployed, so the
 * URL policy refuses private addresses. Environment: `TABLE_NAME` (the limits table), `WEBHOOK_DRAIN_MS`
 * (how long a run starts attempts; the function's timeout covers it and one last 10 s attempt).
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { systemClock } from './shared/clock.ts';
import { createDynamoClient, readLimitsConfig } from './shared/limits/index.ts';
import { errorFields, jsonLogger } from './shared/log.ts';
import { createWebhookDeps, type DrainResult, drainDueWebhooks } from './shared/webhooks/index.ts';

const log = jsonLogger();
const config = readLimitsConfig(process.env);
const deps = createWebhookDeps({
  client: createDynamoClient(config),
  tableName: config.tableName,
  allowPrivate: false,
  now: systemClock.now,
  logError: (message, error) => log.error(message, { source: 'webhooks', ...errorFields(error) }),
});

const drainMs = Number(process.env.WEBHOOK_DRAIN_MS ?? 50_000);

export async function handler(): Promise<DrainResult> {
  const now = systemClock.now();
  const result = await drainDueWebhooks(deps, now, { concurrency: 8, limit: 400, untilMs: now + drainMs });
  log.info('webhook retries', { source: 'webhooks', ...result });
  return result;
}
