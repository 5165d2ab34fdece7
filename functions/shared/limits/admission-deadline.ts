/**
 * The admission deadline: a store that does not answer in time makes the call a 503 `busy` rather than a
 * hang. `raceDeadline` races a store call against it; `deadlinePassed` is the error a passed one becomes.
 */
import { StoreUnavailableError } from './store.ts';

export type Timed<T> = { readonly timedOut: true } | { readonly timedOut: false; readonly value: T };

/** Races `promise` against what is left of the deadline. */
export type Within = <T>(p: Promise<T>) => Promise<Timed<T>>;

/** `promise`, or `timedOut` once `ms` have passed (the promise keeps running; its outcome is dropped). */
export async function raceDeadline<T>(promise: Promise<T>, ms: number): Promise<Timed<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise.then((value) => ({ timedOut: false as const, value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function deadlinePassed(what: string, ms: number): StoreUnavailableError {
  return new StoreUnavailableError(what, new Error(`no answer within the ${ms} ms admission deadline`));
}
