/** The synthesised stack, asserted offline: one synthesis shared by every assertion of this file. */
import { describe, expect, it } from 'vitest';
import {
  emfLine,
  OPTIMISE_HEADROOM_MS,
  PDF_BUDGET_CAP_SECONDS,
  PDF_HEADROOM_MS,
} from '../functions/handlers/index.ts';
import { JOB_QUEUE_MS, JOB_RUN_GRACE_MS } from '../functions/shared/jobs/jobs.ts';
import { readLimitsConfig } from '../functions/shared/limits/config.ts';
import { apiKeyKey, counterKey, poolSlotsKey } from '../functions/shared/limits/table.ts';
import { fontDirectory } from '../functions/shared/real-pdf.ts';
import { matchRoute, ROUTES } from '../functions/shared/routes.ts';
import { workspacePk } from '../functions/shared/stored/dynamo-body-store.ts';
import { streamOptionsOf } from '../functions/shared/streaming.ts';
import { emfDocument } from '../functions/shared/telemetry.ts';
import { TIER_NAMES, TIERS } from '../functions/shared/tiers.ts';
import {
  apiRoutes,
  asList,
  type CfnResource,
  type Json,
  ofType,
  prop,
  referencedIds,
  refId,
  resolveRefs,
  roleGrants,
  routeRequest,
  synthesise,
} from '../test/support/stack.ts';
import { FUNCTION_NAMES, type FunctionName } from './bundles.ts';
import { WAF_RATE_LIMIT_PER_5_MIN } from './constructs/cutplan-api.ts';
import {
  ADMISSION_SLACK_SECONDS,
  BUFFERED_INTEGRATION_LIMIT_SECONDS,
  FUNCTION_TABLE,
  JOB_WORKER_TIMEOUT_SECONDS,
  ROUTE_TABLE,
  type RouteRow,
  STAGE_THROTTLE,
  STREAM_IDLE_LIMIT_SECONDS,
  STREAM_LIMIT_SECONDS,
} from './route-table.ts';
import { JOB_PARTITIONS, STATE_PARTITIONS, WRITABLE_PARTITIONS } from './stack.ts';

const { resources, functionIds, tableId, template } = synthesise();
const fn = (name: FunctionName): CfnResource => {
  const resource = resources[functionIds[name]];
  if (resource === undefined) throw new Error(`no function ${name}`);
  return resource;
};
/** A function's environment variables (none: an empty record, CloudFormation then omits the property). */
const envOf = (name: FunctionName): Record<string, Json> =>
  prop<{ Variables: Record<string, Json> } | undefined>(fn(name), 'Environment')?.Variables ?? {};
const routes = apiRoutes(resources);
const nameOfFunction = (id: string | undefined) =>
  FUNCTION_NAMES.find((name) => functionIds[name] === id) ?? `not a function (${id})`;

const maxBudgetSeconds = Math.max(...TIER_NAMES.map((t) => TIERS[t].budgetSeconds));

describe('API routes', () => {
  const routeCases = ROUTES.flatMap((route) =>
    Object.entries(route.methods).map(([method, target]) => ({ method, path: route.path, target })),
  );

  it.each(routeCases)('sends $method $path to the $target function', ({ method, path, target }) => {
    const matches = routes.filter((r) => r.path === path && r.method === method);
    expect(matches).toHaveLength(1);
    expect(matches[0]?.integrationType).toBe('AWS_PROXY');
    expect(nameOfFunction(matches[0]?.functionId)).toBe(target);
  });

  it('has ANY and {proxy+} on every route resource and its parents, all to the fallback', () => {
    for (const path of ['/', '/v1', '/v1/optimise', '/v1/optimise/pdf', '/v1/health']) {
      const proxy = `${path === '/' ? '' : path}/{proxy+}`;
      for (const p of [path, proxy]) {
        const any = routes.filter((r) => r.path === p && r.method === 'ANY');
        expect(
          any.map((r) => nameOfFunction(r.functionId)),
          p,
        ).toEqual(['fallback']);
      }
    }
  });

  it('defines no method beyond the route table and the fallback catch-alls', () => {
    const explicit = routes.filter((r) => r.method !== 'ANY');
    expect(explicit).toHaveLength(routeCases.length);
    expect(routes.every((r) => r.integrationType === 'AWS_PROXY')).toBe(true);
  });

  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
  const paths = [
    '/',
    '/v1',
    '/v1/optimise',
    '/v1/optimise/pdf',
    '/v1/optimise/pdf/extra',
    '/v1/optimise/other',
    '/v1/health',
    '/v1/health/deep/er',
    '/v2/optimise',
    '/favicon.ico',
  ];
  const requests = methods.flatMap((method) => paths.map((path) => ({ method, path })));

  it.each(requests)(
    '$method $path reaches the function the route table names, else the fallback',
    ({ method, path }) => {
      const match = matchRoute(method, path);
      const expected = match.kind === 'function' ? match.target : 'fallback';
      expect(nameOfFunction(routeRequest(routes, method, path))).toBe(expected);
    },
  );

  it.each([
    'optimise',
    'optimise-pdf',
    'optimise-labels',
    'optimise-csv',
    'mcp',
    'health',
    'usage',
    'fallback',
  ] as const)('lets the API invoke %s', (name) => {
    const [[apiId] = []] = ofType(resources, 'AWS::ApiGateway::RestApi');
    const grants = ofType(resources, 'AWS::Lambda::Permission').filter(
      ([, p]) => refId(prop(p, 'FunctionName')) === functionIds[name],
    );
    expect(grants.length).toBeGreaterThan(0);
    for (const [, p] of grants) {
      expect(prop(p, 'Principal')).toBe('apigateway.amazonaws.com');
      expect(prop(p, 'Action')).toBe('lambda:InvokeFunction');
      expect(referencedIds(prop(p, 'SourceArn')).has(apiId ?? '')).toBe(true);
    }
  });

  it.each([
    ['REQUEST_TOO_LARGE', '413', 'payloadTooLarge'],
    ['THROTTLED', '503', 'busy'],
    ['DEFAULT_4XX', '400', 'validation'],
    ['DEFAULT_5XX', '500', 'internal'],
  ])(
    "answers API Gateway's own %s as %s {error: %s, detail}, readable from any page",
    (type, status, code) => {
      const responses = ofType(resources, 'AWS::ApiGateway::GatewayResponse').filter(
        ([, r]) => prop(r, 'ResponseType') === type,
      );
      expect(responses).toHaveLength(1);
      const [[, response] = []] = responses;
      if (response === undefined) return;
      expect(prop(response, 'StatusCode')).toBe(status);
      expect(prop<Record<string, string>>(response, 'ResponseParameters')).toMatchObject({
        'gatewayresponse.header.Access-Control-Allow-Origin': "'*'",
      });
      const template = prop<Record<string, string>>(response, 'ResponseTemplates')['application/json'] ?? '';
      expect(template).toMatch(new RegExp(`^\\{"error":"${code}","detail":.+\\}$`));
      // With the context variables filled in, the template is JSON of the contract's shape.
      const filled = template
        .replace('$context.error.messageString', '"Missing Authentication Token"')
        .replace('$context.requestId', 'rid-1');
      expect(JSON.parse(filled)).toEqual({ error: code, detail: expect.any(String) });
    },
  );

  it('is a regional REST API with binary media types */* and a prod stage', () => {
    const [[, api] = []] = ofType(resources, 'AWS::ApiGateway::RestApi');
    expect(api && prop(api, 'Name')).toBe('Cutplan');
    expect(api && prop(api, 'EndpointConfiguration')).toEqual({ Types: ['REGIONAL'] });
    expect(api && prop(api, 'BinaryMediaTypes')).toEqual(['*/*']);
    const stages = ofType(resources, 'AWS::ApiGateway::Stage').map(([, s]) => prop(s, 'StageName'));
    expect(stages).toEqual(['prod']);
  });
});

describe('limits table', () => {
  const table = resources[tableId];

  it('has string keys pk and sk, on-demand billing, TTL on expiresAt and point-in-time recovery', () => {
    expect(table?.Type).toBe('AWS::DynamoDB::Table');
    const p = (name: string) => (table === undefined ? undefined : prop(table, name));
    expect(p('KeySchema')).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(p('AttributeDefinitions')).toEqual([
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ]);
    expect(p('BillingMode')).toBe('PAY_PER_REQUEST');
    expect(p('TimeToLiveSpecification')).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    expect(p('PointInTimeRecoverySpecification')).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p('GlobalSecondaryIndexes')).toBeUndefined();
  });

  it('is kept when the stack is deleted or the table replaced', () => {
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(table?.UpdateReplacePolicy).toBe('Retain');
    expect(table && prop(table, 'DeletionProtectionEnabled')).toBe(true);
  });
});

describe('functions', () => {
  it.each(FUNCTION_NAMES)('%s runs Node.js 24 on arm64, no NODE_OPTIONS, a 30-day log group', (name) => {
    const f = fn(name);
    expect(prop(f, 'Runtime')).toBe('nodejs24.x');
    expect(prop(f, 'Architectures')).toEqual(['arm64']);
    expect(prop(f, 'Handler')).toBe('index.handler');
    // The bundle maps its own stack traces lazily (functions/shared/source-maps.ts); Node's
    // --enable-source-maps would read every map at load.
    expect(envOf(name).NODE_OPTIONS).toBeUndefined();
    const logGroupId = refId(prop<Record<string, Json>>(f, 'LoggingConfig').LogGroup);
    const logGroup = logGroupId === undefined ? undefined : resources[logGroupId];
    expect(logGroup?.Type).toBe('AWS::Logs::LogGroup');
    expect(logGroup && prop(logGroup, 'RetentionInDays')).toBe(30);
  });

  it.each(['optimise', 'optimise-pdf', 'optimise-labels', 'optimise-csv', 'mcp'] as const)(
    '%s gets one full vCPU (1769 MB)',
    (name) => {
      expect(prop(fn(name), 'MemorySize')).toBe(1769);
    },
  );

  it.each(['optimise', 'optimise-pdf', 'optimise-labels', 'optimise-csv', 'mcp', 'usage'] as const)(
    '%s reads the table the stack created',
    (name) => {
      const config = readLimitsConfig(resolveRefs(envOf(name)));
      expect(config.tableName).toBe(`<ref ${tableId}>`);
      expect(config.endpoint).toBeUndefined();
    },
  );

  it.each(['optimise-pdf', 'optimise-labels', 'mcp'] as const)(
    '%s reads its fonts from beside its bundle',
    (name) => {
      expect(fontDirectory(resolveRefs(envOf(name)))).toBe('/var/task');
    },
  );

  it.each(['health', 'fallback', 'synthetic-check'] as const)('%s is not told the table name', (name) => {
    expect(envOf(name).TABLE_NAME).toBeUndefined();
  });
});

describe('the route table: transfer, timeouts, throttles, concurrency (infra/route-table.ts)', () => {
  const timeoutOf = (name: FunctionName) => prop<number>(fn(name), 'Timeout');
  const methodOf = (row: RouteRow) => {
    const found = routes.filter((r) => r.path === row.path && r.method === row.method);
    expect(found, `${row.method} ${row.path}`).toHaveLength(1);
    return found[0] as (typeof routes)[number];
  };

  it('has one row per method of the route table, serving the same function', () => {
    const fromRoutes = ROUTES.flatMap((route) =>
      Object.entries(route.methods).map(([method, target]) => `${method} ${route.path} → ${target}`),
    );
    const fromTable = ROUTE_TABLE.map((row) => `${row.method} ${row.path} → ${row.target}`);
    expect([...fromTable].sort()).toEqual([...fromRoutes].sort());
  });

  it.each(ROUTE_TABLE)('$method $path streams exactly when it solves', (row) => {
    const method = methodOf(row);
    const solves = row.budgetSeconds > 0;
    expect(row.transfer).toBe(solves ? 'stream' : 'buffered');
    // The function's entry answers through the streaming edge exactly when its integration streams.
    expect(streamOptionsOf(row.target) !== undefined).toBe(solves);
    expect(method.transferMode).toBe(solves ? 'STREAM' : 'BUFFERED');
    expect(method.uri).toContain(solves ? '/response-streaming-invocations' : '/invocations');
  });

  it.each(ROUTE_TABLE.filter((row) => row.transfer === 'stream'))(
    '$method $path: its function runs for its budget ($budgetSeconds s) plus headroom and admission, and the API waits longer',
    (row) => {
      const functionMs = timeoutOf(row.target) * 1000;
      expect(functionMs).toBeGreaterThanOrEqual(
        row.budgetSeconds * 1000 + row.headroomMs + ADMISSION_SLACK_SECONDS * 1000,
      );
      const waitMs = methodOf(row).timeoutMs ?? 29_000;
      expect(waitMs).toBeGreaterThan(functionMs);
      expect(waitMs).toBeLessThanOrEqual(STREAM_LIMIT_SECONDS * 1000);
    },
  );

  it('covers the 300 s tier on both optimise methods, with no quota setting', () => {
    expect(maxBudgetSeconds).toBe(300);
    for (const method of ['GET', 'POST']) {
      const row = ROUTE_TABLE.find((r) => r.method === method && r.path === '/v1/optimise');
      expect(row?.budgetSeconds).toBe(300);
      expect(timeoutOf('optimise')).toBeGreaterThanOrEqual(300 + OPTIMISE_HEADROOM_MS / 1000);
    }
  });

  it('caps the PDF solve so admission, solve and rendering end inside the 5-minute idle limit', () => {
    const row = ROUTE_TABLE.find((r) => r.target === 'optimise-pdf');
    expect(row?.budgetSeconds).toBe(PDF_BUDGET_CAP_SECONDS);
    // The function's whole run (its timeout) ends before the stream could idle out, with time to spare.
    expect(timeoutOf('optimise-pdf')).toBeLessThanOrEqual(STREAM_IDLE_LIMIT_SECONDS - 30);
    expect(PDF_HEADROOM_MS).toBeGreaterThanOrEqual(3_000);
  });

  it('has no buffered integration above 29 s, fallback included', () => {
    const buffered = routes.filter((r) => r.transferMode !== 'STREAM');
    expect(buffered.length).toBeGreaterThan(0);
    for (const r of buffered)
      expect(r.timeoutMs ?? 29_000, `${r.method} ${r.path}`).toBeLessThanOrEqual(29_000);
    for (const name of ['health', 'usage', 'docs', 'fallback'] as const) {
      expect(timeoutOf(name)).toBeLessThan(BUFFERED_INTEGRATION_LIMIT_SECONDS);
    }
  });

  it('gives the synthetic check time for its two calls', () => {
    const perCall = Number(envOf('synthetic-check').SYNTHETIC_TIMEOUT_MS);
    expect(perCall).toBeGreaterThan(0);
    expect(timeoutOf('synthetic-check') * 1000).toBeGreaterThan(2 * perCall);
  });

  const [[, stage] = []] = ofType(resources, 'AWS::ApiGateway::Stage');
  const settings = prop<Record<string, Json>[]>(stage as CfnResource, 'MethodSettings');

  it('throttles the stage as a whole', () => {
    expect(settings).toContainEqual(
      expect.objectContaining({
        HttpMethod: '*',
        ResourcePath: '/*',
        ThrottlingRateLimit: STAGE_THROTTLE.rate,
        ThrottlingBurstLimit: STAGE_THROTTLE.burst,
      }),
    );
  });

  it.each(ROUTE_TABLE)('throttles $method $path at its own rate and burst, inside the stage', (row) => {
    const path = row.path === '/' ? '/' : `/${row.path.replaceAll('/', '~1')}`;
    expect(settings).toContainEqual(
      expect.objectContaining({
        HttpMethod: row.method,
        ResourcePath: path,
        ThrottlingRateLimit: row.throttle.rate,
        ThrottlingBurstLimit: row.throttle.burst,
      }),
    );
    expect(row.throttle.rate).toBeLessThanOrEqual(STAGE_THROTTLE.rate);
    expect(row.throttle.burst).toBeLessThanOrEqual(STAGE_THROTTLE.burst);
  });

  it.each(FUNCTION_NAMES)('%s has the memory and reserved concurrency of its table row', (name) => {
    expect(prop(fn(name), 'MemorySize')).toBe(FUNCTION_TABLE[name].memoryMb);
    const reserved = fn(name).Properties?.ReservedConcurrentExecutions;
    expect(reserved ?? null).toBe(FUNCTION_TABLE[name].reservedConcurrency);
  });

  it('reserves room for the public pool and every paid tier at full concurrency', () => {
    const reserved = FUNCTION_TABLE.optimise.reservedConcurrency ?? 0;
    expect(reserved).toBeGreaterThanOrEqual(TIERS.public.concurrency + TIERS.scale.concurrency);
    // Lambda keeps 100 of the account's default 1,000 unreserved; the stack stays well inside the rest.
    const total = FUNCTION_NAMES.reduce((sum, n) => sum + (FUNCTION_TABLE[n].reservedConcurrency ?? 0), 0);
    expect(total).toBeLessThanOrEqual(900);
  });
});

describe('IAM', () => {
  const roleOf = (name: FunctionName) => refId(prop(fn(name), 'Role')) ?? '';
  const logGroupOf = (name: FunctionName) =>
    refId(prop<Record<string, Json>>(fn(name), 'LoggingConfig').LogGroup);
  const dynamoStatements = (name: FunctionName) =>
    roleGrants(resources, roleOf(name)).statements.filter((s) =>
      asList(s.Action).some((a) => String(a).startsWith('dynamodb:')),
    );

  // The solving routes (MCP aside) keep idempotent outcomes: they also delete (an in-flight lease).
  it.each([
    ['optimise', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
    ['optimise-pdf', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
    ['optimise-labels', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
    ['optimise-csv', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
    ['rack', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
    ['plans', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
  ] as const)(
    '%s may read any item, update counters, slots and workspace state, and put (%s) workspace state only, never a key record',
    (name, stateActions) => {
      const statements = dynamoStatements(name);
      const table = [{ 'Fn::GetAtt': [tableId, 'Arn'] }];
      expect(statements).toEqual([
        { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: table },
        {
          Effect: 'Allow',
          Action: 'dynamodb:UpdateItem',
          Resource: table[0],
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...WRITABLE_PARTITIONS] } },
        },
        {
          Effect: 'Allow',
          Action: stateActions,
          Resource: table[0],
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...STATE_PARTITIONS] } },
        },
      ]);
    },
  );

  it.each(['jobs', 'job-worker'] as const)(
    '%s may also put, delete, update and query jobs and their sweep index (ws#*, jobs#*), never a key record',
    (name) => {
      const table = { 'Fn::GetAtt': [tableId, 'Arn'] };
      // Beside the webhooks' grants (grantWebhooks, tested with the webhook-retry function).
      expect(dynamoStatements(name)).toEqual(
        expect.arrayContaining([
          { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: [table] },
          {
            Effect: 'Allow',
            Action: 'dynamodb:UpdateItem',
            Resource: table,
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...WRITABLE_PARTITIONS] } },
          },
          {
            Effect: 'Allow',
            Action: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
            Resource: table,
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...STATE_PARTITIONS] } },
          },
          {
            Effect: 'Allow',
            Action: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
            Resource: table,
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...JOB_PARTITIONS] } },
          },
        ]),
      );
      // No write reaches a key record.
      for (const statement of dynamoStatements(name)) {
        expect(JSON.stringify(statement)).not.toContain('key#');
      }
    },
  );

  it('mcp may read any item, update counters, slots and workspace state, put workspace state, and write jobs (start_job)', () => {
    const table = { 'Fn::GetAtt': [tableId, 'Arn'] };
    const statements = dynamoStatements('mcp');
    expect(statements).toEqual(
      expect.arrayContaining([
        { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: [table] },
        {
          Effect: 'Allow',
          Action: 'dynamodb:PutItem',
          Resource: table,
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...STATE_PARTITIONS] } },
        },
        {
          Effect: 'Allow',
          Action: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
          Resource: table,
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...JOB_PARTITIONS] } },
        },
      ]),
    );
    for (const statement of statements) expect(JSON.stringify(statement)).not.toContain('key#');
    expect(referencedIds(envOf('mcp').JOB_WORKER_FUNCTION)).toEqual(new Set([functionIds['job-worker']]));
  });

  it('usage may only read the table', () => {
    expect(dynamoStatements('usage')).toEqual([
      { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: [{ 'Fn::GetAtt': [tableId, 'Arn'] }] },
    ]);
  });

  const matchesAny = (patterns: readonly string[], pk: string) =>
    patterns.some((pattern) => new RegExp(`^${pattern.replace('*', '.*')}$`).test(pk));
  const matches = (pk: string) => matchesAny(WRITABLE_PARTITIONS, pk);

  it('the rack, stored plans and idempotent outcomes live in workspace partitions, which hold no key record', () => {
    expect(matchesAny(STATE_PARTITIONS, workspacePk('acme'))).toBe(true);
    // A public caller's idempotent outcomes: its IP's own workspace partition.
    expect(matchesAny(STATE_PARTITIONS, workspacePk('ip:203.0.113.7'))).toBe(true);
    expect(matches(workspacePk('acme'))).toBe(true);
    expect(matchesAny(STATE_PARTITIONS, apiKeyKey('k1').pk)).toBe(false);
    expect(matchesAny(STATE_PARTITIONS, counterKey({ kind: 'key', keyId: 'k1' }, 'w').pk)).toBe(false);
  });

  it('the partitions the admitter writes are writable; a key record is not', () => {
    const key = { kind: 'key', keyId: 'k1' } as const;
    const ip = { kind: 'ip', ip: '203.0.113.7' } as const;
    for (const written of [
      counterKey(key, 'w'),
      counterKey(ip, 'w'),
      poolSlotsKey({ kind: 'key', keyId: 'k1' }),
      poolSlotsKey({ kind: 'public' }),
    ]) {
      expect(matches(written.pk), written.pk).toBe(true);
    }
    expect(matches(apiKeyKey('k1').pk)).toBe(false);
  });

  it.each(['health', 'fallback', 'synthetic-check'] as const)('%s has no table access', (name) => {
    expect(dynamoStatements(name)).toEqual([]);
  });

  it.each(FUNCTION_NAMES)(
    '%s may otherwise only write to its own log group, and has no managed policy',
    (name) => {
      const { statements, managedPolicies } = roleGrants(resources, roleOf(name));
      const others = statements.filter(
        (s) =>
          !dynamoStatements(name).includes(s) &&
          // The jobs function invokes the worker; the worker's role sends its failed events to the
          // dead-letter queue (Lambda's on-failure destination acts with the function's role).
          !((name === 'jobs' || name === 'mcp') && s.Action === 'lambda:InvokeFunction') &&
          !(name === 'job-worker' && JSON.stringify(s.Resource).includes('JobDeadLetters')),
      );
      expect(others).toEqual([
        {
          Effect: 'Allow',
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logGroupOf(name), 'Arn'] },
        },
      ]);
      expect(managedPolicies).toBeUndefined();
    },
  );
});

describe('async jobs', () => {
  const [[queueId, queue] = []] = ofType(resources, 'AWS::SQS::Queue');
  const invokeConfigs = ofType(resources, 'AWS::Lambda::EventInvokeConfig').filter(
    ([, c]) => refId(prop(c, 'FunctionName')) === functionIds['job-worker'],
  );

  it('has a worker function whose timeout ends before a job lease passes', () => {
    expect(prop(fn('job-worker'), 'Timeout')).toBe(JOB_WORKER_TIMEOUT_SECONDS);
    expect(JOB_WORKER_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(maxBudgetSeconds);
    expect(JOB_WORKER_TIMEOUT_SECONDS * 1000).toBeLessThan(maxBudgetSeconds * 1000 + JOB_RUN_GRACE_MS);
    expect(envOf('job-worker').TABLE_NAME).toBeDefined();
  });

  it('is invoked asynchronously: no retry, events kept 15 minutes, failures to the dead-letter queue', () => {
    expect(invokeConfigs).toHaveLength(1);
    const [[, config] = []] = invokeConfigs;
    expect(config && prop(config, 'MaximumRetryAttempts')).toBe(0);
    expect(config && prop(config, 'MaximumEventAgeInSeconds')).toBe(JOB_QUEUE_MS / 1000);
    const onFailure =
      config && prop<{ OnFailure: { Destination: Json } }>(config, 'DestinationConfig').OnFailure;
    expect(JSON.stringify(onFailure?.Destination)).toContain(queueId);
  });

  it('lets the jobs function invoke the worker, whose name it is given, and nothing else invoke it but the sweep', () => {
    expect(referencedIds(envOf('jobs').JOB_WORKER_FUNCTION)).toEqual(new Set([functionIds['job-worker']]));
    const jobsRole = refId(prop(fn('jobs'), 'Role')) ?? '';
    const invoke = roleGrants(resources, jobsRole).statements.filter(
      (s) => s.Action === 'lambda:InvokeFunction',
    );
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0]?.Resource)).toContain(functionIds['job-worker']);
    const [[sweepId, sweep] = []] = ofType(resources, 'AWS::Events::Rule').filter(([id]) =>
      id.startsWith('JobSweep'),
    );
    const targets = sweep ? prop<Record<string, Json>[]>(sweep, 'Targets') : [];
    expect(targets.map((t) => refId(t.Arn))).toEqual([functionIds['job-worker']]);
    expect(JSON.parse(String(targets[0]?.Input))).toEqual({ kind: 'sweep' });
    const grants = ofType(resources, 'AWS::Lambda::Permission')
      .filter(([, p]) => refId(prop(p, 'FunctionName')) === functionIds['job-worker'])
      .map(([, p]) => ({ principal: prop(p, 'Principal'), source: refId(prop(p, 'SourceArn')) }));
    expect(grants).toEqual([{ principal: 'events.amazonaws.com', source: sweepId }]);
  });

  it('keeps the dead letters 14 days over TLS only, and alarms on any of them', () => {
    expect(queue && prop(queue, 'MessageRetentionPeriod')).toBe(14 * 86_400);
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(prop(a, 'Dimensions') ?? []).includes(queueId ?? '?'),
    );
    expect(alarms).toHaveLength(1);
    const [[, a] = []] = alarms;
    expect(a && prop(a, 'MetricName')).toBe('ApproximateNumberOfMessagesVisible');
    expect(a && prop(a, 'Threshold')).toBe(1);
    expect(a && prop(a, 'ComparisonOperator')).toBe('GreaterThanOrEqualToThreshold');
    const [[topicId] = []] = ofType(resources, 'AWS::SNS::Topic');
    expect(prop<Json[]>(a as CfnResource, 'AlarmActions').map(refId)).toEqual([topicId]);
  });
});

describe('synthetic check', () => {
  it('runs every 5 minutes, once per run', () => {
    const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) =>
      prop<Record<string, Json>[]>(r, 'Targets').some((t) => refId(t.Arn) === functionIds['synthetic-check']),
    );
    expect(rules).toHaveLength(1);
    const [[, rule] = []] = rules;
    expect(rule && prop(rule, 'ScheduleExpression')).toBe('rate(5 minutes)');
    expect(rule && prop(rule, 'State')).toBe('ENABLED');
    const targets = rule ? prop<Record<string, Json>[]>(rule, 'Targets') : [];
    expect(targets.map((t) => refId(t.Arn))).toEqual([functionIds['synthetic-check']]);
    const retries = ofType(resources, 'AWS::Lambda::EventInvokeConfig')
      .map(([, c]) => ({ fn: refId(prop(c, 'FunctionName')), retries: prop(c, 'MaximumRetryAttempts') }))
      .filter((c) => c.fn === functionIds['synthetic-check']);
    expect(retries).toEqual([{ fn: functionIds['synthetic-check'], retries: 0 }]);
  });

  it('may be invoked by the schedule and nothing else', () => {
    const [[ruleId] = []] = ofType(resources, 'AWS::Events::Rule').filter(([, r]) =>
      prop<Record<string, Json>[]>(r, 'Targets').some((t) => refId(t.Arn) === functionIds['synthetic-check']),
    );
    const grants = ofType(resources, 'AWS::Lambda::Permission')
      .filter(([, p]) => refId(prop(p, 'FunctionName')) === functionIds['synthetic-check'])
      .map(([, p]) => ({ principal: prop(p, 'Principal'), source: refId(prop(p, 'SourceArn')) }));
    expect(grants).toEqual([{ principal: 'events.amazonaws.com', source: ruleId }]);
  });

  it('calls the API this stack deploys', () => {
    const url = envOf('synthetic-check').API_BASE_URL;
    const [[apiId] = []] = ofType(resources, 'AWS::ApiGateway::RestApi');
    const [[stageId] = []] = ofType(resources, 'AWS::ApiGateway::Stage');
    expect(referencedIds(url)).toEqual(new Set([apiId, stageId]));
    expect(JSON.stringify(url)).toContain('https://');
  });
});

describe('alarms', () => {
  const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a);
  const alarm = (metricName: string) => {
    const found = alarms.filter((a) => {
      const metrics = prop<Record<string, Json>[] | undefined>(a, 'Metrics') ?? [];
      const inner = metrics.map(
        (m) => (m.MetricStat as { Metric?: { MetricName?: string } })?.Metric?.MetricName,
      );
      return prop(a, 'MetricName') === metricName || inner.includes(metricName);
    });
    expect(found, metricName).toHaveLength(1);
    return found[0] as CfnResource;
  };

  it('alarm when the synthetic check reports failure, or nothing at all', () => {
    const a = alarm('SyntheticSuccess');
    // The metric the alarm watches is the one the check writes.
    const emf = JSON.parse(emfLine({ success: false, latencyMs: 1, failures: ['x'] }, 0));
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(prop(a, 'Namespace')).toBe(directive.Namespace);
    expect(directive.Metrics.map((m: { Name: string }) => m.Name)).toContain(prop(a, 'MetricName'));
    expect(prop(a, 'Dimensions')).toEqual(
      directive.Dimensions[0].map((d: string) => ({ Name: d, Value: emf[d] })),
    );
    expect(emf.SyntheticSuccess).toBe(0);
    expect(prop(a, 'ComparisonOperator')).toBe('LessThanThreshold');
    expect(prop(a, 'Threshold')).toBe(1);
    expect(prop(a, 'Statistic')).toBe('Minimum');
    expect(prop(a, 'TreatMissingData')).toBe('breaching');
  });

  it('alarm on the API 5xx rate', () => {
    const a = alarm('5XXError');
    expect(prop(a, 'Namespace')).toBe('AWS/ApiGateway');
    expect(prop(a, 'Dimensions')).toEqual([{ Name: 'ApiName', Value: 'Cutplan' }]);
    expect(prop(a, 'Statistic')).toBe('Average');
    expect(prop(a, 'Threshold')).toBeGreaterThan(0);
    expect(prop(a, 'Threshold')).toBeLessThan(1);
  });

  it('alarm on throttles of every function that serves a route, at most 10 metrics an alarm', () => {
    const throttleAlarms = alarms.filter((x) =>
      (prop<Record<string, Json>[] | undefined>(x, 'Metrics') ?? []).some(
        (m) => (m.MetricStat as { Metric?: { MetricName?: string } })?.Metric?.MetricName === 'Throttles',
      ),
    );
    expect(throttleAlarms.length).toBeGreaterThan(1); // more functions than one alarm may watch
    const throttled: string[] = [];
    for (const a of throttleAlarms) {
      const metrics = prop<Record<string, Json>[]>(a, 'Metrics');
      const watched = metrics.flatMap((m) => [...referencedIds(m.MetricStat)]);
      expect(watched.length).toBeLessThanOrEqual(10);
      throttled.push(...watched);
      expect(metrics.find((m) => m.ReturnData !== false)?.Expression).toBe('SUM(METRICS())');
      expect(prop(a, 'ComparisonOperator')).toBe('GreaterThanOrEqualToThreshold');
      expect(prop(a, 'Threshold')).toBe(1);
    }
    const { 'synthetic-check': _, 'webhook-retry': __, ...served } = functionIds;
    expect(throttled).toHaveLength(Object.keys(served).length);
    expect(new Set(throttled)).toEqual(new Set(Object.values(served)));
  });

  it('alarm on the API p99 latency', () => {
    const a = alarm('Latency');
    expect(prop(a, 'Namespace')).toBe('AWS/ApiGateway');
    expect(prop(a, 'ExtendedStatistic')).toBe('p99');
    expect(prop(a, 'ComparisonOperator')).toBe('GreaterThanThreshold');
  });

  it('alarm on the busy share, from the metric every request line writes', () => {
    const a = alarm('Busy');
    const record = { requestId: 'r', route: 'POST /v1/optimise', status: 503, durationMs: 1, bodyBytes: 0 };
    const emf = JSON.parse(emfDocument({ ...record, errorCode: 'busy' }, 0));
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(prop(a, 'Namespace')).toBe(directive.Namespace);
    // The alarm reads the per-service dimension set, so every route and tier counts.
    expect(directive.Dimensions).toContainEqual(['service']);
    expect(prop(a, 'Dimensions')).toEqual([{ Name: 'service', Value: emf.service }]);
    expect(emf.Busy).toBe(1);
    expect(prop(a, 'Statistic')).toBe('Average');
    expect(prop(a, 'Threshold')).toBeGreaterThan(0);
    expect(prop(a, 'Threshold')).toBeLessThan(1);
  });

  it('the alarm topic refuses publishers without TLS', () => {
    const [[, policy] = []] = ofType(resources, 'AWS::SNS::TopicPolicy');
    expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
  });

  it('a dashboard shows the alarms, the request metrics and the synthetic check', () => {
    const [[, dashboard] = []] = ofType(resources, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(prop(dashboard as CfnResource, 'DashboardBody'));
    for (const metric of [
      'Calls',
      'Refused',
      'Busy',
      'ServerErrors',
      'NoPlanFound',
      'AdmissionMs',
      'SolveMs',
      'Proven',
    ]) {
      expect(body).toContain(`\\"${metric}\\"`);
    }
    expect(body).toContain('SyntheticSuccess');
    expect(body).toContain('alarm');
  });

  it('every alarm notifies the alarm topic when it fires and when it clears', () => {
    const [[topicId] = []] = ofType(resources, 'AWS::SNS::Topic');
    expect(alarms).toHaveLength(7); // synthetic, 5XX, latency, busy, and two throttle alarms (10 metrics each at most)
    for (const a of alarms) {
      expect(prop<Json[]>(a, 'AlarmActions').map(refId)).toEqual([topicId]);
      expect(prop<Json[]>(a, 'OKActions').map(refId)).toEqual([topicId]);
    }
  });
});

describe('API logging and the web ACL', () => {
  it('writes JSON access logs and error execution logs, never bodies', () => {
    const [[, stage] = []] = ofType(resources, 'AWS::ApiGateway::Stage');
    const format = JSON.parse(prop<{ Format: string }>(stage as CfnResource, 'AccessLogSetting').Format);
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    const settings = prop<Record<string, Json>[]>(stage as CfnResource, 'MethodSettings');
    expect(settings).toContainEqual(
      expect.objectContaining({ LoggingLevel: 'ERROR', DataTraceEnabled: false, HttpMethod: '*' }),
    );
    // A method's own settings (its throttle) replace the stage's for it, so each repeats the logging.
    for (const setting of settings) {
      expect(setting).toMatchObject({ LoggingLevel: 'ERROR', DataTraceEnabled: false, MetricsEnabled: true });
    }
  });

  it('has no web ACL unless asked, and then one with a per-IP rate rule on the stage', () => {
    expect(ofType(resources, 'AWS::WAFv2::WebACL')).toHaveLength(0);
    const withAcl = synthesise({ webAcl: true }).resources;
    const [[aclId, acl] = []] = ofType(withAcl, 'AWS::WAFv2::WebACL');
    const rules = prop<{ Statement: { RateBasedStatement: Json } }[]>(acl as CfnResource, 'Rules');
    expect(rules[0]?.Statement.RateBasedStatement).toEqual({
      Limit: WAF_RATE_LIMIT_PER_5_MIN,
      AggregateKeyType: 'IP',
    });
    const [[, association] = []] = ofType(withAcl, 'AWS::WAFv2::WebACLAssociation');
    expect(referencedIds(prop(association as CfnResource, 'WebACLArn'))).toEqual(new Set([aclId]));
    expect(JSON.stringify(prop(association as CfnResource, 'ResourceArn'))).toMatch(
      /\/stages\/",\{"Ref":"HttpApiDeploymentStageprod/,
    );
  });
});

describe('outputs', () => {
  it('gives the API URL and the table name', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: Json }>;
    expect(refId(outputs.TableName?.Value)).toBe(tableId);
    expect(JSON.stringify(outputs.ApiUrl?.Value)).toContain('execute-api');
  });
});
