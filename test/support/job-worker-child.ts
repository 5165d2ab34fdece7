/**
 * A job worker in a process of its own, for the tests that kill it mid-solve: it runs `runJob` for the job
 * named by its environment over the table at `DYNAMODB_ENDPOINT`, with a solve that reports progress and
 * then runs until its job is cancelled (a long solve, as the real solver's under a long `timeLimit`). It
 * prints `solving` once the job is leased to it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { NoPlanFoundError } from '../../core/errors.ts';
import { runJob } from '../../functions/handlers/job-runner.ts';
import { systemClock } from '../../functions/shared/clock.ts';
import { jobsDeps } from '../../functions/shared/jobs/compose.ts';
import { createAdmitter } from '../../functions/shared/limits/admitter.ts';
import { createDynamoStore } from '../../functions/shared/limits/dynamo-store.ts';
import { jsonLogger } from '../../functions/shared/log.ts';
import { realCore } from '../../functions/shared/real-core.ts';
import { createWorkspaceState } from '../../functions/shared/stored/index.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const client = new DynamoDBClient({
  endpoint: env('DYNAMODB_ENDPOINT'),
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const tableName = env('TABLE_NAME');
const log = jsonLogger((line) => process.stderr.write(line));
const admitter = createAdmitter({ store: createDynamoStore({ client, tableName }), clock: systemClock });
const deps = jobsDeps({
  client,
  tableName,
  admitter,
  log,
  webhooks: {
    check: async () => ({ ok: false, reason: 'none' }),
    notify: async () => {},
    deliveries: async () => [],
    forget: async () => {},
  },
});
const outcome = await runJob(
  {
    ...deps,
    core: realCore,
    state: createWorkspaceState({ client, tableName }),
    workerId: env('WORKER_ID'),
    progressEveryMs: 100,
    solve: async (_request, options) => {
      options.onProgress({ elapsedMs: 0, budgetMs: options.budgetMs, best: 7, bound: 6, unit: 'bars' });
      process.stdout.write('solving\n');
      while (!options.cancelled()) await new Promise((resolve) => setTimeout(resolve, 20));
      return { ok: false, error: new NoPlanFoundError('cancelled') };
    },
  },
  { workspace: env('JOB_WORKSPACE'), id: env('JOB_ID') },
);
process.stdout.write(`outcome ${outcome}\n`);
