/**
 * The cutplan stack: the limits table, the six functions from our bundles, the REST API wired from the
 * route table, the scheduled synthetic check and the alarms. Decisions are explained in
 * docs/operations.md, "Deployment and alarms".
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { TTL_ATTRIBUTE } from '../functions/shared/limits/table.ts';
import { BUNDLE_FILE, bundleDir, type FunctionName } from './bundles.ts';
import { CutplanAlarms } from './constructs/cutplan-alarms.ts';
import { CutplanApi } from './constructs/cutplan-api.ts';
import { CutplanDashboard } from './constructs/cutplan-dashboard.ts';
import {
  CutplanFunction,
  LIGHT_MEMORY_MB,
  ONE_VCPU_MEMORY_MB,
  seconds,
} from './constructs/cutplan-function.ts';
import {
  LIGHT_FUNCTION_TIMEOUT_SECONDS,
  mcpTimeouts,
  optimiseTimeouts,
  pdfTimeouts,
  SYNTHETIC_CALL_TIMEOUT_MS,
  SYNTHETIC_FUNCTION_TIMEOUT_SECONDS,
} from './timeouts.ts';

/** The actions the solving handlers need on the table (see docs/operations.md, "Writes and their conditions"). */
export const TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:UpdateItem'] as const;

/** Where Lambda unpacks a function's bundle; the PDF function's fonts sit beside its `index.mjs`. */
export const LAMBDA_TASK_ROOT = '/var/task';

export const SYNTHETIC_SCHEDULE = Duration.minutes(5);

export interface CutplanStackProps extends StackProps {
  /** A function's code; by default its bundle in `dist/` (`npm run build`). */
  readonly code?: (name: FunctionName) => lambda.Code;
  /**
   * The account's REST API integration timeout quota in seconds, when it is below what the largest tier
   * budget needs (29 until a raise is granted). Unset: the quota has been raised far enough.
   */
  readonly integrationTimeoutQuotaSeconds?: number;
  /** Subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /** Name of a Secrets Manager secret holding an API key the synthetic check calls with. */
  readonly syntheticKeySecret?: string;
  /** Put a WAFv2 web ACL with a per-IP rate rule in front of the API (it costs money, so it is opt-in). */
  readonly webAcl?: boolean;
}

export class CutplanStack extends Stack {
  readonly table: dynamodb.Table;
  readonly functions: Readonly<Record<FunctionName, CutplanFunction>>;
  readonly api: CutplanApi;
  readonly alarms: CutplanAlarms;
  readonly dashboard: CutplanDashboard;

  constructor(scope: Construct, id: string, props: CutplanStackProps = {}) {
    super(scope, id, props);
    const code = props.code ?? distCode;
    const quota = props.integrationTimeoutQuotaSeconds;

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

    const optimise = new CutplanFunction(this, 'Optimise', {
      name: 'optimise',
      description: 'GET and POST /v1/optimise',
      code: code('optimise'),
      memoryMb: ONE_VCPU_MEMORY_MB,
      timeout: seconds(optimiseTimeouts(quota).functionSeconds),
      environment: tableEnv,
    });
    const pdf = new CutplanFunction(this, 'OptimisePdf', {
      name: 'optimise-pdf',
      description: 'POST /v1/optimise/pdf',
      code: code('optimise-pdf'),
      memoryMb: ONE_VCPU_MEMORY_MB,
      timeout: seconds(pdfTimeouts(quota).functionSeconds),
      environment: { ...tableEnv, CUTPLAN_FONT_DIR: LAMBDA_TASK_ROOT },
    });
    const mcp = new CutplanFunction(this, 'Mcp', {
      name: 'mcp',
      description: 'POST /v1/mcp (the MCP tools over Streamable HTTP)',
      code: code('mcp'),
      memoryMb: ONE_VCPU_MEMORY_MB,
      timeout: seconds(mcpTimeouts(quota).functionSeconds),
      environment: { ...tableEnv, CUTPLAN_FONT_DIR: LAMBDA_TASK_ROOT },
    });
    const light = (id: string, name: FunctionName, description: string) =>
      new CutplanFunction(this, id, {
        name,
        description,
        code: code(name),
        memoryMb: LIGHT_MEMORY_MB,
        timeout: seconds(LIGHT_FUNCTION_TIMEOUT_SECONDS),
      });
    const health = light('Health', 'health', 'GET /v1/health');
    const docs = light('Docs', 'docs', 'GET / (the playground page) and GET /v1/openapi.json');
    const fallback = light('Fallback', 'fallback', 'every other route and method: 404, 405, CORS preflights');
    for (const fn of [optimise, pdf, mcp]) this.table.grant(fn, ...TABLE_ACTIONS);

    this.api = new CutplanApi(this, 'Http', {
      targets: {
        optimise: { fn: optimise, integrationTimeoutSeconds: optimiseTimeouts(quota).integrationSeconds },
        'optimise-pdf': { fn: pdf, integrationTimeoutSeconds: pdfTimeouts(quota).integrationSeconds },
        mcp: { fn: mcp, integrationTimeoutSeconds: mcpTimeouts(quota).integrationSeconds },
        health: { fn: health },
        docs: { fn: docs },
      },
      fallback,
      ...(props.webAcl === true ? { webAcl: true } : {}),
    });

    const synthetic = new CutplanFunction(this, 'SyntheticCheck', {
      name: 'synthetic-check',
      description: 'every 5 minutes: health and a known job against the deployed API',
      code: code('synthetic-check'),
      memoryMb: LIGHT_MEMORY_MB,
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

    this.functions = {
      optimise,
      'optimise-pdf': pdf,
      mcp,
      health,
      docs,
      fallback,
      'synthetic-check': synthetic,
    };
    this.alarms = new CutplanAlarms(this, 'Alarms', {
      api: this.api.api,
      functions: Object.values(this.functions),
      ...(props.alarmEmail === undefined ? {} : { email: props.alarmEmail }),
    });

    this.dashboard = new CutplanDashboard(this, 'Dashboard', {
      api: this.api.api,
      alarms: [
        this.alarms.synthetic,
        this.alarms.serverErrors,
        this.alarms.busy,
        this.alarms.throttles,
        this.alarms.latency,
      ],
    });

    new CfnOutput(this, 'ApiUrl', { description: 'the API base URL', value: this.api.api.url });
    new CfnOutput(this, 'TableName', {
      description: 'the limits table (TABLE_NAME for `cutplan keys`)',
      value: this.table.tableName,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      description: 'SNS topic of the alarms',
      value: this.alarms.topic.topicArn,
    });
  }
}

/** A function's built bundle; a missing bundle is a clear error rather than an empty deployment. */
export function distCode(name: FunctionName, distDir?: string): lambda.Code {
  const dir = bundleDir(name, distDir);
  if (!existsSync(join(dir, BUNDLE_FILE))) {
    throw new Error(`no bundle for ${name} at ${dir}: run \`npm run build\` first`);
  }
  return lambda.Code.fromAsset(dir);
}
