/**
 * Which functions answer through the streaming edge, and how: every function that solves streams (API
 * Gateway's `STREAM` mode: no 29 s cap, no quota request); the JSON ones keep a long solve alive with
 * whitespace, the PDF one cannot (its first bytes must be `%PDF-`) and caps its solve instead. The Lambda
 * entries, the local server and `npm run invoke` read this; `infra/route-table.ts` must agree (the synth
 * tests check it).
 */
import { JSON_KEEP_ALIVE, type StreamOptions } from './http/stream.ts';
import type { RouteTarget } from './routes.ts';

export const STREAMED = {
  optimise: { keepAlive: JSON_KEEP_ALIVE },
  'optimise-pdf': { keepAlive: null },
  // A label file and a CSV cannot begin with whitespace either; their solves are capped as the PDF's.
  'optimise-labels': { keepAlive: null },
  'optimise-csv': { keepAlive: null },
  mcp: { keepAlive: JSON_KEEP_ALIVE },
} as const satisfies Partial<Record<RouteTarget, StreamOptions>>;

export type StreamedTarget = keyof typeof STREAMED;

/** The stream options of `target`, or undefined when it answers buffered. */
export function streamOptionsOf(target: string): StreamOptions | undefined {
  return Object.hasOwn(STREAMED, target) ? STREAMED[target as StreamedTarget] : undefined;
}
