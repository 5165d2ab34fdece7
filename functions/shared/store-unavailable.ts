/**
 * The one error of every store adapter (limits, racks, stored bodies): the store could not answer. Apart
 * from the adapters so the handlers can sort it without loading any store code.
 */

/** The store could not answer (network, throttling, service error). Admission and the rack routes turn it into 503 busy. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(operation: string, cause: unknown) {
    super(
      `limits store unavailable during ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}
