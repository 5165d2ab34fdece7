/** Lambda entry for `GET /v1/health`. */
import { makeHealthHandler } from './handlers/index.ts';
import { jsonLogger } from './shared/log.ts';
import { SOLVER_NAME } from './shared/real-core.ts';
import { VERSION } from './shared/version.ts';

export const handler = makeHealthHandler({ log: jsonLogger(), version: VERSION, solver: SOLVER_NAME });
