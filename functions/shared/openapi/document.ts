/**
 * The OpenAPI 3.1 document of the API, built from the code that serves it: the route table, the request
 * and response schemas (`schemas.ts`), the query parameters the GET parser takes, the error codes and
 * their statuses, the tiers. `npm run openapi` writes it to `docs/openapi.json`, which `GET
 * /v1/openapi.json` serves; a test rebuilds it and fails when the committed file is not current.
 */

import { QUERY_PARAMETERS } from '../../../core/request/index.ts';
import { EXPOSED_HEADERS } from '../http/cors.ts';
import { ROUTES } from '../routes.ts';
import { TIER_NAMES, TIERS } from '../tiers.ts';
import { JOB_SCHEMA, jobPaths } from './job-paths.ts';
import { OPENAPI_PATH, PLAYGROUND_PATH } from './paths.ts';
import {
  DOC_ERRORS,
  errorResponses,
  FILE_HEADERS,
  GET_SOLVE_ERRORS,
  HEADERS,
  headers,
  IDEMPOTENCY_PARAMETER,
  json,
  KEYED,
  MCP_ERRORS,
  RATE_HEADERS,
  type Refusal,
  ref,
  SOLVE_ERRORS,
} from './responses.ts';
import { schemaComponents } from './schemas.ts';
import { statePaths } from './state-paths.ts';
import { USAGE_SCHEMA } from './usage-schema.ts';
import { WEBHOOK_EVENT_SCHEMA, webhookOperations } from './webhook-schema.ts';

/** Examples for the document, taken from `events/` (see `examples.ts`). */
export interface OpenApiExamples {
  /** Request bodies the parser accepts, by endpoint. */
  readonly requests: readonly {
    name: string;
    endpoint: 'json' | 'pdf' | 'labels' | 'csv';
    summary: string;
    body: unknown;
  }[];
  /** Refused sample events (400, 413): the code and detail the parser gives. */
  readonly refusals: readonly Refusal[];
  /** The query of a GET sample, parameter → value. */
  readonly query: Readonly<Record<string, string>>;
  /** A plan the service returned for the `query` example. */
  readonly response: unknown;
  /** JSON-RPC messages of the MCP sample events. */
  readonly mcp: readonly { name: string; summary: string; body: unknown }[];
}

const PUBLIC = [] as const;

function queryParameters(example: Readonly<Record<string, string>>): unknown[] {
  const described: Readonly<Record<string, string>> = {
    shorthand: 'Shorthand text, as in the body.',
    number: 'A number: optional minus sign, digits with optional decimals, optional exponent.',
    boolean: '`true`, `false`, `1` or `0`.',
    text: 'The value, as in the body.',
    json: 'JSON text of the body field, e.g. `[{"length": 6000, "quantity": 10, "price": 12.5}]`.',
  };
  return Object.entries(QUERY_PARAMETERS).map(([name, kind]) => ({
    name,
    in: 'query',
    required: name === 'parts',
    description: `The body field \`${name}\`. ${described[kind]}`,
    schema:
      kind === 'shorthand'
        ? ref('schemas', 'ShorthandList')
        : kind === 'boolean'
          ? { type: 'string', enum: ['true', 'false', '1', '0'] }
          : { type: 'string' },
    ...(example[name] === undefined ? {} : { example: example[name] }),
  }));
}

/** Builds the document. Pure: the same version and examples give the same document. */
export function buildOpenApiDocument(version: string, examples: OpenApiExamples): Record<string, unknown> {
  const requestExamples = (endpoint: 'json' | 'pdf' | 'labels' | 'csv') =>
    Object.fromEntries(
      examples.requests
        .filter((e) => e.endpoint === endpoint)
        .map((e) => [e.name, { summary: e.summary, value: e.body }]),
    );
  const plan = {
    description:
      'A verified plan. A solve still running 20 s after admission commits this 200 early and sends spaces (JSON whitespace) every 15 s before the body; a failure decided after that arrives in place of the plan as a late failure: the error object with `status`, the HTTP status it would have had (`{"error": "noPlanFound", "detail": "…", "status": 422}`). Read a 200 whose object has `error` and a numeric `status` as that error.',
    headers: headers([...RATE_HEADERS, 'Idempotent-Replayed']),
    content: json(ref('schemas', 'OptimiseResponse'), {
      examples: { query: { summary: 'The plan of the GET example', value: examples.response } },
    }),
  };
  const tiers = TIER_NAMES.map((n) => {
    const t = TIERS[n];
    return `${n}: ${t.maxParts} parts, ${t.maxLines} distinct lines, ${t.budgetSeconds} s budget`;
  }).join('; ');
  const paths: Record<string, unknown> = {
    ...statePaths(plan),
    ...jobPaths(),
    '/v1/optimise': {
      get: {
        operationId: 'optimiseQuery',
        summary: 'Solve a small job sent in the query string',
        description:
          'The query is mapped to a body and read exactly as the POST. Labels, materials and angles on parts need the POST. An unknown or repeated parameter is a 400; an empty value counts as absent.',
        security: KEYED,
        parameters: queryParameters(examples.query),
        responses: { '200': plan, ...errorResponses(GET_SOLVE_ERRORS, examples.refusals) },
      },
      post: {
        operationId: 'optimise',
        summary: 'Solve a cut list',
        description:
          'Returns a verified cutting plan with its optimality certificate. Shorthand is expanded first; a shorthand request and its long form return identical plans.',
        security: KEYED,
        parameters: [IDEMPOTENCY_PARAMETER],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'OptimiseRequest'), { examples: requestExamples('json') }),
        },
        responses: { '200': plan, ...errorResponses(SOLVE_ERRORS, examples.refusals) },
      },
    },
    '/v1/optimise/pdf': {
      post: {
        operationId: 'optimisePdf',
        summary: 'Solve a cut list and return a print-ready PDF',
        description:
          "Page 1: purchase order, costs and the optimality certificate; then saw-operator sheets with running cut positions, labels and a tick box per bar. A key's branding is printed.",
        security: KEYED,
        parameters: [IDEMPOTENCY_PARAMETER],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'PdfRequest'), { examples: requestExamples('pdf') }),
        },
        responses: {
          '200': {
            description:
              'The PDF, `Content-Disposition: inline` with a file name from jobName. Its solve is capped at 240 s whatever the tier, so the file is sent whole (nothing may precede `%PDF-`).',
            headers: headers([...FILE_HEADERS, 'Idempotent-Replayed']),
            content: {
              'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
            },
          },
          ...errorResponses(SOLVE_ERRORS, examples.refusals),
        },
      },
    },
    '/v1/mcp': {
      post: {
        operationId: 'mcp',
        summary: 'The MCP tools (Model Context Protocol over Streamable HTTP, stateless)',
        description:
          "One JSON-RPC message of the Model Context Protocol per POST (both the 2025 `initialize` handshake and 2026-07-28 requests; no sessions, so GET answers 405). Tools: `optimise_cut_list` (arguments: the body of POST /v1/optimise; result: the plan as `structuredContent`, its JSON and a summary) and `cutting_plan_pdf` (arguments: the body of POST /v1/optimise/pdf; result: the PDF as an embedded resource). Each `tools/call` of a tool is admitted and counted like an optimise call: its refusals (401, 413, 429, 503) are HTTP statuses with the error body below, and a call that ends in a tool error (a bad argument, whose text is the 400 `detail`) is not counted. Other messages are never counted. An Origin header must be an http(s) origin (403 otherwise); a keyed call must come from one of its key's origins (401). See docs/mcp.md.",
        security: KEYED,
        requestBody: {
          required: true,
          content: json(
            {
              type: 'object',
              description: 'A JSON-RPC 2.0 request or notification of the Model Context Protocol.',
              required: ['jsonrpc', 'method'],
              properties: {
                jsonrpc: { const: '2.0' },
                id: { type: ['string', 'integer'] },
                method: { type: 'string', examples: ['initialize', 'tools/list', 'tools/call'] },
                params: { type: 'object' },
              },
            },
            {
              examples: Object.fromEntries(
                examples.mcp.map((e) => [e.name, { summary: e.summary, value: e.body }]),
              ),
            },
          ),
        },
        responses: {
          '200': {
            description:
              'The JSON-RPC response (a tool error is a result with `isError: true`). A tools/call carries the X-RateLimit headers.',
            headers: headers(RATE_HEADERS),
            content: json({
              type: 'object',
              description: 'A JSON-RPC 2.0 response: `result` (for tools/call, a CallToolResult) or `error`.',
              required: ['jsonrpc', 'id'],
              properties: {
                jsonrpc: { const: '2.0' },
                id: { type: ['string', 'integer', 'null'] },
                result: { type: 'object' },
                error: { type: 'object' },
              },
            }),
          },
          '202': { description: 'A notification, accepted.', headers: headers([]) },
          // The parser's 400s are tool errors here; the other refusals read as on the optimise routes.
          ...errorResponses(
            MCP_ERRORS,
            examples.refusals.filter((r) => r.error !== 'validation'),
          ),
        },
      },
    },
    '/v1/optimise/labels': {
      post: {
        operationId: 'optimiseLabels',
        summary: 'Solve a cut list and return a label per cut piece',
        description:
          "One label per cut piece in saw order (the saw sheets' layout order, bars one after another, pieces from the zero end): job, piece label, length in the request's unit and unitFormat, both angles when mitred, bar, layout, piece and position, and a Code 128 barcode of the piece id `B<bar>P<piece>`. A PDF on A4 sheets of 3 × 8 labels or 100 × 50 mm thermal labels (labelFormat), or ZPL for Zebra printers with `?format=zpl` (100 × 50 mm at 203 dpi; text outside Latin-1 as ^GFA bitmaps). Admitted and counted like the PDF.",
        security: KEYED,
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description: '`pdf` (default) or `zpl`.',
            schema: { type: 'string', enum: ['pdf', 'zpl'] },
          },
          IDEMPOTENCY_PARAMETER,
        ],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'LabelsRequest'), { examples: requestExamples('labels') }),
        },
        responses: {
          '200': {
            description:
              'The labels: a PDF (`inline`) or ZPL text (`attachment`), named after jobName (`labels-<jobName>.pdf|zpl`).',
            headers: headers([...FILE_HEADERS, 'Idempotent-Replayed']),
            content: {
              'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
              'application/zpl': { schema: { type: 'string' } },
            },
          },
          ...errorResponses(SOLVE_ERRORS, examples.refusals),
        },
      },
    },
    '/v1/optimise/csv': {
      post: {
        operationId: 'optimiseCsv',
        summary: 'Solve a cut list and return the saw list as CSV',
        description:
          "One row per cut, layouts in the saw sheets' order, RFC 4180 with CRLF line ends. Columns: layout, copies, cut, position, top, bottom, piece, label, material, length, leftAngle, rightAngle, remnant, source, barLength, note (more may be added at the end). Positions are from the bar's zero end, exactly as on the saw sheet: `position` for a square cut, `top` and `bottom` for a mitre. Cells starting with `=`, `+`, `-` or `@` get a leading apostrophe. `?separator=semicolon` writes `;`, decimal commas and a UTF-8 byte-order mark, for Excel in most of Europe.",
        security: KEYED,
        parameters: [
          {
            name: 'separator',
            in: 'query',
            required: false,
            description: '`comma` (default) or `semicolon`.',
            schema: { type: 'string', enum: ['comma', 'semicolon'] },
          },
          IDEMPOTENCY_PARAMETER,
        ],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'SawListRequest'), { examples: requestExamples('csv') }),
        },
        responses: {
          '200': {
            description:
              'The saw list, `Content-Disposition: attachment; filename="saw-list-<jobName>.csv"` (`saw-list.csv` without a jobName).',
            headers: headers([...FILE_HEADERS, 'Idempotent-Replayed']),
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses(SOLVE_ERRORS, examples.refusals),
        },
      },
    },
    '/v1/usage': {
      get: {
        operationId: 'usage',
        summary: 'Where the caller stands: every window of its tier and its month',
        description:
          "Never counted. With a key: the key's tier, its windows and its calendar month (UTC): `used`, calls counted and answered, and `refunded`, calls admitted then refunded (failed or without a plan). Without a key: the public tier's windows for the caller's IP address; `month.used` is the IP's monthly counter and `refunded` is null (not kept per IP).",
        security: KEYED,
        responses: {
          '200': { description: 'The usage.', headers: headers([]), content: json(ref('schemas', 'Usage')) },
          ...errorResponses(['validation', 'badKey', 'headersTooLarge', 'internal', 'busy'], []),
        },
      },
    },
    '/v1/health': {
      get: {
        operationId: 'health',
        summary: 'Health and version',
        description: 'Needs no key; never counted.',
        security: PUBLIC,
        responses: {
          '200': { description: 'Healthy.', headers: headers([]), content: json(ref('schemas', 'Health')) },
          ...errorResponses(DOC_ERRORS, []),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        description: 'Public, cacheable for an hour, never counted.',
        security: PUBLIC,
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: headers([]),
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          ...errorResponses(DOC_ERRORS, []),
        },
      },
    },
    [PLAYGROUND_PATH]: {
      get: {
        operationId: 'playground',
        summary: 'The playground page',
        description:
          'A web page to paste a cut list and see, print and download the plan. Opened with the query of GET /v1/optimise (`/?parts=2400x4,1150x6&stock=6000&kerf=3`) it solves at once. Public, cacheable, never counted.',
        security: PUBLIC,
        responses: {
          '200': {
            description: 'The page.',
            headers: headers([]),
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          ...errorResponses(DOC_ERRORS, []),
        },
      },
    },
  };
  const served = new Set(Object.keys(paths));
  const missing = ROUTES.map((r) => r.path).filter((p) => !served.has(p));
  if (missing.length > 0) throw new Error(`the OpenAPI document does not describe ${missing.join(', ')}`);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'cutplan',
      version,
      summary: 'Cutting-plan optimisation: proven-optimal 1D cutting plans as JSON and print-ready PDFs.',
      description: [
        'Every plan is verified against the request before it is returned; `plan.optimal` is true only when no better plan exists.',
        'Requests are stateless: a call that does not name the offcut rack, sends no `Idempotency-Key` and is not an async job, stores nothing. Keyed calls may keep a rack of offcuts per workspace (`/v1/offcuts`) and solve against it with `"offcuts": "rack"`; such a plan is stored for its workspace (`/v1/plans/{id}`) for booking and printing. The outcome of a solving POST sent with an `Idempotency-Key` is kept 24 hours for its caller, to answer its retries; an async job (`/v1/jobs`) keeps its input and result for its workspace for 7 days (docs/api.md). Calls without a key run on the free public tier (30 per hour and 250 per month per IP address); an `X-API-Key` lifts the limits.',
        `Size caps and solve budgets by tier: ${tiers}.`,
        'Responses are open: fields are added, never removed, so clients must ignore fields they do not know.',
        `Browser code may read these headers: ${EXPOSED_HEADERS}.`,
        'Decisions the specification leaves open are in docs/api.md.',
      ].join('\n\n'),
    },
    // Relative to this document (`…/v1/openapi.json`): the API's base, with or without a stage prefix.
    servers: [{ url: '..', description: 'The service that served this document' }],
    security: KEYED,
    paths,
    webhooks: webhookOperations(),
    components: {
      schemas: {
        ...schemaComponents(),
        Usage: USAGE_SCHEMA,
        Job: JOB_SCHEMA,
        WebhookEvent: WEBHOOK_EVENT_SCHEMA,
      },
      headers: HEADERS,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            "A paid tier's key, `cp_live_<keyId>_<secret>`. Omit the header for the public tier; an empty or bad key is a 401. From a browser, the page's origin must be on the key's list, or be the service's own.",
        },
      },
    },
  };
}
