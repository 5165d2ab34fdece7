/**
 * An {@link Admitter} that admits every call on the public tier and counts nothing. It stands in for the
 * DynamoDB limits store (`functions/shared/limits/`) until that lands, and still enforces the public
 * tier's size caps, which need no state. It ignores `X-API-Key`.
 */
import { err, ok, PartsLimitError } from '../../core/errors.ts';
import type { Admission, Admitter } from './admission.ts';
import { TIERS } from './tiers.ts';

export function passThroughAdmitter(): Admitter {
  const tier = TIERS.public;
  const admission: Admission = {
    tier,
    workspace: null,
    branding: null,
    headers: {},
    release: async () => {},
  };
  return {
    admit: async (_caller, size) => {
      if (size.totalParts > tier.maxParts) {
        return err(
          new PartsLimitError(
            `the job has ${size.totalParts} parts; the ${tier.name} tier allows ${tier.maxParts} per request`,
          ),
        );
      }
      if (size.distinctLines > tier.maxLines) {
        return err(
          new PartsLimitError(
            `the job has ${size.distinctLines} distinct part lines; the ${tier.name} tier allows ${tier.maxLines} per request`,
          ),
        );
      }
      return ok(admission);
    },
  };
}
