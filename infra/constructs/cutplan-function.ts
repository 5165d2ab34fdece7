/**
 * Every cutplan Lambda function, with the settings that must not vary between them fixed in one place:
 * Node.js 24 on arm64, our esbuild bundle (`index.handler`), source-mapped stack traces, its own log
 * group with a retention period, and its own role that may write to that log group and nothing else.
 * What a function may do beyond logging is granted by the stack, one grant per need.
 */
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { type FunctionName, HANDLER } from '../bundles.ts';

export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

export interface CutplanFunctionProps {
  readonly name: FunctionName;
  readonly description: string;
  /** The function's bundle (`dist/<name>/`, or a stand-in in tests). */
  readonly code: lambda.Code;
  readonly memoryMb: number;
  /** Reserved concurrency; null: none (the function draws on the account's unreserved pool). */
  readonly reservedConcurrency: number | null;
  readonly timeout: Duration;
  readonly environment?: Readonly<Record<string, string>>;
  /** Retries of an asynchronous invocation (the scheduled check); Lambda's default is 2. */
  readonly retryAttempts?: number;
  /** How long Lambda's event queue keeps an asynchronous event (Lambda's default is 6 hours). */
  readonly maxEventAge?: Duration;
  /** Where an asynchronous event goes when the function fails it or it grows too old. */
  readonly onFailure?: lambda.IDestination;
}

export class CutplanFunction extends lambda.Function {
  constructor(scope: Construct, id: string, props: CutplanFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, { retention: LOG_RETENTION });
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `cutplan ${props.name}: writes its own log group; other grants are added by the stack`,
    });
    super(scope, id, {
      description: props.description,
      runtime: RUNTIME,
      architecture: ARCHITECTURE,
      handler: HANDLER,
      code: props.code,
      memorySize: props.memoryMb,
      ...(props.reservedConcurrency === null
        ? {}
        : { reservedConcurrentExecutions: props.reservedConcurrency }),
      timeout: props.timeout,
      role,
      logGroup,
      // No NODE_OPTIONS=--enable-source-maps: the bundle maps its stack traces itself when one is
      // formatted (functions/shared/source-maps.ts), instead of Node reading every map at load.
      environment: { ...props.environment },
      ...(props.retryAttempts === undefined ? {} : { retryAttempts: props.retryAttempts }),
      ...(props.maxEventAge === undefined ? {} : { maxEventAge: props.maxEventAge }),
      ...(props.onFailure === undefined ? {} : { onFailure: props.onFailure }),
    });
    logGroup.grantWrite(role);
  }
}

/** Seconds as a CDK duration (the timeouts module works in plain numbers). */
export const seconds = (value: number): Duration => Duration.seconds(value);
