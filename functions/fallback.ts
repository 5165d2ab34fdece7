/** Lambda entry for every other route and method: 404, 405 with Allow, and CORS preflights. */
import { makeFallbackHandler } from './handlers/index.ts';
import { jsonLogger } from './shared/log.ts';

export const handler = makeFallbackHandler({ log: jsonLogger() });
