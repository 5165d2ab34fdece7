/**
 * The REST API (regional, Lambda proxy integrations, payload format 1.0), wired from the one route
 * table (`functions/shared/routes.ts`): each route's methods go to their function, and everything else
 * (other methods, OPTIONS preflights, unknown paths under any resource) goes to the fallback function,
 * which answers 404, 405 or the preflight itself.
 */
import { Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ROUTES, type RouteTarget } from '../../functions/shared/routes.ts';
import { seconds } from './cutplan-function.ts';

export const STAGE_NAME = 'prod';

export interface RouteFunction {
  readonly fn: lambda.IFunction;
  /** API Gateway integration timeout; unset = API Gateway's default (29 s). */
  readonly integrationTimeoutSeconds?: number;
}

export interface CutplanApiProps {
  readonly targets: Readonly<Record<RouteTarget, RouteFunction>>;
  readonly fallback: lambda.IFunction;
}

export class CutplanApi extends Construct {
  readonly api: apigw.RestApi;

  constructor(scope: Construct, id: string, props: CutplanApiProps) {
    super(scope, id);
    this.api = new apigw.RestApi(this, 'Api', {
      // API Gateway's metrics are keyed by this name: one per stack keeps two stacks' alarms apart.
      restApiName: Stack.of(this).stackName,
      description: 'cutplan: cutting-plan optimisation (v1)',
      // Only regional (and private) REST APIs can have integration timeouts above 29 s.
      endpointTypes: [apigw.EndpointType.REGIONAL],
      // API Gateway picks binary-or-text from the client's first Accept value; with */* every client
      // (curl, browsers) gets PDF bytes. Request bodies then arrive base64-encoded; the adapter decodes.
      binaryMediaTypes: ['*/*'],
      // No account-wide CloudWatch role: execution logging would need one; the functions log instead.
      cloudWatchRole: false,
      deployOptions: { stageName: STAGE_NAME },
    });

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

    const integrations = new Map<RouteTarget, apigw.LambdaIntegration>();
    const integrationFor = (target: RouteTarget): apigw.LambdaIntegration => {
      let integration = integrations.get(target);
      if (integration === undefined) {
        const { fn, integrationTimeoutSeconds } = props.targets[target];
        integration = new apigw.LambdaIntegration(fn, {
          ...(integrationTimeoutSeconds === undefined ? {} : { timeout: seconds(integrationTimeoutSeconds) }),
        });
        integrations.set(target, integration);
      }
      return integration;
    };

    for (const route of ROUTES) {
      const resource = this.api.root.resourceForPath(route.path);
      for (const [method, target] of Object.entries(route.methods)) {
        if (target !== undefined) resource.addMethod(method, integrationFor(target));
      }
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
