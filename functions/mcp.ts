/**
 * Lambda entry for `POST /v1/mcp` (the MCP tools), streamed with keep-alive like optimise. The renderers
 * (pdf-lib, fonts, bwip-js) load on the first PDF or labels.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

// HiGHS's wasm compiles on V8's background threads while this thread loads the rest (see the module).
const highsWasm = startHighsCompile(import.meta.url);
const [
  { makeMcpHandler },
  { streamingLambda },
  { lazyPdfRenderer },
  { lazyLabelsRenderer },
  { sawListCsv },
  { solveServices },
  { STREAMED },
  { jobsDeps },
  { lambdaJobQueue },
  { jobWebhooks },
  { createWebhookDeps },
  { createDynamoClient, readLimitsConfig },
  { LambdaClient },
] = await Promise.all([
  import('./handlers/mcp-handler.ts'),
  import('./shared/http/lambda-stream.ts'),
  import('./shared/real-pdf.ts'),
  import('./shared/real-labels.ts'),
  import('../core/saw-list/index.ts'),
  import('./shared/services.ts'),
  import('./shared/streaming.ts'),
  import('./shared/jobs/compose.ts'),
  import('./shared/jobs/lambda-queue.ts'),
  import('./shared/jobs/webhooks-adapter.ts'),
  import('./shared/webhooks/index.ts'),
  import('./shared/limits/index.ts'),
  import('@aws-sdk/client-lambda'),
]);

const services = await solveServices({ highsWasm });
// start_job hands jobs to the worker function, as the jobs function does.
const config = readLimitsConfig(process.env);
const client = createDynamoClient(config);
const worker = process.env.JOB_WORKER_FUNCTION;
const jobs =
  worker === undefined || worker === ''
    ? undefined
    : {
        ...jobsDeps({
          client,
          tableName: config.tableName,
          admitter: services.admitter,
          log: services.log,
          webhooks: jobWebhooks(
            createWebhookDeps({ client, tableName: config.tableName, allowPrivate: false }),
          ),
        }),
        queue: lambdaJobQueue(new LambdaClient({}), worker),
      };

export const handler = streamingLambda(
  makeMcpHandler({
    ...services,
    ...(jobs === undefined ? {} : { jobs }),
    renderPdf: lazyPdfRenderer(),
    renderLabels: lazyLabelsRenderer(),
    renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
  }),
  STREAMED.mcp,
);
