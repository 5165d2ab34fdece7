/**
 * The dependencies of the solving handlers in production, built once per container: the real core, its
 * LP engine, the system clock, the admitter and the JSON logger. The Lambda entry files and the local
 * server share this, so both run the same composition.
 */
import type { SolveDeps } from '../handlers/index.ts';
import type { Admitter } from './admission.ts';
import { systemClock } from './clock.ts';
import { jsonLogger, type Logger } from './log.ts';
import { passThroughAdmitter } from './pass-through-admitter.ts';
import { createLpEngine, type RealLp, realCore } from './real-core.ts';
import { POWERED_BY } from './version.ts';

export interface ServiceOverrides {
  /** Defaults to the pass-through admitter until the DynamoDB limits store is wired. */
  readonly admitter?: Admitter;
  readonly log?: Logger;
}

export async function solveServices(overrides: ServiceOverrides = {}): Promise<SolveDeps<RealLp>> {
  return {
    core: realCore,
    lp: await createLpEngine(),
    clock: systemClock,
    admitter: overrides.admitter ?? passThroughAdmitter(),
    poweredBy: POWERED_BY,
    log: overrides.log ?? jsonLogger(),
  };
}
