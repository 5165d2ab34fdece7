/**
 * The jobs' dependencies as both deployed Lambdas (the jobs API and the job worker) build them from their
 * environment: the limits table's client and, for webhooks, only public https receivers (checked at
 * submission and again before every attempt). One place, so the two functions cannot drift apart.
 */
import type { Admitter } from '../admission.ts';
import { createDynamoClient, readLimitsConfig } from '../limits/index.ts';
import type { Logger } from '../log.ts';
import { createWebhookDeps } from '../webhooks/index.ts';
import { jobsDeps } from './compose.ts';
import type { JobsDeps } from './jobs.ts';
import { jobWebhooks } from './webhooks-adapter.ts';

export function deployedJobsDeps(
  services: { readonly admitter: Admitter; readonly log: Logger },
  env: NodeJS.ProcessEnv = process.env,
): JobsDeps {
  const config = readLimitsConfig(env);
  const client = createDynamoClient(config);
  return jobsDeps({
    client,
    tableName: config.tableName,
    admitter: services.admitter,
    log: services.log,
    webhooks: jobWebhooks(createWebhookDeps({ client, tableName: config.tableName, allowPrivate: false })),
  });
}
