/**
 * Where a load-run request's time goes, measured in this process: the core alone (parse once, then solve
 * and verify the job again and again) and admission alone (admit and release over an embedded dynalite,
 * which `npm start` also runs in its own process). Printed beside the load run so its req/s can be read.
 */

import { manualClock } from '../core/budget.ts';
import type { OptimiseRequest } from '../core/types.ts';
import { startEmbeddedDynamo } from '../functions/local/embedded-dynamo.ts';
import { systemClock } from '../functions/shared/clock.ts';
import { createAdmitter, createDynamoStore, createKey } from '../functions/shared/limits/index.ts';
import { jsonLogger } from '../functions/shared/log.ts';
import { createLpEngine, realCore } from '../functions/shared/real-core.ts';
import { limitsAdmitter } from '../functions/shared/services.ts';
import { countingClient } from '../test/support/limits-table.ts';

export interface Breakdown {
  /** ms per `optimise` call (solve, format, verify) of the job. */
  readonly solveMs: number;
  /** ms per public-tier admit + release over the embedded DynamoDB. */
  readonly admitMs: number;
  /** DynamoDB requests and sequential steps of one admitted call (admit + release), counted by the client. */
  readonly cost: {
    readonly public: RequestCost;
    readonly keyedWarm: RequestCost;
    readonly keyedCold: RequestCost;
  };
}

export interface RequestCost {
  readonly requests: number;
  readonly steps: number;
}

export async function measureBreakdown(
  job: unknown,
  rounds = { solve: 500, admit: 300 },
): Promise<Breakdown> {
  const parsed = realCore.parseOptimiseBody(job, 'json');
  if (!parsed.ok) throw parsed.error;
  return {
    solveMs: await timeSolves(parsed.value, rounds.solve),
    admitMs: await timeAdmissions(rounds.admit),
    cost: await countAdmissions(),
  };
}

/** Requests and steps of one admitted call, public and keyed (the key's record cold, then cached). */
async function countAdmissions(): Promise<Breakdown['cost']> {
  const dynamo = await startEmbeddedDynamo();
  const { client, tally } = countingClient(dynamo.endpoint);
  try {
    const clock = manualClock(Date.now());
    const store = createDynamoStore({ client, tableName: dynamo.tableName });
    const admitter = createAdmitter({ store, clock, logError: () => {} });
    const created = await createKey(
      { store, clock },
      { workspace: 'load', tier: 'scale', origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    const size = { totalParts: 20, distinctLines: 3 };
    const cost = async (apiKey: string | undefined): Promise<RequestCost> => {
      tally.reset();
      const admitted = await admitter.admit({ ip: '10.9.8.7', apiKey, origin: undefined }, size);
      if (!admitted.ok) throw admitted.error;
      await admitted.value.release('succeeded');
      return { requests: tally.requests, steps: tally.steps };
    };
    await cost(undefined); // the first call of a fresh table creates the public pool's item
    const publicCost = await cost(undefined);
    const keyedCold = await cost(created.value.key);
    const keyedWarm = await cost(created.value.key);
    return { public: publicCost, keyedWarm, keyedCold };
  } finally {
    client.destroy();
    await dynamo.close();
  }
}

async function timeSolves(request: OptimiseRequest, rounds: number): Promise<number> {
  const lp = await createLpEngine();
  const ctx = { lp, clock: systemClock, budgetMs: 5_000, tier: 'scale', poweredBy: 'load run' };
  const solve = async () => {
    const solved = await realCore.optimise(request, ctx);
    if (!solved.ok) throw solved.error;
  };
  for (let i = 0; i < 50; i++) await solve(); // warm-up
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await solve();
  return (performance.now() - start) / rounds;
}

async function timeAdmissions(rounds: number): Promise<number> {
  const dynamo = await startEmbeddedDynamo();
  try {
    const admitter = limitsAdmitter({
      client: dynamo.client,
      tableName: dynamo.tableName,
      clock: systemClock,
      log: jsonLogger(),
    });
    const size = { totalParts: 20, distinctLines: 3 };
    const admit = async (i: number) => {
      // A new address per call, so no call meets the public tier's 30 an hour.
      const caller = {
        ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        apiKey: undefined,
        origin: undefined,
      };
      const admitted = await admitter.admit(caller, size);
      if (!admitted.ok) throw admitted.error;
      await admitted.value.release('succeeded');
    };
    for (let i = 0; i < 30; i++) await admit(i); // warm-up
    const start = performance.now();
    for (let i = 0; i < rounds; i++) await admit(1_000 + i);
    return (performance.now() - start) / rounds;
  } finally {
    await dynamo.close();
  }
}
