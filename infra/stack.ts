/**
 * The cutplan stack: the limits table, the six functions from our bundles, the REST API wired from the
 * route table, the scheduled synthetic check and the alarms. Decisions are explained in
 * docs/operations.md, "Deployment and alarms".
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { TTL_ATTRIBUTE } from '../functions/shared/limits/table.ts';
import { BUNDLE_FILE, bundleDir, type FunctionName } from './bundles.ts';
import { CutplanAlarms } from './constructs/cutplan-alarms.ts';
import { CutplanApi } from './constructs/cutplan-api.ts';
import { CutplanDashboard } from './constructs/cutplan-dashboard.ts';
import { CutplanFunction, seconds } from './constructs/cutplan-function.ts';
import {
  FUNCTION_TABLE,
  functionTimeoutSeconds,
  JOB_EVENT_MAX_AGE_SECONDS,
  ROUTE_TABLE,
  STAGE_THROTTLE,
  SYNTHETIC_CALL_TIMEOUT_MS,
  SYNTHETIC_FUNCTION_TIMEOUT_SECONDS,
  WEBHOOK_DRAIN_SECONDS,
  WEBHOOK_RETRY_EVERY_MINUTES,
  WEBHOOK_RETRY_TIMEOUT_SECONDS,
} from './route-table.ts';

/**
 * The partitions a solving function may write: counters and slots (`ip#…`, `pool#…`, `use#<keyId>`) and
 * workspaces' stored state (`ws#<workspace>`: the rack, stored plans and their booking marks), never a
 * key record (`key#<keyId>`), which it only reads. See `functions/shared/limits/table.ts` and
 * `functions/shared/stored/`.
 */
export const WRITABLE_PARTITIONS = ['ip#*', 'pool#*', 'use#*', 'ws#*'] as const;

/** The partitions of workspaces' stored state: plans are put there (and the rack routes delete there). */
export const STATE_PARTITIONS = ['ws#*'] as const;

/** Where Lambda unpacks a function's bundle; the PDF function's fonts sit beside its `index.mjs`. */
export const LAMBDA_TASK_ROOT = '/var/task';

/**
 * Where webhook deliveries write: delivery records in workspace partitions and the due index
 * (`whdue#<day>`). A key's signing secret is made in its `use#<keyId>` partition (functions/shared/webhooks/).
 */
export const WEBHOOK_PARTITIONS = ['ws#*', 'whdue#*'] as const;

export const SYNTHETIC_SCHEDULE = Duration.minutes(5);
export const WEBHOOK_RETRY_SCHEDULE = Duration.minutes(WEBHOOK_RETRY_EVERY_MINUTES);

/** How often the job worker sweeps for jobs whose worker died (ending them `failed`, refunded). */
export const JOB_SWEEP_SCHEDULE = Duration.minutes(5);

/** The partitions of the jobs' sweep index (`jobs#live`): written by the jobs and worker functions. */
export const JOB_PARTITIONS = ['ws#*', 'jobs#*'] as const;

export interface CutplanStackProps extends StackProps {
  /** A function's code; by default its bundle in `dist/` (`npm run build`). */
  readonly code?: (name: FunctionName) => lambda.Code;
  /** Subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /** Name of a Secrets Manager secret holding an API key the synthetic check calls with. */
  readonly syntheticKeySecret?: string;
  /** Put a WAFv2 web ACL with a per-IP rate rule in front of the API (it costs money, so it is opt-in). */
  readonly webAcl?: boolean;
  /**
   * Reserve each function's concurrency from the route table (default true). `false` for an account whose
   * Lambda concurrency quota cannot spare it (Lambda keeps 100 unreserved).
   */
  readonly reservedConcurrency?: boolean;
}

export class CutplanStack extends Stack {
  readonly table: dynamodb.Table;
  readonly functions: Readonly<Record<FunctionName, CutplanFunction>>;
  readonly api: CutplanApi;
  readonly alarms: CutplanAlarms;
  readonly dashboard: CutplanDashboard;
  /** Where the worker's failed or too-old job events go. */
  readonly jobDeadLetters: sqs.Queue;
  readonly jobDeadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: CutplanStackProps = {}) {
    super(scope, id, props);
    const code = props.code ?? distCode;

    this.table = new dynamodb.Table(this, 'Limits', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // API keys are the one thing in the table that cannot be rebuilt.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    const tableEnv = { TABLE_NAME: this.table.tableName };

    // Timeout, memory and reserved concurrency of every function come from infra/route-table.ts.
    const reserve = props.reservedConcurrency !== false;
    const routeFunction = (
      id: string,
      name: Exclude<FunctionName, 'synthetic-check' | 'job-worker'>,
      description: string,
      environment?: Record<string, string>,
    ) =>
      new CutplanFunction(this, id, {
        name,
        description,
        code: code(name),
        memoryMb: FUNCTION_TABLE[name].memoryMb,
        reservedConcurrency: reserve ? FUNCTION_TABLE[name].reservedConcurrency : null,
        timeout: seconds(functionTimeoutSeconds(name)),
        ...(environment === undefined ? {} : { environment }),
      });
    const optimise = routeFunction('Optimise', 'optimise', 'GET and POST /v1/optimise (streamed)', tableEnv);
    const pdf = routeFunction('OptimisePdf', 'optimise-pdf', 'POST /v1/optimise/pdf (streamed)', {
      ...tableEnv,
      CUTPLAN_FONT_DIR: LAMBDA_TASK_ROOT,
    });
    const mcp = routeFunction('Mcp', 'mcp', 'POST /v1/mcp (the MCP tools over Streamable HTTP, streamed)', {
      ...tableEnv,
      CUTPLAN_FONT_DIR: LAMBDA_TASK_ROOT,
    });
    const labels = routeFunction('OptimiseLabels', 'optimise-labels', 'POST /v1/optimise/labels (streamed)', {
      ...tableEnv,
      CUTPLAN_FONT_DIR: LAMBDA_TASK_ROOT,
    });
    const csv = routeFunction('OptimiseCsv', 'optimise-csv', 'POST /v1/optimise/csv (streamed)', tableEnv);
    const rack = routeFunction(
      'Rack',
      'rack',
      'GET|POST /v1/offcuts, PATCH|DELETE /v1/offcuts/{id}',
      tableEnv,
    );
    const plans = routeFunction('Plans', 'plans', '/v1/plans/{id}: read, delete, book (/cut), files', {
      ...tableEnv,
      CUTPLAN_FONT_DIR: LAMBDA_TASK_ROOT,
    });
    // Async jobs: the API function stores a job and invokes the worker asynchronously with its id; the
    // worker's failed or too-old events go to a dead-letter queue with an alarm on its depth.
    this.jobDeadLetters = new sqs.Queue(this, 'JobDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    const worker = new CutplanFunction(this, 'JobWorker', {
      name: 'job-worker',
      description:
        'runs one async job (invoked asynchronously by the jobs function), or sweeps on a schedule',
      code: code('job-worker'),
      memoryMb: FUNCTION_TABLE['job-worker'].memoryMb,
      reservedConcurrency: reserve ? FUNCTION_TABLE['job-worker'].reservedConcurrency : null,
      timeout: seconds(functionTimeoutSeconds('job-worker')),
      // A job is solved at most once: a failed run is not retried (the job's lease passes and it is
      // ended failed and refunded); the event goes to the dead-letter queue for the operator.
      retryAttempts: 0,
      maxEventAge: Duration.seconds(JOB_EVENT_MAX_AGE_SECONDS),
      onFailure: new destinations.SqsDestination(this.jobDeadLetters),
      environment: tableEnv,
    });
    const jobs = routeFunction('Jobs', 'jobs', 'POST|GET /v1/jobs, GET|DELETE /v1/jobs/{id} (async jobs)', {
      ...tableEnv,
      JOB_WORKER_FUNCTION: worker.functionName,
    });
    // The worker's own ARN only (grantInvoke would add its versions, `:*`, which nothing here uses). The
    // MCP function's start_job hands jobs to the worker too.
    for (const fn of [jobs, mcp]) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.functionArn] }),
      );
    }
    mcp.addEnvironment('JOB_WORKER_FUNCTION', worker.functionName);
    Validations.of(this.jobDeadLetters).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason:
        "This queue is itself a dead-letter queue: the job worker's on-failure destination (an alarm watches its depth).",
    });
    new events.Rule(this, 'JobSweepSchedule', {
      description: 'ends cutplan jobs whose worker died (failed, refunded) and settles unsettled ones',
      schedule: events.Schedule.rate(JOB_SWEEP_SCHEDULE),
      targets: [
        new targets.LambdaFunction(worker, {
          retryAttempts: 0,
          event: events.RuleTargetInput.fromObject({ kind: 'sweep' }),
        }),
      ],
    });
    const health = routeFunction('Health', 'health', 'GET /v1/health');
    const usage = routeFunction('Usage', 'usage', 'GET /v1/usage (reads the limits table only)', tableEnv);
    this.table.grant(usage, 'dynamodb:GetItem');
    const docs = routeFunction('Docs', 'docs', 'GET / (the playground page) and GET /v1/openapi.json');
    const fallback = routeFunction(
      'Fallback',
      'fallback',
      'every other route and method: 404, 405, CORS preflights',
    );
    // The solving routes keep idempotent outcomes (a put, and the in-flight lease's delete) in the
    // workspace partitions (ws#<workspace>, ws#ip:<address>); MCP keeps none.
    for (const fn of [optimise, pdf, labels, csv])
      grantLimits(this.table, fn, ['dynamodb:PutItem', 'dynamodb:DeleteItem']);
    grantLimits(this.table, mcp, ['dynamodb:PutItem']);
    for (const fn of [rack, plans]) grantLimits(this.table, fn, ['dynamodb:PutItem', 'dynamodb:DeleteItem']);
    // Jobs: records, inputs, results and plans in the workspace partitions, the sweep index in jobs#live;
    // the list and the sweep query those partitions.
    for (const fn of [jobs, worker, mcp]) {
      if (fn !== mcp) grantLimits(this.table, fn, ['dynamodb:PutItem', 'dynamodb:DeleteItem']);
      // The worker sends a job's first webhook when it ends it; the jobs function when it cancels one,
      // and it reads and forgets a job's deliveries.
      grantWebhooks(this.table, fn);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
          resources: [this.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...JOB_PARTITIONS] } },
        }),
      );
    }

    const routed = {
      optimise,
      'optimise-pdf': pdf,
      'optimise-labels': labels,
      'optimise-csv': csv,
      mcp,
      rack,
      plans,
      jobs,
      health,
      usage,
      docs,
    };
    this.api = new CutplanApi(this, 'Http', {
      targets: routed,
      routes: ROUTE_TABLE,
      stageThrottle: STAGE_THROTTLE,
      fallback,
      ...(props.webAcl === true ? { webAcl: true } : {}),
    });

    const synthetic = new CutplanFunction(this, 'SyntheticCheck', {
      name: 'synthetic-check',
      description: 'every 5 minutes: health and a known job against the deployed API',
      code: code('synthetic-check'),
      memoryMb: FUNCTION_TABLE['synthetic-check'].memoryMb,
      reservedConcurrency: FUNCTION_TABLE['synthetic-check'].reservedConcurrency,
      timeout: seconds(SYNTHETIC_FUNCTION_TIMEOUT_SECONDS),
      // One run, one data point: a retried failure would only repeat it.
      retryAttempts: 0,
      environment: {
        API_BASE_URL: this.api.api.url,
        SYNTHETIC_TIMEOUT_MS: String(SYNTHETIC_CALL_TIMEOUT_MS),
        ...(props.syntheticKeySecret === undefined
          ? {}
          : {
              // Resolved by CloudFormation at deploy time; the function itself gets no secrets access.
              SYNTHETIC_API_KEY: SecretValue.secretsManager(props.syntheticKeySecret).unsafeUnwrap(),
            }),
      },
    });
    new events.Rule(this, 'SyntheticSchedule', {
      description: 'runs the cutplan synthetic check',
      schedule: events.Schedule.rate(SYNTHETIC_SCHEDULE),
      targets: [new targets.LambdaFunction(synthetic, { retryAttempts: 0 })],
    });

    const webhookRetry = new CutplanFunction(this, 'WebhookRetry', {
      name: 'webhook-retry',
      description: 'every minute: the webhook delivery attempts that are due',
      code: code('webhook-retry'),
      memoryMb: FUNCTION_TABLE['webhook-retry'].memoryMb,
      reservedConcurrency: FUNCTION_TABLE['webhook-retry'].reservedConcurrency,
      timeout: seconds(WEBHOOK_RETRY_TIMEOUT_SECONDS),
      // A failed run is not retried: the next minute's run finds the same due items.
      retryAttempts: 0,
      environment: { ...tableEnv, WEBHOOK_DRAIN_MS: String(WEBHOOK_DRAIN_SECONDS * 1000) },
    });
    grantWebhooks(this.table, webhookRetry);
    new events.Rule(this, 'WebhookRetrySchedule', {
      description: 'runs the cutplan webhook retry drain',
      schedule: events.Schedule.rate(WEBHOOK_RETRY_SCHEDULE),
      targets: [new targets.LambdaFunction(webhookRetry, { retryAttempts: 0 })],
    });

    this.functions = {
      ...routed,
      fallback,
      'synthetic-check': synthetic,
      'job-worker': worker,
      'webhook-retry': webhookRetry,
    };
    this.alarms = new CutplanAlarms(this, 'Alarms', {
      api: this.api.api,
      // The scheduled check is left out (its own alarm sees a throttled run as a missing data point);
      // the others go in throttle alarms of at most 10 metrics each (CloudWatch's limit).
      functions: Object.values(routed).concat(fallback, worker),
      ...(props.alarmEmail === undefined ? {} : { email: props.alarmEmail }),
    });

    // Any event in the dead-letter queue is a job whose worker failed or never ran: page.
    this.jobDeadLetterAlarm = new cloudwatch.Alarm(this, 'JobDeadLettersAlarm', {
      alarmDescription:
        'cutplan job events in the dead-letter queue: a worker failed or never ran (the jobs were ended failed and refunded)',
      metric: this.jobDeadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.jobDeadLetterAlarm.addAlarmAction(new cwActions.SnsAction(this.alarms.topic));
    this.jobDeadLetterAlarm.addOkAction(new cwActions.SnsAction(this.alarms.topic));

    this.dashboard = new CutplanDashboard(this, 'Dashboard', {
      api: this.api.api,
      alarms: [
        this.alarms.synthetic,
        this.alarms.serverErrors,
        this.alarms.busy,
        ...this.alarms.throttleAlarms,
        this.alarms.latency,
        this.jobDeadLetterAlarm,
      ],
    });

    new CfnOutput(this, 'ApiUrl', { description: 'the API base URL', value: this.api.api.url });
    new CfnOutput(this, 'TableName', {
      description: 'the limits table (TABLE_NAME for `cutplan keys`)',
      value: this.table.tableName,
    });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', {
      description: "the job worker's dead-letter queue",
      value: this.jobDeadLetters.queueUrl,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      description: 'SNS topic of the alarms',
      value: this.alarms.topic.topicArn,
    });
  }
}

/**
 * What a solving function may do on the limits table: read any item (key records included), and update
 * only counters and slots. The `dynamodb:LeadingKeys` condition keeps a fault in the solver's process
 * from rewriting an API key record (`key#…`); the keys CLI, run by an operator, is the only writer of those.
 */
function grantLimits(table: dynamodb.Table, fn: lambda.IFunction, stateActions: readonly string[]): void {
  table.grant(fn, 'dynamodb:GetItem');
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...WRITABLE_PARTITIONS] } },
    }),
  );
  // Stored plans and the rack item are whole-item writes (PutItem), in workspace partitions only.
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...stateActions],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...STATE_PARTITIONS] } },
    }),
  );
}

/**
 * What a function that delivers webhooks may do on the limits table (the retry drain; the job worker):
 * read any item (key records, secrets), query the due index, write delivery records and due items
 * (`ws#…`, `whdue#…`), and make a key's signing secret (`UpdateItem` on `use#…`), never a key record.
 */
export function grantWebhooks(table: dynamodb.Table, fn: lambda.IFunction): void {
  table.grant(fn, 'dynamodb:GetItem');
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:Query'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['whdue#*'] } },
    }),
  );
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...WEBHOOK_PARTITIONS] } },
    }),
  );
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['use#*'] } },
    }),
  );
}

/** A function's built bundle; a missing bundle is a clear error rather than an empty deployment. */
export function distCode(name: FunctionName, distDir?: string): lambda.Code {
  const dir = bundleDir(name, distDir);
  if (!existsSync(join(dir, BUNDLE_FILE))) {
    throw new Error(`no bundle for ${name} at ${dir}: run \`npm run build\` first`);
  }
  return lambda.Code.fromAsset(dir);
}
