/**
 * The service version (package.json's) and the `meta.poweredBy` attribution.
 */
import pkg from '../../package.json' with { type: 'json' };

/** The service version reported by `GET /v1/health` (package.json's `version`). */
export const VERSION: string = pkg.version;

/** The `meta.poweredBy` attribution of every plan. */
export const POWERED_BY = `cutplan ${VERSION}`;
