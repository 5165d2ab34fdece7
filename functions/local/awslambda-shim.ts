/**
 * A stand-in for the Lambda Node.js runtime's `awslambda` global, for `npm run invoke` and the tests:
 * `streamifyResponse` marks a handler as streaming, and `HttpResponseStream.from` writes the same wire
 * format the runtime sends API Gateway (a JSON prelude with status and headers, eight NUL bytes, then the
 * body). {@link invokeStreaming} runs a marked handler and reads that format back, noting when each
 * chunk arrived, so a test sees what API Gateway would.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type {
  AwsLambdaGlobal,
  LambdaResponseStream,
  ResponsePrelude,
  StreamingHandler,
} from '../shared/http/lambda-stream.ts';
import type { LambdaContextLike } from '../shared/http/request.ts';

const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
const DELIMITER = new Uint8Array(8);

/** The runtime's stream: records every write; `from` puts the prelude before the first. */
class RecordingStream implements LambdaResponseStream {
  readonly writes: { readonly atMs: number; readonly bytes: Buffer }[] = [];
  beforeFirstWrite: ((write: (chunk: Uint8Array | string) => void) => void) | undefined;
  ended = false;
  private readonly now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }

  write(chunk: Uint8Array | string): boolean {
    if (this.ended) throw new Error('write after end');
    const hook = this.beforeFirstWrite;
    this.beforeFirstWrite = undefined;
    hook?.((c) => this.record(c));
    this.record(chunk);
    return true;
  }

  end(callback?: () => void): void {
    this.ended = true;
    callback?.();
  }

  private record(chunk: Uint8Array | string): void {
    this.writes.push({ atMs: this.now(), bytes: Buffer.from(chunk) });
  }
}

export const awsLambdaShim: AwsLambdaGlobal = {
  streamifyResponse: (handler) => Object.assign(handler, { [STREAMING]: 'response' }),
  HttpResponseStream: {
    from: (stream, prelude) => {
      if (!(stream instanceof RecordingStream)) throw new Error('not a stream of this shim');
      stream.beforeFirstWrite = (write) => {
        write(JSON.stringify(prelude));
        write(DELIMITER);
      };
      return stream;
    },
  },
};

/**
 * Installs the shim on `globalThis.awslambda` unless a runtime is already there. The object may exist
 * without the runtime (the SDK's invoke store creates it for its own use), so the shim is added to it.
 */
export function installAwsLambdaShim(): void {
  const g = globalThis as unknown as { awslambda?: Partial<AwsLambdaGlobal> };
  if (typeof g.awslambda?.streamifyResponse === 'function') return;
  g.awslambda = Object.assign(g.awslambda ?? {}, awsLambdaShim);
}

/** Whether an entry's `handler` is a streaming one (marked by `streamifyResponse`). */
export function isStreamingHandler(handler: unknown): handler is StreamingHandler {
  return typeof handler === 'function' && STREAMING in handler;
}

export interface StreamedResponse {
  readonly prelude: ResponsePrelude;
  /** The body as API Gateway would pass it on. */
  readonly body: Buffer;
  /** Each body write and when it came (the shim's clock), the prelude's excluded. */
  readonly chunks: readonly { readonly atMs: number; readonly bytes: Buffer }[];
}

/** Runs a streaming handler as the runtime would and decodes what it sent. */
export async function invokeStreaming(
  handler: StreamingHandler,
  event: APIGatewayProxyEvent,
  context: LambdaContextLike,
  now: () => number = () => performance.now(),
): Promise<StreamedResponse> {
  const stream = new RecordingStream(now);
  await handler(event, stream, context);
  if (!stream.ended) throw new Error('the handler returned without ending its stream');
  return decodeStream(stream.writes);
}

/** Splits the runtime's wire format: JSON prelude, eight NULs, body. */
export function decodeStream(writes: readonly { atMs: number; bytes: Buffer }[]): StreamedResponse {
  const raw = Buffer.concat(writes.map((w) => w.bytes));
  const cut = raw.indexOf(Buffer.from(DELIMITER));
  if (cut < 0) throw new Error('no prelude: the stream was not opened with HttpResponseStream.from');
  const prelude = JSON.parse(raw.subarray(0, cut).toString('utf8')) as ResponsePrelude;
  let offset = 0;
  const chunks: { atMs: number; bytes: Buffer }[] = [];
  for (const w of writes) {
    const start = Math.max(offset, cut + DELIMITER.length);
    const end = offset + w.bytes.length;
    if (end > start) chunks.push({ atMs: w.atMs, bytes: w.bytes.subarray(start - offset) });
    offset = end;
  }
  return { prelude, body: raw.subarray(cut + DELIMITER.length), chunks };
}

/** A streamed answer in the buffered result's shape (binary bodies base64), for tools that print or compare. */
export function asProxyResult(streamed: StreamedResponse): {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
} {
  const type = Object.entries(streamed.prelude.headers).find(
    ([n]) => n.toLowerCase() === 'content-type',
  )?.[1];
  // A declared charset marks text too (the ZPL labels: application/zpl; charset=utf-8).
  const text = type === undefined || /^(application\/json|text\/)|;\s*charset=/i.test(type);
  return {
    statusCode: streamed.prelude.statusCode,
    headers: { ...streamed.prelude.headers },
    body: streamed.body.toString(text ? 'utf8' : 'base64'),
    isBase64Encoded: !text,
  };
}

/**
 * Calls a Lambda entry's `handler` as the runtime would, streaming or not, and returns the buffered
 * result's shape either way.
 */
export async function invokeEntry(
  handler: unknown,
  event: APIGatewayProxyEvent,
  context: LambdaContextLike,
): Promise<ReturnType<typeof asProxyResult>> {
  if (isStreamingHandler(handler)) return asProxyResult(await invokeStreaming(handler, event, context));
  if (typeof handler !== 'function') throw new Error('the entry exports no handler');
  const result = (await handler(event, context)) as Partial<ReturnType<typeof asProxyResult>>;
  // A function that is not behind the API (the job worker) answers what it likes: shown as its body.
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    return { statusCode: 0, headers: {}, body: JSON.stringify(result ?? null), isBase64Encoded: false };
  }
  return {
    statusCode: result.statusCode ?? 0,
    headers: { ...result.headers },
    body: result.body ?? '',
    isBase64Encoded: result.isBase64Encoded === true,
  };
}
