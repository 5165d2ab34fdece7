/** Lambda entry for every other route and method: 404, 405 with Allow, and CORS preflights. */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeFallbackHandler } from './handlers/index.ts';
import { jsonLogger } from './shared/log.ts';

export const handler = makeFallbackHandler({ log: jsonLogger() });
