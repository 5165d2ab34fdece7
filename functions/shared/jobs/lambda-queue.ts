/**
 * The worker port deployed: the API function invokes the worker Lambda asynchronously (`InvocationType:
 * Event`, Lambda's own event queue) with only the job's id; the input waits in the table. Lambda keeps the
 * event while the worker is throttled, and sends it to the function's on-failure destination (the jobs
 * dead-letter queue, with an alarm on its depth) when the worker fails or the event is too old. A
 * duplicate delivery finds the job leased or ended and does nothing (the worker's conditional take).
 */
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { JobQueue, JobRef } from './jobs.ts';

/** The worker's event: a job to run, or (from the schedule) a sweep. */
export type WorkerEvent =
  | { readonly kind: 'job'; readonly workspace: string; readonly id: string }
  | { readonly kind: 'sweep' };

export function lambdaJobQueue(client: LambdaClient, functionName: string): JobQueue {
  return {
    async enqueue(ref: JobRef) {
      const event: WorkerEvent = { kind: 'job', workspace: ref.workspace, id: ref.id };
      const out = await client.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
      );
      // 202: queued by Lambda. Anything else is a refusal the caller must not mistake for a queued job.
      if (out.StatusCode !== 202) throw new Error(`the worker invoke answered ${out.StatusCode}`);
    },
  };
}

/** A worker event from whatever arrived (a sample event, a scheduled rule, a direct invoke). */
export function readWorkerEvent(event: unknown): WorkerEvent | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as Record<string, unknown>;
  if (e.kind === 'sweep' || e.source === 'aws.events') return { kind: 'sweep' };
  if (e.kind === 'job' && typeof e.workspace === 'string' && typeof e.id === 'string') {
    return { kind: 'job', workspace: e.workspace, id: e.id };
  }
  return null;
}
