/**
 * The `Server-Timing` header of the solving routes (docs/api.md, "Responses"): where the function spent a
 * call's time, from the notes its handler kept.
 */
import type { RequestNotes } from '../telemetry.ts';

/** `Server-Timing` entries, in the order a solving request goes through them (docs/api.md). */
const TIMED: readonly (readonly [string, keyof RequestNotes])[] = [
  ['parse', 'parseMs'],
  ['admit', 'admissionMs'],
  ['search', 'searchMs'],
  ['verify', 'verifyMs'],
  ['serialise', 'serialiseMs'],
  ['release', 'releaseMs'],
];

/**
 * The `Server-Timing` header (W3C Server Timing): where this function spent the request's time, in ms to
 * 0.1 ms, the phases the request went through and `total` (the handler's whole time, from reading the event
 * to the answer; a streamed answer's bytes and the platform around the function are not in it).
 */
export function serverTiming(notes: RequestNotes, totalMs: number): string {
  const entries = TIMED.flatMap(([name, field]) => {
    const ms = notes[field];
    return typeof ms === 'number' ? [`${name};dur=${ms.toFixed(1)}`] : [];
  });
  return [...entries, `total;dur=${totalMs.toFixed(1)}`].join(', ');
}
