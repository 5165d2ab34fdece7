/**
 * `@cutplan/client`: a typed client of the cutplan API over `fetch`, for Node 20.3+ and browsers, with no
 * runtime dependency. The types come from the API's OpenAPI document (`./schema.ts`, generated). Its
 * conventions (names, errors, retries, a file's metadata) are the repository's docs/clients.md.
 *
 * ```ts
 * import { CutplanClient } from '@cutplan/client';
 * const client = new CutplanClient({ baseUrl: 'http://localhost:3000' });
 * const { plan } = await client.optimise({ parts: '2400x4,1150x6,600x10', stock: 6000, kerf: 3 });
 * ```
 */
import type { components, operations } from './schema.js';

export type { components, operations, paths } from './schema.js';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaderSource,
  WebhookVerificationError,
} from './webhooks.js';

type Schemas = components['schemas'];
/** The body of `POST /v1/optimise`: the long form, shorthand, or both mixed. */
export type OptimiseRequest = Schemas['OptimiseRequest'];
/** The body of `POST /v1/optimise/pdf`: a job file (an optimise request plus `jobName`, `paper`, `labelFormat`). */
export type PdfRequest = Schemas['PdfRequest'];
/** The body of `POST /v1/optimise/labels`: the same job file. */
export type LabelsRequest = Schemas['LabelsRequest'];
/** The body of `POST /v1/optimise/csv`: the same job file. */
export type SawListRequest = Schemas['SawListRequest'];
type GeneratedQuery = NonNullable<operations['optimiseQuery']['parameters']['query']>;
/**
 * The query of `GET /v1/optimise`: each parameter as text, a number or a boolean (sent as written), and
 * `stocks` / `angleCuts` also as a list or an object (sent as JSON text). Absent, `undefined` and `null`
 * parameters are left out.
 */
export type OptimiseQuery = {
  readonly [K in keyof GeneratedQuery]?:
    | string
    | number
    | boolean
    | readonly unknown[]
    | object
    | null
    | undefined;
} & { readonly parts: string };
/** The saw list's CSV style: `comma` (default) or `semicolon` (decimal commas and a byte-order mark). */
export type SawListSeparator = 'comma' | 'semicolon';
/** A verified plan with its certificate, statistics and the call's meta. */
export type OptimiseResponse = Schemas['OptimiseResponse'];
export type Plan = Schemas['Plan'];
export type Stats = Schemas['Stats'];
export type Health = Schemas['Health'];
/** `GET /v1/usage`: the caller's tier, every window of it, and its month. */
export type Usage = Schemas['Usage'];
/** The API's error body, `{ error, detail, … }`. */
export type ErrorBody = Schemas['Error'];

type Json200<O extends keyof operations> = operations[O]['responses'] extends {
  200: { content: { 'application/json': infer T } };
}
  ? T
  : never;
/** A page of the workspace's offcut rack (`GET /v1/offcuts`). */
export type RackPage = Json200<'listOffcuts'>;
/** One rack entry. */
export type RackEntry = RackPage['offcuts'][number];
/** The body of `POST /v1/offcuts`. */
export type AddOffcutsRequest = operations['addOffcuts']['requestBody']['content']['application/json'];
/** What `POST /v1/offcuts` answers: the entries made or added to. */
export type AddedOffcuts = Json200<'addOffcuts'>;
/** The fields `PATCH /v1/offcuts/{id}` changes. */
export type OffcutChange = operations['changeOffcut']['requestBody']['content']['application/json'];
/** A booking (`POST /v1/plans/{id}/cut`): the same body on every repeat. */
export type BookingRecord = Json200<'bookPlan'>;

/** An async job (`GET /v1/jobs/{id}`): status, progress while running, the result once succeeded. */
export type Job = Schemas['Job'];
/** The body of `POST /v1/jobs`: the optimise body plus an optional `webhook` URL. */
export type JobRequest = Schemas['JobRequest'];
/** A page of the workspace's jobs (`GET /v1/jobs`), newest first. */
export type JobPage = Json200<'listJobs'>;

/** Which page of jobs `listJobs` reads. */
export interface ListJobsOptions extends CallOptions {
  /** Jobs per page, 1 to 100 (default 20). */
  readonly limit?: number;
  /** The previous page's `nextCursor`. */
  readonly cursor?: string;
}

/** How `waitForJob` waits. */
export interface WaitForJobOptions extends CallOptions {
  /**
   * Seconds to wait for the job to end, all polls included (default 600); past it the call fails with
   * `timeout` and the job goes on (poll it again, or cancel it). Each poll also keeps the client's timeout.
   */
  readonly timeout?: number;
  /** Called with the job after every poll while it is active (its `progress`, for a display). */
  readonly onPoll?: (job: Job) => void;
}

/** Seconds `waitForJob` waits by default. */
export const DEFAULT_JOB_WAIT = 600;

/** Which rack entries `listOffcuts` lists. */
export interface ListOffcutsOptions extends CallOptions {
  /** Only entries of this material tag. */
  readonly material?: string;
  /** Only the untagged entries. */
  readonly untagged?: boolean;
  /** Entries per page, 1 to 500 (default 100). */
  readonly pageSize?: number;
  /** The previous page's `nextPageToken`. */
  readonly pageToken?: string;
}

/**
 * A file's bytes (the plan PDF, a label PDF, ZPL, the saw list's CSV), and what the answer's headers say
 * of its solve: a file has no `meta`, so the budget applied (`X-Time-Limit`, the `meta.timeLimit` of a JSON
 * answer) and, when it is less than the request's `timeLimit`, the value sent (`X-Requested-Time-Limit`)
 * ride on the bytes, as do `X-Request-Id` and the file name the server gave. The extra fields are not
 * enumerable: the value compares and copies as the plain bytes. Text files are bytes too (write them as
 * they are; `new TextDecoder().decode(file)` reads them).
 */
export type PlanFile = Uint8Array & {
  /** Seconds of solve budget applied; undefined when the server sent no `X-Time-Limit`. */
  readonly timeLimit: number | undefined;
  /** The request's `timeLimit` when the budget applied is less (capped by the tier or the route). */
  readonly requestedTimeLimit: number | undefined;
  readonly requestId: string | undefined;
  /** The name in `Content-Disposition`, e.g. `labels-Hall-B.zpl`; undefined when none was sent. */
  readonly fileName: string | undefined;
};
/** The plan PDF's bytes with its solve budget (a {@link PlanFile}). */
export type PlanPdf = PlanFile;

/** Seconds a whole call may take, retries included: longer than the top tier's 300 s solve budget. */
export const DEFAULT_TIMEOUT = 330;
export const DEFAULT_MAX_RETRIES = 2;
/** The longest `Retry-After` worth waiting for, in seconds: a public 429 may say an hour. */
export const DEFAULT_MAX_RETRY_WAIT = 10;
export const DEFAULT_BASE_URL = 'http://localhost:3000';
export const VERSION = '0.1.0';

export interface CutplanClientOptions {
  /** Where the API lives, e.g. the deployed stage's URL; default `http://localhost:3000` (`npm start`). */
  readonly baseUrl?: string;
  /** Sent as `X-API-Key`; without one, calls run on the free public tier. */
  readonly apiKey?: string;
  /** Seconds a whole call may take, retries included (default 330). */
  readonly timeout?: number;
  /** How many times a 429 or 503 is retried (default 2). */
  readonly maxRetries?: number;
  /** A 429 or 503 is retried only when its `Retry-After` is at most this many seconds (default 10). */
  readonly maxRetryWait?: number;
  /** Extra headers on every call. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to use (default the global one). */
  readonly fetch?: typeof fetch;
}

export interface CallOptions {
  /** Aborting rejects the call with the signal's reason (an `AbortError` unless you gave another). */
  readonly signal?: AbortSignal;
  /** Seconds for this call, instead of the client's `timeout`. */
  readonly timeout?: number;
  /**
   * A POST's `Idempotency-Key` (default: a new random one per call, kept across its retries). Pass the
   * key of a call that failed with `timeout` or `network` (`error.idempotencyKey`) to retry it without
   * being charged twice: within 24 hours the server answers with the first call's outcome.
   */
  readonly idempotencyKey?: string;
}

/** Fields of a {@link CutplanError} besides `error`, `detail` and `status`. */
export interface CutplanErrorInit {
  readonly requestId?: string | undefined;
  readonly retryAfterSeconds?: number | undefined;
  readonly body?: unknown;
  readonly cause?: unknown;
  readonly idempotencyKey?: string | undefined;
}

/**
 * Any answer that is not a plan, and any call that got no answer. `error` is the API's short code
 * (`validation`, `badKey`, `partsLimit`, `payloadTooLarge`, `noPlanFound`, `rateLimited`, `busy`,
 * `internal`, …), or `timeout` and `network` when no answer came (then `status` is 0).
 */
export class CutplanError extends Error {
  override readonly name = 'CutplanError';
  /** The API's short code, or `timeout`, `network`, `http` (an answer without the API's error body). */
  readonly error: string;
  /** The API's sentence, naming the offending part, stock, offcut, material or header. */
  readonly detail: string;
  /** The HTTP status (for a failure reported inside a streamed 200, the status the body names); 0 without an answer. */
  readonly status: number;
  /** `X-Request-Id`: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** On 429 and 503: seconds until a retry can succeed. */
  readonly retryAfterSeconds: number | undefined;
  /** The decoded error body as sent (fields a later version of the API adds are kept). */
  readonly body: unknown;
  /** The `Idempotency-Key` the call was sent with (POSTs): retry with it to be charged at most once. */
  idempotencyKey: string | undefined;

  constructor(error: string, detail: string, status: number, init: CutplanErrorInit = {}) {
    super(status === 0 ? `${error}: ${detail}` : `${status} ${error}: ${detail}`, { cause: init.cause });
    this.error = error;
    this.detail = detail;
    this.status = status;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.body = init.body;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/** The file kinds a route answers, and the media type each is asked for with. */
const FILE_TYPES = { pdf: 'application/pdf', zpl: 'application/zpl', csv: 'text/csv' } as const;
type FileKind = keyof typeof FILE_TYPES;

interface Call {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  /** The file the route answers with; absent for JSON. */
  readonly file?: FileKind;
  /** A body sent as is with this Content-Type (the rack's CSV import), instead of JSON. */
  readonly raw?: { readonly type: string; readonly text: string };
  /** False for a call that is not safe to repeat after a 503 (a rack change may have landed). */
  readonly retry?: boolean;
  /** Filled with what the answer's headers said (a job's `Retry-After`, for polling). */
  readonly seen?: { retryAfterSeconds?: number | undefined };
}

const id = (value: string): string => encodeURIComponent(value);

interface Settings {
  readonly baseUrl: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly maxRetryWait: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch: typeof fetch;
}

/** A client of the cutplan API. Calls never share state, so one client serves any number at once. */
export class CutplanClient {
  readonly #settings: Settings;

  constructor(options: CutplanClientOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== undefined) headers['X-API-Key'] = options.apiKey;
    this.#settings = {
      baseUrl: checkedBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL),
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      maxRetryWait: options.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT,
      headers,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
  }

  get baseUrl(): string {
    return this.#settings.baseUrl;
  }

  /** Solves a cut list (`POST /v1/optimise`): the verified plan with its optimality certificate. */
  async optimise(request: OptimiseRequest, options: CallOptions = {}): Promise<OptimiseResponse> {
    const call: Call = { method: 'POST', path: '/v1/optimise', body: request };
    return (await this.#run(call, options)) as OptimiseResponse;
  }

  /** The same solve from a query (`GET /v1/optimise`): a shareable URL's parameters, as text. */
  async optimiseQuery(query: OptimiseQuery, options: CallOptions = {}): Promise<OptimiseResponse> {
    const call: Call = { method: 'GET', path: `/v1/optimise?${queryString(query)}` };
    return (await this.#run(call, options)) as OptimiseResponse;
  }

  /**
   * The print-ready plan (`POST /v1/optimise/pdf`) as the PDF's bytes, with the solve budget applied
   * (`timeLimit`; a file's solve is capped at 240 s) and the one requested when it was capped.
   */
  async optimisePdf(request: PdfRequest, options: CallOptions = {}): Promise<PlanPdf> {
    const call: Call = { method: 'POST', path: '/v1/optimise/pdf', body: request, file: 'pdf' };
    return (await this.#run(call, options)) as PlanPdf;
  }

  /**
   * `GET /v1/usage`: the caller's tier, every window of it (limit, used, remaining, reset) and the month
   * (never counted against limits).
   */
  async usage(options: CallOptions = {}): Promise<Usage> {
    return (await this.#run({ method: 'GET', path: '/v1/usage' }, options)) as Usage;
  }

  /**
   * A page of the workspace's offcut rack (`GET /v1/offcuts`; needs `apiKey`). Pass `nextPageToken` back as
   * `pageToken` for the next page.
   */
  async listOffcuts(options: ListOffcutsOptions = {}): Promise<RackPage> {
    const query = new URLSearchParams();
    if (options.material !== undefined) query.set('material', options.material);
    if (options.untagged === true) query.set('untagged', 'true');
    if (options.pageSize !== undefined) query.set('pageSize', String(options.pageSize));
    if (options.pageToken !== undefined) query.set('pageToken', options.pageToken);
    const path = `/v1/offcuts${query.size === 0 ? '' : `?${query}`}`;
    return (await this.#run({ method: 'GET', path }, options)) as RackPage;
  }

  /**
   * Puts offcuts on the rack (`POST /v1/offcuts`): `offcuts` in every form a request's `offcuts` takes,
   * plus `label` and `location`. Sent with an `Idempotency-Key` and retried under it like the solving
   * POSTs: the server answers a repeated add from the first, so a retried add adds once.
   */
  async addOffcuts(request: AddOffcutsRequest, options: CallOptions = {}): Promise<AddedOffcuts> {
    const call: Call = { method: 'POST', path: '/v1/offcuts', body: request };
    return (await this.#run(call, options)) as AddedOffcuts;
  }

  /** Imports a CSV file of offcuts (columns length, quantity, material, label, location) onto the rack. */
  async importOffcutsCsv(
    csv: string,
    options: CallOptions & { readonly unit?: string } = {},
  ): Promise<AddedOffcuts> {
    const query = options.unit === undefined ? '' : `?unit=${id(options.unit)}`;
    const call: Call = {
      method: 'POST',
      path: `/v1/offcuts${query}`,
      raw: { type: 'text/csv', text: csv },
    };
    return (await this.#run(call, options)) as AddedOffcuts;
  }

  /** Changes a rack entry (`PATCH /v1/offcuts/{id}`); undefined when quantity 0 removed it. */
  async changeOffcut(
    offcutId: string,
    change: OffcutChange,
    options: CallOptions = {},
  ): Promise<RackEntry | undefined> {
    const call: Call = { method: 'PATCH', path: `/v1/offcuts/${id(offcutId)}`, body: change };
    return (await this.#run({ ...call, retry: false }, options)) as RackEntry | undefined;
  }

  /** Removes a rack entry (`DELETE /v1/offcuts/{id}`). */
  async deleteOffcut(offcutId: string, options: CallOptions = {}): Promise<void> {
    await this.#run({ method: 'DELETE', path: `/v1/offcuts/${id(offcutId)}` }, options);
  }

  /**
   * Submits an async job (`POST /v1/jobs`; needs `apiKey`): the job as accepted (`queued`), at once.
   * Sent with an `Idempotency-Key`, so a retried submission makes one job.
   */
  async createJob(request: JobRequest, options: CallOptions = {}): Promise<Job> {
    return (await this.#run({ method: 'POST', path: '/v1/jobs', body: request }, options)) as Job;
  }

  /** An async job (`GET /v1/jobs/{id}`): status, progress while running, `result` once succeeded. Never counted. */
  async getJob(jobId: string, options: CallOptions = {}): Promise<Job> {
    return (await this.#run({ method: 'GET', path: `/v1/jobs/${id(jobId)}` }, options)) as Job;
  }

  /** A page of the workspace's jobs (`GET /v1/jobs`), newest first; pass `nextCursor` back as `cursor`. */
  async listJobs(options: ListJobsOptions = {}): Promise<JobPage> {
    const query = new URLSearchParams();
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.cursor !== undefined) query.set('cursor', options.cursor);
    const path = `/v1/jobs${query.size === 0 ? '' : `?${query}`}`;
    return (await this.#run({ method: 'GET', path }, options)) as JobPage;
  }

  /**
   * Cancels an active job (`DELETE /v1/jobs/{id}`): the job as cancelled (its solve stops, it is
   * refunded); or forgets an ended one: undefined.
   */
  async cancelJob(jobId: string, options: CallOptions = {}): Promise<Job | undefined> {
    return (await this.#run({ method: 'DELETE', path: `/v1/jobs/${id(jobId)}` }, options)) as Job | undefined;
  }

  /**
   * Polls a job until it ends (`succeeded`, `failed` or `cancelled`), waiting between polls as its
   * `Retry-After` says, and answers the ended job (a failed job is answered, not thrown: read `error`).
   * Past `timeout` seconds (default 600) it fails with `timeout`; the job goes on.
   */
  async waitForJob(jobId: string, options: WaitForJobOptions = {}): Promise<Job> {
    const seconds = options.timeout ?? DEFAULT_JOB_WAIT;
    const deadline = Date.now() + seconds * 1000;
    const signal = options.signal ?? new AbortController().signal;
    const stillActive = (status: string) =>
      new CutplanError('timeout', `job ${jobId} is still ${status} after ${seconds} s`, 0, {});
    let status = 'queued';
    for (;;) {
      const seen: { retryAfterSeconds?: number | undefined } = {};
      const left = (deadline - Date.now()) / 1000;
      const { onPoll: _, timeout: __, ...callOptions } = options;
      let job: Job;
      try {
        job = (await this.#run(
          { method: 'GET', path: `/v1/jobs/${id(jobId)}`, seen },
          { ...callOptions, timeout: Math.max(0.001, Math.min(left, this.#settings.timeout)) },
        )) as Job;
      } catch (error) {
        // A poll that ran out of the wait's time: the wait's own timeout, naming the job's last status.
        if (error instanceof CutplanError && error.error === 'timeout' && Date.now() >= deadline - 1) {
          throw stillActive(status);
        }
        throw error;
      }
      status = job.status;
      if (job.status !== 'queued' && job.status !== 'running') return job;
      options.onPoll?.(job);
      const wait = Math.max(0.2, seen.retryAfterSeconds ?? 1);
      if ((deadline - Date.now()) / 1000 < wait) throw stillActive(job.status);
      await sleep(wait, signal);
    }
  }

  /** A plan stored by a solve with `offcuts: "rack"` (`GET /v1/plans/{id}`), as it was answered. */
  async getPlan(planId: string, options: CallOptions = {}): Promise<OptimiseResponse> {
    const call: Call = { method: 'GET', path: `/v1/plans/${id(planId)}` };
    return (await this.#run(call, options)) as OptimiseResponse;
  }

  /** A stored plan's PDF (`GET /v1/plans/{id}/pdf`): the same bytes as when it was made. */
  async planPdf(planId: string, options: CallOptions = {}): Promise<PlanPdf> {
    const call: Call = { method: 'GET', path: `/v1/plans/${id(planId)}/pdf`, file: 'pdf' };
    return (await this.#run(call, options)) as PlanPdf;
  }

  /**
   * Books a stored plan once it is cut (`POST /v1/plans/{id}/cut`): the used offcuts leave the rack, the
   * remnants join it, all or nothing. Safe to repeat: a repeat answers the same record. A `CutplanError`
   * with `error` `offcutsTaken` (409) names the entries that are gone in its body's `taken`.
   */
  async bookPlan(planId: string, options: CallOptions = {}): Promise<BookingRecord> {
    const call: Call = { method: 'POST', path: `/v1/plans/${id(planId)}/cut` };
    return (await this.#run(call, options)) as BookingRecord;
  }

  /** Forgets a stored plan (`DELETE /v1/plans/{id}`). */
  async deletePlan(planId: string, options: CallOptions = {}): Promise<void> {
    await this.#run({ method: 'DELETE', path: `/v1/plans/${id(planId)}` }, options);
  }

  /**
   * A label per cut piece as a PDF (`POST /v1/optimise/labels`): `labelFormat` in the request picks A4
   * sheets of 3 × 8 (default) or one 100 × 50 mm thermal label a page. With the solve budget, as a PDF's.
   */
  async labelsPdf(request: LabelsRequest, options: CallOptions = {}): Promise<PlanFile> {
    const call: Call = { method: 'POST', path: '/v1/optimise/labels', body: request, file: 'pdf' };
    return (await this.#run(call, options)) as PlanFile;
  }

  /** The labels as ZPL for Zebra printers, 100 × 50 mm (`POST /v1/optimise/labels?format=zpl`): UTF-8 bytes. */
  async labelsZpl(request: LabelsRequest, options: CallOptions = {}): Promise<PlanFile> {
    const call: Call = { method: 'POST', path: '/v1/optimise/labels?format=zpl', body: request, file: 'zpl' };
    return (await this.#run(call, options)) as PlanFile;
  }

  /**
   * The saw list (`POST /v1/optimise/csv`): one CSV row per cut, UTF-8 bytes (with a byte-order mark for
   * `separator: 'semicolon'`, as Excel expects in most of Europe).
   */
  async sawList(
    request: SawListRequest,
    options: CallOptions & { readonly separator?: SawListSeparator } = {},
  ): Promise<PlanFile> {
    const query =
      options.separator === undefined ? '' : `?separator=${encodeURIComponent(options.separator)}`;
    const call: Call = { method: 'POST', path: `/v1/optimise/csv${query}`, body: request, file: 'csv' };
    return (await this.#run(call, options)) as PlanFile;
  }

  /** `GET /v1/health`: the service's version and solver (never counted against limits). */
  async health(options: CallOptions = {}): Promise<Health> {
    return (await this.#run({ method: 'GET', path: '/v1/health' }, options)) as Health;
  }

  async #run(call: Call, options: CallOptions): Promise<unknown> {
    const settings = this.#settings;
    const seconds = options.timeout ?? settings.timeout;
    const deadline = Date.now() + seconds * 1000;
    const timer = AbortSignal.timeout(seconds * 1000);
    const signal = options.signal === undefined ? timer : AbortSignal.any([options.signal, timer]);
    // Every POST carries a key, the same on every retry of this call: a retried solve is charged once.
    const idempotencyKey =
      call.method === 'POST' ? (options.idempotencyKey ?? globalThis.crypto.randomUUID()) : undefined;
    const noAnswer = (error: unknown): CutplanError => {
      if (options.signal?.aborted === true) throw options.signal.reason;
      if (timer.aborted)
        return new CutplanError('timeout', timeoutDetail(settings.baseUrl, seconds), 0, {
          idempotencyKey,
        });
      if (error instanceof CutplanError) return error;
      const message = error instanceof Error ? error.message : String(error);
      return new CutplanError('network', `${settings.baseUrl}: ${message}`, 0, {
        cause: error,
        idempotencyKey,
      });
    };
    const headers: Record<string, string> = {
      ...settings.headers,
      Accept: call.file === undefined ? 'application/json' : FILE_TYPES[call.file],
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    if (call.raw !== undefined) headers['Content-Type'] = call.raw.type;
    const body =
      call.raw !== undefined ? call.raw.text : call.body === undefined ? null : JSON.stringify(call.body);
    for (let attempt = 0; ; attempt++) {
      let outcome: unknown;
      try {
        const response = await settings.fetch(`${settings.baseUrl}${call.path}`, {
          method: call.method,
          headers,
          body,
          signal,
        });
        outcome = decode(call, response, new Uint8Array(await response.arrayBuffer()));
        if (call.seen !== undefined) call.seen.retryAfterSeconds = retryAfterOf(response.headers, undefined);
      } catch (error) {
        outcome = noAnswer(error);
      }
      if (!(outcome instanceof CutplanError)) return outcome;
      outcome.idempotencyKey = idempotencyKey;
      // A call whose route keeps no idempotent outcome and may have landed (a rack change) is not
      // sent again after a 503 or a lost connection.
      const wait =
        call.retry === false && (outcome.status === 503 || outcome.error === 'network')
          ? undefined
          : retryWait(outcome, attempt, settings, deadline);
      if (wait === undefined) throw outcome;
      try {
        await sleep(wait, signal);
      } catch (error) {
        throw noAnswer(error);
      }
    }
  }
}

const RETRIED = new Set([429, 503]);

/**
 * The base URL, checked when the client is built: an absolute http(s) URL (a stage URL with its path
 * works), without trailing slashes. Anything else would fail only at the first call, far from its cause.
 */
function checkedBaseUrl(raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      `baseUrl must be an absolute http:// or https:// URL such as http://localhost:3000, got ${JSON.stringify(raw)}`,
    );
  }
  return raw.replace(/\/+$/, '');
}

/** The detail of a `timeout` error, worded as the Python client words it. */
function timeoutDetail(baseUrl: string, seconds: number): string {
  return `no answer from ${baseUrl} within ${seconds} s`;
}

/** A GET query: text as it is, numbers and booleans as JavaScript writes them, lists and objects as JSON. */
function queryString(query: OptimiseQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

/**
 * Seconds to wait before retrying, or undefined to fail now: a 429 or 503 that says when, soon; a
 * connection that broke without an answer (a GET, or a POST under its idempotency key: the server answers
 * a repeat with the first call's outcome) after 0.5, 1, 2 … s; and a 409 `idempotencyInProgress` (the
 * first attempt still solving) after its `Retry-After`, for as long as the call's timeout allows.
 */
function retryWait(
  error: CutplanError,
  attempt: number,
  settings: Settings,
  deadline: number,
): number | undefined {
  const fits = (wait: number) => wait <= settings.maxRetryWait && Date.now() + wait * 1000 < deadline;
  if (error.error === 'idempotencyInProgress') {
    const wait = error.retryAfterSeconds ?? 1;
    return fits(wait) ? Math.max(wait, 0) : undefined;
  }
  if (attempt >= settings.maxRetries) return undefined;
  if (error.error === 'network') {
    const wait = 0.5 * 2 ** attempt;
    return fits(wait) ? wait : undefined;
  }
  const wait = error.retryAfterSeconds;
  if (!RETRIED.has(error.status) || wait === undefined || !fits(wait)) return undefined;
  return Math.max(wait, 0);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** The result of a 200, or the error the answer stands for (returned, not thrown: it may be retried). */
function decode(call: Call, response: Response, bytes: Uint8Array): unknown {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  if (response.status === 204) return undefined;
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  // A streamed answer may begin with whitespace that kept the connection alive.
  let start = 0;
  while (start < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[start] ?? 0)) start++;
  if (response.status === 200 && call.file !== undefined) {
    // A PDF may follow keep-alive white space; ZPL and CSV are sent whole, with their own media type.
    if (call.file === 'pdf' && PDF_MAGIC.every((byte, i) => bytes[start + i] === byte))
      return planFile(bytes.subarray(start), response.headers, requestId);
    if (call.file !== 'pdf' && contentType.includes(call.file))
      return planFile(bytes, response.headers, requestId);
  }
  const text = new TextDecoder().decode(bytes.subarray(start));
  let parsed: unknown;
  if (contentType.includes('json') || text.startsWith('{')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const retryAfterSeconds = retryAfterOf(response.headers, parsed);
  if (isObject(parsed)) {
    // A failure decided after a stream began arrives as a 200 whose body is an error naming its own status.
    const inBand = response.status === 200 && typeof parsed.error === 'string' && !('plan' in parsed);
    // 202: an accepted job (POST /v1/jobs).
    const answered = response.status === 200 || response.status === 202;
    if (answered && !inBand && call.file === undefined) return parsed;
    if (!answered || inBand) {
      const status = inBand ? parsed.status : response.status;
      return new CutplanError(
        typeof parsed.error === 'string' ? parsed.error : 'http',
        typeof parsed.detail === 'string' ? parsed.detail : '',
        typeof status === 'number' ? status : 500,
        { requestId, retryAfterSeconds, body: parsed },
      );
    }
  }
  const excerpt = text.slice(0, 200).trim() || '(empty body)';
  const detail =
    response.status === 200
      ? `an answer the client cannot read (${contentType || 'no Content-Type'}): ${excerpt}`
      : excerpt;
  return new CutplanError('http', detail, response.status, { requestId, retryAfterSeconds });
}

function planFile(bytes: Uint8Array, headers: Headers, requestId: string | undefined): PlanFile {
  const seconds = (name: string): number | undefined => {
    const header = headers.get(name);
    const value = header === null || header.trim() === '' ? Number.NaN : Number(header);
    return Number.isFinite(value) ? value : undefined;
  };
  const fixed = (value: unknown): PropertyDescriptor => ({ value, enumerable: false });
  return Object.defineProperties(bytes, {
    timeLimit: fixed(seconds('x-time-limit')),
    requestedTimeLimit: fixed(seconds('x-requested-time-limit')),
    requestId: fixed(requestId),
    fileName: fixed(fileNameOf(headers.get('content-disposition'))),
  }) as PlanFile;
}

/** The file name of a `Content-Disposition`: its UTF-8 `filename*` when sent, else its `filename`. */
function fileNameOf(disposition: string | null): string | undefined {
  if (disposition === null) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1];
}

function retryAfterOf(headers: Headers, body: unknown): number | undefined {
  if (isObject(body) && typeof body.retryAfterSeconds === 'number') return body.retryAfterSeconds;
  const header = headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max((date - Date.now()) / 1000, 0);
}

function sleep(seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, seconds * 1000);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
