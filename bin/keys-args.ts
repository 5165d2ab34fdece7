/** Argument parsing of `cutplan keys`: key ids, origin lists, durations and expiries. */

/** A mistake in the command line: shown with the usage text, exit code 2. */
export class UsageError extends Error {}

export function splitOrigins(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

export function keyIdArgument(positionals: readonly string[]): string {
  const [arg, extra] = positionals;
  const match = arg === undefined ? null : /^(?:cp_live_)?([0-9a-f]{16})(?:_.*)?$/.exec(arg);
  if (match?.[1] === undefined || extra !== undefined) {
    throw new UsageError('give one key id (16 hex digits, as `cutplan keys list` shows it)');
  }
  return match[1];
}

const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/** `30m`, `12h`, `7d`, `2w`, `1y`, or `0`. */
export function parseDuration(text: string): number {
  if (text === '0') return 0;
  const match = /^(\d+)([mhdwy])$/.exec(text.trim());
  const unit = match?.[2] === undefined ? undefined : UNIT_MS[match[2]];
  if (match === null || unit === undefined)
    throw new UsageError(`"${text}" is not a duration like 30m, 12h, 90d, 1y`);
  return Number(match[1]) * unit;
}

/** A duration from now, an ISO date or date-time, or `never` (null). */
export function parseExpiry(text: string, nowMs: number): number | null {
  if (text === 'never') return null;
  if (/^\d+[mhdwy]$/.test(text.trim())) return nowMs + parseDuration(text);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw new UsageError(`"${text}" is not an expiry: use 90d, 2026-12-31 or never`);
  return ms;
}
