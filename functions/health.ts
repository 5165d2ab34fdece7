/** Lambda entry for `GET /v1/health`. */

// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { SOLVER_NAME } from '../core/solver-name.ts';
import { makeHealthHandler } from './handlers/index.ts';
import { jsonLogger } from './shared/log.ts';
import { VERSION } from './shared/version.ts';

export const handler = makeHealthHandler({ log: jsonLogger(), version: VERSION, solver: SOLVER_NAME });
