/**
 * The Lambda side of the streaming edge: an {@link ApiHandler} as a response-streaming function
 * (`awslambda.streamifyResponse`, status and headers through `awslambda.HttpResponseStream.from`), for
 * API Gateway integrations in `STREAM` mode. The `awslambda` global is the Node.js runtime's; outside
 * Lambda, `functions/local/awslambda-shim.ts` installs a stand-in that speaks the same wire format.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { LambdaContextLike } from './request.ts';
import type { ApiHandler } from './serve.ts';
import { type StreamOptions, type StreamSink, streamAnswer } from './stream.ts';

/** The part of the runtime's response stream the edge uses (a Node writable underneath). */
export interface LambdaResponseStream {
  write(chunk: Uint8Array): boolean;
  end(callback?: () => void): void;
  /** Node's writable `uncork`: flushes a corked socket now rather than on the next tick. */
  uncork?(): void;
}

/** The metadata API Gateway reads before the body. */
export interface ResponsePrelude {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
}

export type StreamingHandler = (
  event: APIGatewayProxyEvent,
  responseStream: LambdaResponseStream,
  context: LambdaContextLike,
) => Promise<void>;

/** The runtime's `awslambda` global, as far as the edge uses it. */
export interface AwsLambdaGlobal {
  streamifyResponse(handler: StreamingHandler): unknown;
  readonly HttpResponseStream: {
    from(stream: LambdaResponseStream, prelude: ResponsePrelude): LambdaResponseStream;
  };
}

/** The runtime's global, or a clear error where there is none (run it through `npm run invoke`). */
export function awsLambdaGlobal(): AwsLambdaGlobal {
  const runtime = (globalThis as unknown as { awslambda?: Partial<AwsLambdaGlobal> }).awslambda;
  // The SDK's invoke store may create the object outside Lambda; only the runtime gives it these.
  if (typeof runtime?.streamifyResponse !== 'function' || runtime.HttpResponseStream === undefined) {
    throw new Error(
      'no awslambda global: this entry runs in the Lambda Node.js runtime, or under npm run invoke / npm start',
    );
  }
  return runtime as AwsLambdaGlobal;
}

/** `handler` as Lambda's streaming entry point. */
export function streamingLambda(handler: ApiHandler, options: StreamOptions): unknown {
  const runtime = awsLambdaGlobal();
  return runtime.streamifyResponse(async (event, responseStream, context) => {
    // The solve holds this thread, so its clock readings beat (progress.ts); the timer covers the awaits.
    await streamAnswer(handler, event, context, lambdaSink(runtime, responseStream), options);
  });
}

/** A sink over the runtime's response stream. */
export function lambdaSink(runtime: AwsLambdaGlobal, responseStream: LambdaResponseStream): StreamSink {
  let stream: LambdaResponseStream | undefined;
  const opened = (): LambdaResponseStream => {
    if (stream === undefined) throw new Error('the stream was written before its head');
    return stream;
  };
  return {
    head: (statusCode, headers) => {
      stream = runtime.HttpResponseStream.from(responseStream, { statusCode, headers });
    },
    write: (chunk) => {
      const s = opened();
      s.write(chunk);
      // Node's HTTP client corks the socket until the next tick; during a synchronous solve there is no
      // next tick, so flush now to get the keep-alive bytes onto the wire.
      s.uncork?.();
    },
    end: () =>
      new Promise<void>((resolve) => {
        (stream ?? responseStream).end(resolve);
      }),
  };
}
