/**
 * The port between the handlers and `core/`: the few core functions a handler calls, as one interface
 * so handlers can be built over the real core (production wiring in `functions/<name>.ts`) or over a fake
 * (tests). `Lp` is the LP engine type; the shell creates the engine once per container and passes it
 * through without looking inside.
 */
import type { Clock } from '../../core/budget.ts';
import type { CutplanError, PartsLimitError, Result, ValidationError } from '../../core/errors.ts';
import type { ProgressObserver } from '../../core/optimise.ts';
import type { Endpoint } from '../../core/request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import type { LabelOutput, SawListStyle } from '../../core/vocabulary.ts';
import type { JobSize } from './admission.ts';
import type { QueryParams } from './http/request.ts';

/** Which route a body was sent to: the file routes take the presentation fields (core/request/read-body.ts). */
export type { Endpoint } from '../../core/request/index.ts';

/** What the solver needs from the shell besides the request. */
export interface SolveContext<Lp> {
  readonly lp: Lp;
  readonly clock: Clock;
  /** Solve budget in ms (already capped by the tier and the Lambda's remaining time). */
  readonly budgetMs: number;
  /** The tier serving the call, echoed in `meta.tier`. */
  readonly tier: string;
  /** The attribution echoed in `meta.poweredBy`. */
  readonly poweredBy: string;
  /** Told the solve's progress as it improves (an async job's `progress`); synchronous, keep it quick. */
  readonly onProgress?: ProgressObserver;
  /** Told the search's and the verification's time (the `Server-Timing` header's `search` and `verify`). */
  readonly onTimings?: (timings: { readonly searchMs: number; readonly verifyMs: number }) => void;
}

export interface CorePort<Lp> {
  /** A JSON body (long form, shorthand or mixed) → the normalised request. */
  parseOptimiseBody(
    body: unknown,
    endpoint: Endpoint,
  ): Result<OptimiseRequest, ValidationError | PartsLimitError>;
  /** The query string of `GET /v1/optimise` → the same normalised request. */
  parseOptimiseQuery(
    query: QueryParams,
    /** Body values standing in for parameters (the rack's entries for `offcuts=rack`). */
    replace?: Readonly<Record<string, unknown>>,
  ): Result<OptimiseRequest, ValidationError | PartsLimitError>;
  /** Total parts and distinct lines, checked against the tier's caps before anything is counted. */
  jobSize(request: OptimiseRequest): JobSize;
  /** Solves, formats and verifies: on success `plan.verified` is true. */
  optimise(request: OptimiseRequest, ctx: SolveContext<Lp>): Promise<Result<OptimiseResponse, CutplanError>>;
}

/** Everything the PDF renderer needs but the fonts (the shell loads those once per container). */
export interface PdfJob {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
  readonly jobName: string | null;
  /** The key's branding line, or null on the public tier. */
  readonly branding: string | null;
  /** The date printed on the PDF (ms since the epoch). */
  readonly createdAtMs: number;
}

/** Renders a plan as a PDF. The production one loads pdf-lib lazily, in the PDF function only. */
export type RenderPdf = (job: PdfJob) => Promise<Uint8Array>;

/** A plan for the shop floor's outputs (saw list, labels). */
export interface ShopJob {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
  /** Printed on every label; null falls back to the request's, then `Cutting plan`. */
  readonly jobName: string | null;
  /** The label PDF's date (ms since the epoch). */
  readonly createdAtMs: number;
}

/** Writes a plan's saw list (core/saw-list/): CSV text. */
export type RenderSawList = (job: ShopJob, style: SawListStyle) => string;

/** Renders a plan's piece labels: PDF bytes, or ZPL text. The production one loads pdf-lib and bwip-js lazily. */
export type RenderLabels = (job: ShopJob, output: LabelOutput) => Promise<Uint8Array | string>;
