/**
 * Pure pieces of rate limiting: which counters a call is counted against, where the caller stands
 * (`X-RateLimit-*` data) and the 429 a refused call gets.
 */
import type { WindowUsage } from '../admission.ts';
import { RateLimitedError, type RateLimitStatus } from '../errors.ts';
import type { Tier } from '../tiers.ts';
import { displayKey } from './api-keys.ts';
import type { Counter, Subject } from './store.ts';
import { fixedWindow, monthWindow } from './windows.ts';

/** A counter and the count it reached with this call. */
export interface CounterState {
  readonly counter: Counter;
  readonly used: number;
}

/**
 * The counters of one call, the longest window first: a caller out of monthly quota is told when the
 * month resets, not sent back an hour later to be refused again.
 */
export function countersFor(tier: Tier, subject: Subject, nowMs: number): Counter[] {
  const rate: Counter = {
    subject,
    window: fixedWindow(tier.rateWindowSeconds, nowMs),
    limit: tier.rateLimit,
  };
  return tier.monthlyCap === null
    ? [rate]
    : [{ subject, window: monthWindow(nowMs), limit: tier.monthlyCap }, rate];
}

/**
 * The counter of a key's rack and stored-plan calls: its own minute window (`rack60s@…`), apart from the
 * solve counters, so rack calls never use up solves and solves never use up rack calls.
 */
export function rackCounter(tier: Tier, keyId: string, nowMs: number): Counter {
  const minute = fixedWindow(60, nowMs);
  return {
    subject: { kind: 'key', keyId },
    window: { ...minute, id: `rack${minute.id}`, label: 'minute (rack calls)' },
    limit: tier.rackCallsPerMinute,
  };
}

/**
 * The binding counter's status: the one with the fewest calls left (on a tie, the one that resets
 * later). The HTTP shell renders it as `X-RateLimit-*`.
 */
export function bindingStatus(states: readonly CounterState[]): RateLimitStatus | null {
  let binding: CounterState | undefined;
  for (const state of states) {
    if (binding === undefined) {
      binding = state;
      continue;
    }
    const left = remaining(state);
    const bindingLeft = remaining(binding);
    if (
      left < bindingLeft ||
      (left === bindingLeft && state.counter.window.endMs > binding.counter.window.endMs)
    ) {
      binding = state;
    }
  }
  if (binding === undefined) return null;
  return {
    limit: binding.counter.limit,
    remaining: remaining(binding),
    resetAtMs: binding.counter.window.endMs,
  };
}

/** Every counter's state as the caller sees it (`GET /v1/usage`, `RateLimit-Policy`/`RateLimit`). */
export function windowUsages(states: readonly CounterState[]): WindowUsage[] {
  return states.map(({ counter, used }) => ({
    window: counter.window.label,
    seconds: Math.round((counter.window.endMs - counter.window.startMs) / 1000),
    limit: counter.limit,
    used,
    remaining: remaining({ counter, used }),
    resetAtMs: counter.window.endMs,
  }));
}

function remaining(state: CounterState): number {
  return Math.max(0, state.counter.limit - state.used);
}

/**
 * The 429 for a call refused by `counter`. `publicHint` ends the detail of a per-IP (public tier) refusal:
 * the local server's says how to make a key there (`npx cutplan keys create …`).
 */
export function rateLimited(
  tier: Tier,
  counter: Counter,
  nowMs: number,
  publicHint: string | null = null,
): RateLimitedError {
  const { window, limit, subject } = counter;
  const what = window.label === 'month' ? 'monthly cap' : 'rate limit';
  const per = window.label === 'month' ? 'calendar month (UTC)' : window.label;
  const whose =
    subject.kind === 'ip'
      ? `per IP address on the ${tier.name} tier; an API key lifts it`
      : `for API key ${displayKey(subject.keyId)} (${tier.name} tier)`;
  const resetAt = new Date(window.endMs).toISOString();
  const retryAfterSeconds = Math.max(1, Math.ceil((window.endMs - nowMs) / 1000));
  const hint = subject.kind === 'ip' && publicHint !== null ? ` ${publicHint}` : '';
  return new RateLimitedError(
    `${what} reached: ${limit} requests per ${per} ${whose}. It resets at ${resetAt}.${hint}`,
    window.endMs,
    retryAfterSeconds,
    { limit, remaining: 0, resetAtMs: window.endMs },
  );
}
