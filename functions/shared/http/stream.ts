/**
 * The streaming edge: runs an {@link ApiHandler} and sends its answer to a {@link StreamSink} (Lambda's
 * response stream, a local HTTP response, `npm run invoke`'s buffer), beside the buffered edge that
 * returns the whole result to API Gateway. The same code runs in Lambda, under `npm start` and under
 * `npm run invoke`.
 *
 * A call that ends quickly is sent as it is: status, headers, body. A long solve keeps its stream alive:
 * once the call is admitted and {@link KeepAlive.firstMs} have passed without an answer, the edge commits
 * a 200 with the headers a success carries and writes a space every {@link KeepAlive.everyMs} (JSON
 * allows whitespace before a value). From then on the status is fixed: a success's body follows the
 * spaces; a failure decided later (no plan found, a verifier failure) is written as a *late failure*,
 * the error object with the status it would have had: `{"error", "detail", "status"}` and no `plan`
 * (docs/api.md, "Long solves and late failures"). Refusals (400, 401, 413, 429, 503) come before
 * admission, so they are always plain, complete answers.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Progress } from './progress.ts';
import { JSON_CONTENT_TYPE } from './reply.ts';
import type { LambdaContextLike } from './request.ts';
import type { ApiHandler } from './serve.ts';

export { readStreamedJson } from './streamed-json.ts';

/** Where a streamed answer goes. `head` is called exactly once, before any `write`. */
export interface StreamSink {
  head(status: number, headers: Readonly<Record<string, string>>): void;
  write(chunk: Uint8Array): void;
  end(): Promise<void>;
}

/** When keep-alive whitespace starts and how often it follows, in ms of the edge's clock. */
export interface KeepAlive {
  readonly firstMs: number;
  readonly everyMs: number;
}

/**
 * JSON routes: the first space after 20 s (most solves have answered by then, and proxies commonly drop
 * a connection idle for 60 s), then one every 15 s: far inside the stream's 5-minute idle limit.
 */
export const JSON_KEEP_ALIVE: KeepAlive = { firstMs: 20_000, everyMs: 15_000 };

export interface StreamOptions {
  /** null: no bytes before the answer (a PDF must begin with `%PDF-`). */
  readonly keepAlive: KeepAlive | null;
  /** Monotonic ms; `performance.now` by default (a test clock in tests). */
  readonly now?: () => number;
  /**
   * Also beat on a timer, for when the event loop is free while the handler waits (a solve in a worker
   * thread under `npm start`, an await in Lambda). A synchronous solve blocks timers; the solver's clock
   * readings beat then. Default true.
   */
  readonly timer?: boolean;
}

const KEEP_ALIVE_BYTE = new Uint8Array([0x20]);

/** Runs `handler` on `event` and streams its answer into `sink`. Never throws for a handler's failure. */
export async function streamAnswer(
  handler: ApiHandler,
  event: APIGatewayProxyEvent,
  context: LambdaContextLike | undefined,
  sink: StreamSink,
  options: StreamOptions,
): Promise<void> {
  const now = options.now ?? (() => performance.now());
  const gate = keepAliveGate(sink, options.keepAlive, now);
  const timer =
    options.keepAlive === null || options.timer === false
      ? undefined
      : setInterval(gate.progress.beat, Math.min(1_000, options.keepAlive.everyMs));
  timer?.unref();
  let result: APIGatewayProxyResult;
  try {
    result = await handler(event, {
      getRemainingTimeInMillis: () => context?.getRemainingTimeInMillis() ?? Number.NaN,
      progress: gate.progress,
    });
  } finally {
    clearInterval(timer);
    gate.close();
  }
  const body = Buffer.from(result.body, result.isBase64Encoded === true ? 'base64' : 'utf8');
  if (!gate.committed()) {
    sink.head(result.statusCode, stringHeaders(result.headers));
    // Written even when empty: Lambda's stream sends its head with the first write.
    sink.write(body);
  } else if (result.statusCode === 200) {
    sink.write(body);
  } else {
    sink.write(Buffer.from(lateFailureBody(result.statusCode, body.toString('utf8'))));
  }
  await sink.end();
}

/**
 * The body of a failure decided after a 200 was committed: the error object the failure's own answer
 * carries (`error`, `detail`, and any extras), with `status` set to the HTTP status it would have had.
 */
export function lateFailureBody(status: number, errorBody: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(errorBody);
  } catch {
    parsed = undefined;
  }
  const error =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { error: 'internal', detail: 'internal error' };
  const { plan: _plan, ...rest } = error;
  return JSON.stringify({ ...rest, status });
}

interface Gate {
  readonly progress: Progress;
  committed(): boolean;
  close(): void;
}

/** Commits the 200 and writes keep-alive bytes when due; inert without keep-alive or before admission. */
function keepAliveGate(sink: StreamSink, keepAlive: KeepAlive | null, now: () => number): Gate {
  let headers: Readonly<Record<string, string>> | null = null;
  let nextAt = Number.POSITIVE_INFINITY;
  let committed = false;
  let open = true;
  return {
    progress: {
      admitted: (successHeaders) => {
        if (keepAlive === null || !open) return;
        headers = { ...successHeaders, 'Content-Type': JSON_CONTENT_TYPE };
        nextAt = now() + keepAlive.firstMs;
      },
      beat: () => {
        if (!open || headers === null || keepAlive === null) return;
        const t = now();
        if (t < nextAt) return;
        if (!committed) {
          sink.head(200, headers);
          committed = true;
        }
        sink.write(KEEP_ALIVE_BYTE);
        nextAt = t + keepAlive.everyMs;
      },
      committed: () => committed,
    },
    committed: () => committed,
    close: () => {
      open = false;
    },
  };
}

function stringHeaders(headers: APIGatewayProxyResult['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name, String(value)]));
}
