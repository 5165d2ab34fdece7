/**
 * What the MCP tools need of their transport: a {@link PlanService} that solves a route's body (locally for
 * stdio, admitted and counted over HTTP), and the shapes of what it answers.
 */
import type { CutplanError, Result } from '../../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../../core/types.ts';
import type { LabelOutput, SawListStyle } from '../../../core/vocabulary.ts';

/** A solved request. */
export interface Planned {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
}

/** A solved request and its file (PDF bytes, ZPL or CSV text). */
export interface PlannedFile<F> extends Planned {
  readonly file: F;
}

/** A solved request and its PDF. */
export interface PlannedPdf extends Planned {
  readonly pdf: Uint8Array;
}

/**
 * How the tools solve: the transport's composition. Each method takes the route's body (the tool's
 * arguments without its own option, `format` or `separator`), parses it as that route does, solves,
 * verifies and renders.
 */
export interface PlanService {
  /** As `POST /v1/optimise`. */
  plan(args: Readonly<Record<string, unknown>>): Promise<Result<Planned, CutplanError>>;
  /** As `POST /v1/optimise/pdf`. */
  pdf(args: Readonly<Record<string, unknown>>): Promise<Result<PlannedPdf, CutplanError>>;
  /** As `POST /v1/optimise/labels[?format=zpl]`: PDF bytes or ZPL text. */
  labels(
    args: Readonly<Record<string, unknown>>,
    output: LabelOutput,
  ): Promise<Result<PlannedFile<Uint8Array | string>, CutplanError>>;
  /** As `POST /v1/optimise/csv[?separator=…]`: the saw list's CSV text. */
  sawList(
    args: Readonly<Record<string, unknown>>,
    style: SawListStyle,
  ): Promise<Result<PlannedFile<string>, CutplanError>>;
  /** The text of a tool error from 500 up: generic (HTTP names its request id). */
  internalDetail(error: CutplanError): string;
  /** Told of every tool error (for the request's log line; `thrown` when a bug threw, to log it). */
  toolFailed?(error: CutplanError, thrown?: unknown): void;
  /**
   * The workspace's offcut rack (`GET /v1/offcuts`); absent where the server has no key (stdio): the tool
   * then says so.
   */
  listOffcuts?(args: { material?: string; untagged?: boolean }): Promise<Result<unknown, CutplanError>>;
  /** Books a stored plan (`POST /v1/plans/{id}/cut`); absent where the server has no key. */
  bookPlan?(args: { planId: string }): Promise<Result<unknown, CutplanError>>;
  /** Submits an async job (`POST /v1/jobs`): the job as accepted; absent where the server has no key. */
  startJob?(args: Readonly<Record<string, unknown>>): Promise<Result<unknown, CutplanError>>;
  /** An async job (`GET /v1/jobs/{id}`), counting nothing; absent where the server has no key. */
  getJob?(args: { jobId: string }): Promise<Result<unknown, CutplanError>>;
  /** The caller's usage (`GET /v1/usage`), counting nothing; absent where the server has no key. */
  usage?(): Promise<Result<unknown, CutplanError>>;
}
