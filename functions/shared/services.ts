/**
 * The dependencies of the solving handlers in production, built once per container: the real core, its
 * LP engine, the system clock, the DynamoDB admitter, and Powertools' Logger and Metrics. The Lambda entry files and the
 * local server share this, so both run the same composition.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Clock } from '../../core/budget.ts';
import type { SolveDeps } from '../handlers/index.ts';
import type { Admitter } from './admission.ts';
import { systemClock } from './clock.ts';
import { createAdmitter, createDynamoClient, createDynamoStore, readLimitsConfig } from './limits/index.ts';
import { errorFields, type Logger } from './log.ts';
import { powertoolsTelemetry } from './powertools.ts';
import { createLpEngine, type RealLp, realCore } from './real-core.ts';
import type { Telemetry } from './telemetry.ts';
import type { Tier, TierName } from './tiers.ts';
import { POWERED_BY } from './version.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface LimitsAdmitterOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** The clock windows, key expiries and leases are read from (a manual one in tests). */
  readonly clock: Clock;
  /** Store failures (answered 503) are logged here as `{source: "limits", …}`. */
  readonly log: Logger;
  /** The tier table; only the local server overrides it (`TIER_OVERRIDES`). */
  readonly tiers?: Readonly<Record<TierName, Tier>>;
}

/** The admitter over the DynamoDB limits table: what Lambda runs, and `npm start` over its dynalite. */
export function limitsAdmitter(options: LimitsAdmitterOptions): Admitter {
  return createAdmitter({
    store: createDynamoStore({ client: options.client, tableName: options.tableName }),
    clock: options.clock,
    ...(options.tiers === undefined ? {} : { tiers: options.tiers }),
    logError: (message, error) => options.log.error(message, { source: 'limits', ...errorFields(error) }),
  });
}

export interface ServiceOverrides {
  /** Default: the DynamoDB admitter over the table the environment names (see `readLimitsConfig`). */
  readonly admitter?: Admitter;
  readonly log?: Logger;
  /** Default: Powertools Logger and Metrics (the request line, and EMF in Lambda). */
  readonly telemetry?: Telemetry;
  /** Where `TABLE_NAME`, `DYNAMODB_ENDPOINT` and `AWS_REGION` are read; `process.env` by default. */
  readonly env?: Env;
}

export async function solveServices(overrides: ServiceOverrides = {}): Promise<SolveDeps<RealLp>> {
  const powertools =
    overrides.log === undefined || overrides.telemetry === undefined ? powertoolsTelemetry() : null;
  const log = overrides.log ?? powertools?.log ?? fail();
  const telemetry = overrides.telemetry ?? powertools?.telemetry ?? fail();
  return {
    core: realCore,
    lp: await createLpEngine(),
    clock: systemClock,
    admitter: overrides.admitter ?? configuredAdmitter(overrides.env ?? process.env, log),
    poweredBy: POWERED_BY,
    log,
    telemetry,
  };
}

function fail(): never {
  throw new Error('unreachable: Powertools telemetry was built for the missing part');
}

/** The DynamoDB client is built here, once per container, and shared by every call the container serves. */
function configuredAdmitter(env: Env, log: Logger): Admitter {
  const config = readLimitsConfig(env);
  return limitsAdmitter({
    client: createDynamoClient(config),
    tableName: config.tableName,
    clock: systemClock,
    log,
  });
}
