/**
 * Lambda entry for the scheduled synthetic check. Environment: `API_BASE_URL` (required),
 * `SYNTHETIC_API_KEY` (optional: call as a keyed client), `SYNTHETIC_TIMEOUT_MS` (per call, default 10 s;
 * the function's timeout must cover two calls).
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeSyntheticCheck, type SyntheticReport } from './handlers/index.ts';
import { systemClock } from './shared/clock.ts';
import { jsonLogger } from './shared/log.ts';

const baseUrl = process.env.API_BASE_URL ?? '';
const timeout = Number(process.env.SYNTHETIC_TIMEOUT_MS ?? 10_000);
const apiKey = process.env.SYNTHETIC_API_KEY;

const check = makeSyntheticCheck({
  fetch,
  baseUrl,
  clock: systemClock,
  emit: (line) => process.stdout.write(`${line}\n`),
  log: jsonLogger(),
  timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
  ...(apiKey === undefined ? {} : { apiKey }),
});

export async function handler(event: unknown): Promise<SyntheticReport> {
  if (!/^https?:\/\//.test(baseUrl)) {
    throw new Error(`API_BASE_URL must be the API's http(s) base URL (got "${baseUrl}")`);
  }
  return check(event);
}
