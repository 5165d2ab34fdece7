/**
 * The dependencies of the solving handlers in production, built once per container: the real core, its
 * LP engine, the system clock, the DynamoDB admitter, and Powertools' Logger and Metrics. The Lambda entry files and the
 * local server share this, so both run the same composition.
 */
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { Clock } from '../../core/budget.ts';
import type { HighsWasmModule } from '../../core/optimise.ts';
import type { SolveDeps } from '../handlers/index.ts';
import type { Admitter } from './admission.ts';
import { systemClock } from './clock.ts';
import { createAdmitter, createDynamoClient, createDynamoStore, readLimitsConfig } from './limits/index.ts';
import { errorFields, type Logger } from './log.ts';
import { powertoolsTelemetry } from './powertools.ts';
import { primeSolver, primingWanted } from './prime.ts';
import { createLpEngine, primingEngines, type RealLp, realCore } from './real-core.ts';
import type { BodyStore } from './stored/body-store.ts';
import { createDynamoBodyStore } from './stored/dynamo-body-store.ts';
import { createWorkspaceState, type WorkspaceState } from './stored/index.ts';
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
  /** Ends a public tier's 429 detail; only the local server sets it (how to make a key there). */
  readonly publicLimitHint?: string;
}

/** The admitter over the DynamoDB limits table: what Lambda runs, and `npm start` over its dynalite. */
export function limitsAdmitter(options: LimitsAdmitterOptions): Admitter {
  return createAdmitter({
    store: createDynamoStore({ client: options.client, tableName: options.tableName }),
    clock: options.clock,
    ...(options.tiers === undefined ? {} : { tiers: options.tiers }),
    ...(options.publicLimitHint === undefined ? {} : { publicLimitHint: options.publicLimitHint }),
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
  /**
   * HiGHS's wasm, compiling since the entry started (highs-compile.ts); by default HiGHS's loader reads
   * and compiles it when the LP engine is created.
   */
  readonly highsWasm?: Promise<HighsWasmModule> | undefined;
  /** Where idempotent calls keep their outcomes; by default the stored bodies of the limits table. */
  readonly bodies?: BodyStore;
  /** The workspaces' racks and plans; by default over the configured table (with the admitter's client). */
  readonly state?: WorkspaceState;
}

/**
 * Marks where each part of a container's init ends (`performance.mark`, a few microseconds each), so the
 * cold-start bench can split init into sections (bench/cold-start.ts).
 */
export const INIT_MARKS = {
  /** The bundle's modules are loaded and evaluated: `solveServices` starts. */
  modules: 'cutplan:init:modules',
  /** Powertools Logger and Metrics, the DynamoDB client and its warm-up request started. */
  clients: 'cutplan:init:clients',
  /**
   * HiGHS's wasm compiled (the entry started it: highs-compile.ts) and instantiated, its runtime
   * initialised.
   */
  lpEngine: 'cutplan:init:lp-engine',
  /** The priming solve done (prime.ts). */
  primed: 'cutplan:init:primed',
  /** The table's warm-up request answered (or given up on). */
  warm: 'cutplan:init:warm',
} as const;

export async function solveServices(overrides: ServiceOverrides = {}): Promise<SolveDeps<RealLp>> {
  performance.mark(INIT_MARKS.modules);
  const powertools =
    overrides.log === undefined || overrides.telemetry === undefined ? powertoolsTelemetry() : null;
  const log = overrides.log ?? powertools?.log ?? fail();
  const telemetry = overrides.telemetry ?? powertools?.telemetry ?? fail();
  const env = overrides.env ?? process.env;
  const limits = overrides.admitter === undefined ? configuredLimits(env, log) : undefined;
  // The table's first request (SDK modules loaded on first use, credentials, endpoint rules, signing, the
  // connection) starts now and overlaps the wasm compilation and the priming below, instead of being
  // paid by the first caller (docs/bench.md, "Cold start").
  const warming = limits?.warm();
  performance.mark(INIT_MARKS.clients);
  const lp = await createLpEngine(
    overrides.highsWasm === undefined ? {} : { module: await overrides.highsWasm },
  );
  performance.mark(INIT_MARKS.lpEngine);
  // In the init phase, before the first caller: see prime.ts.
  if (primingWanted(env)) {
    const primed = await primeSolver(realCore, primingEngines(lp), systemClock);
    if (primed instanceof Error) log.error('priming the solver failed', errorFields(primed));
  }
  performance.mark(INIT_MARKS.primed);
  await warming?.settled();
  performance.mark(INIT_MARKS.warm);
  const state = overrides.state ?? limits?.state;
  return {
    core: realCore,
    lp,
    clock: systemClock,
    admitter: overrides.admitter ?? limits?.admitter ?? fail(),
    ...(overrides.bodies !== undefined
      ? { bodies: overrides.bodies }
      : limits === undefined
        ? {}
        : { bodies: limits.bodies }),
    ...(state === undefined ? {} : { state }),
    poweredBy: POWERED_BY,
    log,
    telemetry,
  };
}

function fail(): never {
  throw new Error('unreachable: Powertools telemetry was built for the missing part');
}

/**
 * How long init waits for the table's warm-up request once the solver is primed (the request runs during
 * the wasm compile and the priming); a slower table is the first caller's to wait for.
 */
export const WARM_UP_WAIT_MS = 500;

/**
 * The DynamoDB client is built here, once per container, and shared by every call the container serves.
 * `warm` sends a read of an item that never exists (`pk = warm#init`: no partition the service writes),
 * which sets up everything a request needs, and returns the wait for it: at most `WARM_UP_WAIT_MS` from
 * when that wait is called, not from when the request left (on a loaded machine the priming alone can
 * outlast it, and the read would then land in the first call). It never fails, a failure is only logged.
 */
function configuredLimits(
  env: Env,
  log: Logger,
): {
  admitter: Admitter;
  bodies: BodyStore;
  state: WorkspaceState;
  warm(): { settled(): Promise<void> };
} {
  const config = readLimitsConfig(env);
  const client = createDynamoClient(config);
  return {
    admitter: limitsAdmitter({ client, tableName: config.tableName, clock: systemClock, log }),
    bodies: createDynamoBodyStore({ client, tableName: config.tableName }),
    state: createWorkspaceState({ client, tableName: config.tableName }),
    warm: () => {
      const read = client
        .send(
          new GetItemCommand({
            TableName: config.tableName,
            Key: { pk: { S: 'warm#init' }, sk: { S: 'warm' } },
          }),
        )
        .then(
          () => {},
          (error: unknown) => log.error('limits warm-up failed', { source: 'limits', ...errorFields(error) }),
        );
      return {
        settled: async () => {
          let timer: NodeJS.Timeout | undefined;
          const waited = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, WARM_UP_WAIT_MS);
            timer.unref();
          });
          await Promise.race([read, waited]);
          clearTimeout(timer);
        },
      };
    },
  };
}

/**
 * The dependencies of the rack and plan functions: the DynamoDB admitter and the workspace state over
 * the configured table. They do not solve, so no LP engine.
 */
export function stateServices(overrides: { log?: Logger; env?: Env } = {}) {
  const powertools = overrides.log === undefined ? powertoolsTelemetry() : null;
  const log = overrides.log ?? powertools?.log ?? fail();
  const config = readLimitsConfig(overrides.env ?? process.env);
  const client = createDynamoClient(config);
  return {
    log,
    ...(powertools === null ? {} : { telemetry: powertools.telemetry }),
    admitter: limitsAdmitter({ client, tableName: config.tableName, clock: systemClock, log }),
    state: createWorkspaceState({ client, tableName: config.tableName }),
    // Idempotent rack adds and bookings keep their answers as the solves do.
    bodies: createDynamoBodyStore({ client, tableName: config.tableName }),
    clock: systemClock,
  };
}
