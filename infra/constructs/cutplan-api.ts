/**
 * The REST API (regional, Lambda proxy integrations, payload format 1.0), wired from the one route
 * table (`functions/shared/routes.ts`): each route's methods go to their function, and everything else
 * (other methods, OPTIONS preflights, unknown paths under any resource) goes to the fallback function,
 * which answers 404, 405 or the preflight itself.
 */
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES, type RouteTarget } from '../../functions/shared/routes.ts';
import { integrationTimeoutSeconds, type RouteRow, type Throttle } from '../route-table.ts';
import { seconds } from './cutplan-function.ts';

export const STAGE_NAME = 'prod';

/** Requests one address may make in 5 minutes before the web ACL blocks it (WAF's rate rule window). */
export const WAF_RATE_LIMIT_PER_5_MIN = 300;

export interface CutplanApiProps {
  readonly targets: Readonly<Record<RouteTarget, lambda.IFunction>>;
  /** One row per method and path (`infra/route-table.ts`): transfer mode, timeout and throttle. */
  readonly routes: readonly RouteRow[];
  /** The stage's own throttle, over every method. */
  readonly stageThrottle: Throttle;
  readonly fallback: lambda.IFunction;
  /** Put a WAFv2 web ACL with a per-IP rate rule in front of the stage (it costs money: opt in). */
  readonly webAcl?: boolean;
}

/** The access log line: API Gateway's own view of each request, as JSON (fields named as AWS names them). */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  resourcePath: '$context.resourcePath',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  errorMessage: '$context.error.message',
  wafStatus: '$context.waf.status',
} as const;

export class CutplanApi extends Construct {
  readonly api: apigw.RestApi;
  readonly accessLogs: logs.LogGroup;
  readonly webAcl: wafv2.CfnWebACL | undefined;

  constructor(scope: Construct, id: string, props: CutplanApiProps) {
    super(scope, id);
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.api = new apigw.RestApi(this, 'Api', {
      // API Gateway's metrics are keyed by this name: one per stack keeps two stacks' alarms apart.
      restApiName: Stack.of(this).stackName,
      description: 'cutplan: cutting-plan optimisation (v1)',
      // Only regional (and private) REST APIs can have integration timeouts above 29 s.
      endpointTypes: [apigw.EndpointType.REGIONAL],
      // API Gateway picks binary-or-text from the client's first Accept value; with */* every client
      // (curl, browsers) gets PDF bytes. Request bodies then arrive base64-encoded; the adapter decodes.
      binaryMediaTypes: ['*/*'],
      // API Gateway writes access and execution logs through the account's CloudWatch role (one per
      // account and region). The stack sets it, and keeps it when the stack is deleted, since other
      // APIs of the account may rely on it (docs/deploy.md).
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: STAGE_NAME,
        accessLogDestination: new apigw.LogGroupLogDestination(this.accessLogs),
        accessLogFormat: apigw.AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
        // Execution logs of errors only, and never request or response bodies (no data trace).
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        // Floods are refused here, before they cost an invocation or a table read (docs/deploy.md).
        throttlingRateLimit: props.stageThrottle.rate,
        throttlingBurstLimit: props.stageThrottle.burst,
        methodOptions: Object.fromEntries(
          props.routes.map((row) => [
            `${row.path === '/' ? '/' : row.path}/${row.method}`,
            {
              // A method's settings replace the stage's for that method: repeat the logging choices.
              loggingLevel: apigw.MethodLoggingLevel.ERROR,
              dataTraceEnabled: false,
              metricsEnabled: true,
              throttlingRateLimit: row.throttle.rate,
              throttlingBurstLimit: row.throttle.burst,
            },
          ]),
        ),
      },
    });
    const acknowledge = (construct: Construct, id: string, reason: string) =>
      Validations.of(construct).acknowledge({ id, reason });
    acknowledge(
      this.api,
      'AwsSolutions::AwsSolutions-APIG2',
      'API Gateway\'s request validator answers with its own body ({"message": …}), outside the API\'s ' +
        '{error, detail} contract, and validates nothing without request models. Every request is parsed by ' +
        'the handlers (valibot), whose 400 names the offending part.',
    );
    for (const rule of ['AwsSolutions::AwsSolutions-APIG4', 'AwsSolutions::AwsSolutions-COG4']) {
      acknowledge(
        this.api,
        rule,
        'The public tier needs no credential, and API keys are checked in the handler (a SHA-256 lookup in ' +
          'the limits table), where a refused call is answered 401 with a reason and counted nowhere. An ' +
          'authorizer would add a call and a cache per request without checking more.',
      );
    }
    const cloudWatchRole = this.api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole !== undefined) {
      acknowledge(
        cloudWatchRole,
        'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        "AmazonAPIGatewayPushToCloudWatchLogs is AWS's own policy for exactly this role (API Gateway writing " +
          'its logs); a copy of it would only drift from AWS updates.',
      );
    }
    this.webAcl = props.webAcl === true ? this.addWebAcl() : undefined;
    if (this.webAcl === undefined) {
      acknowledge(
        this.api.deploymentStage,
        'AwsSolutions::AwsSolutions-APIG3',
        'A WAFv2 web ACL costs a monthly fee plus per request; it is one context flag away (-c waf=true, ' +
          'docs/deploy.md). Without it the limits table still rate-limits every caller before any solve.',
      );
    }

    for (const response of GATEWAY_ERRORS) {
      this.api.addGatewayResponse(response.id, {
        type: response.type,
        statusCode: String(response.status),
        // A refused call from a web page must be readable there too, as every answer of ours is.
        responseHeaders: {
          'Access-Control-Allow-Origin': "'*'",
          'Cache-Control': "'no-store'",
          ...(response.retryAfter === undefined ? {} : { 'Retry-After': `'${response.retryAfter}'` }),
        },
        templates: { 'application/json': `{"error":"${response.code}","detail":${response.detail}}` },
      });
    }

    for (const row of props.routes) {
      const timeout = integrationTimeoutSeconds(row);
      const integration = new apigw.LambdaIntegration(props.targets[row.target], {
        responseTransferMode:
          row.transfer === 'stream' ? apigw.ResponseTransferMode.STREAM : apigw.ResponseTransferMode.BUFFERED,
        ...(timeout === undefined ? {} : { timeout: seconds(timeout) }),
      });
      this.api.root.resourceForPath(row.path).addMethod(row.method, integration);
    }

    // One permission for the whole API instead of one per method: the fallback serves ten of them.
    const fallback = new apigw.LambdaIntegration(props.fallback, { scopePermissionToMethod: false });
    for (const path of routePrefixes()) {
      const resource = path === '/' ? this.api.root : this.api.root.resourceForPath(path);
      // ANY yields to the methods defined explicitly on the same resource.
      resource.addMethod('ANY', fallback);
      resource.addProxy({ defaultIntegration: fallback, anyMethod: true });
    }
  }

  /**
   * A regional WAFv2 web ACL on the stage with one rule: an address that sends more than
   * {@link WAF_RATE_LIMIT_PER_5_MIN} requests in 5 minutes is blocked until its rate falls. It stops
   * floods before they reach Lambda or the limits table (which would refuse them, but at a cost).
   */
  private addWebAcl(): wafv2.CfnWebACL {
    const metric = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${Stack.of(this).stackName}-${name}`,
      sampledRequestsEnabled: true,
    });
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: metric('web-acl'),
      rules: [
        {
          name: 'rate-per-ip',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT_PER_5_MIN, aggregateKeyType: 'IP' } },
          visibilityConfig: metric('rate-per-ip'),
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'WebAclAssociation', {
      resourceArn: this.api.deploymentStage.stageArn,
      webAclArn: acl.attrArn,
    });
    return acl;
  }
}

/**
 * API Gateway's own refusals, made before any function runs, in the contract's `{error, detail}` shape
 * with the status our code has (docs/api.md, "What API Gateway answers itself"). `detail` is a mapping
 * template expression: `$context.error.messageString` is already a quoted JSON string.
 */
export const GATEWAY_ERRORS: readonly {
  readonly id: string;
  readonly type: apigw.ResponseType;
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly retryAfter?: number;
}[] = [
  {
    id: 'TooLarge',
    type: apigw.ResponseType.REQUEST_TOO_LARGE,
    status: 413,
    code: 'payloadTooLarge',
    detail: '"the request body is larger than 1 MiB (1048576 bytes)"',
  },
  {
    id: 'Throttled',
    type: apigw.ResponseType.THROTTLED,
    status: 503,
    code: 'busy',
    detail: '"the service is at capacity; retry shortly; request id $context.requestId"',
    retryAfter: 1,
  },
  {
    id: 'Default4xx',
    type: apigw.ResponseType.DEFAULT_4XX,
    status: 400,
    code: 'validation',
    detail: '$context.error.messageString',
  },
  {
    id: 'Default5xx',
    type: apigw.ResponseType.DEFAULT_5XX,
    status: 500,
    code: 'internal',
    detail: '"internal error; request id $context.requestId"',
  },
];

/** `/` and every path and parent path of the routes: `/`, `/v1`, `/v1/optimise`, … */
export function routePrefixes(): string[] {
  const prefixes = new Set<string>(['/']);
  for (const route of ROUTES) {
    const parts = route.path.split('/').filter((p) => p !== '');
    for (let i = 1; i <= parts.length; i++) prefixes.add(`/${parts.slice(0, i).join('/')}`);
  }
  return [...prefixes];
}
