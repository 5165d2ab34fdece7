/**
 * Test helpers over a synthesised template: the stack built with stand-in code (no bundles needed),
 * and small readers that turn CloudFormation resources back into routes, policies and environments.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { FunctionName } from '../../infra/bundles.ts';
import { CutplanStack, type CutplanStackProps } from '../../infra/stack.ts';

export type Json = unknown;
export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, Json>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

export interface Synthesised {
  readonly stack: CutplanStack;
  readonly template: Template;
  readonly resources: Readonly<Record<string, CfnResource>>;
  /** Logical id of each function. */
  readonly functionIds: Readonly<Record<FunctionName, string>>;
  readonly tableId: string;
}

/** Synthesises the stack once; each function's code is a tiny inline stand-in. */
export function synthesise(props: Omit<CutplanStackProps, 'code'> = {}): Synthesised {
  const app = new App();
  const stack = new CutplanStack(app, 'Cutplan', {
    ...props,
    code: (name) => lambda.Code.fromInline(`// stand-in for ${name}\nexports.handler = async () => ({});`),
  });
  const template = Template.fromStack(stack);
  const resources = template.toJSON().Resources as Record<string, CfnResource>;
  const idOf = (construct: { node: { defaultChild?: unknown } }): string =>
    stack.getLogicalId(construct.node.defaultChild as never);
  const functionIds = Object.fromEntries(
    Object.entries(stack.functions).map(([name, fn]) => [name, idOf(fn)]),
  ) as Record<FunctionName, string>;
  return { stack, template, resources, functionIds, tableId: idOf(stack.table) };
}

export function ofType(
  resources: Readonly<Record<string, CfnResource>>,
  type: string,
): [string, CfnResource][] {
  return Object.entries(resources).filter(([, r]) => r.Type === type);
}

export function prop<T = Json>(resource: CfnResource, name: string): T {
  return resource.Properties?.[name] as T;
}

/** The logical id in `{Ref: id}` or `{Fn::GetAtt: [id, attr]}`, else undefined. */
export function refId(value: Json): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, Json>;
  if (typeof v.Ref === 'string') return v.Ref;
  const getAtt = v['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return undefined;
}

/** Every logical id referenced anywhere inside `value` (Ref and Fn::GetAtt; not `AWS::` pseudo parameters). */
export function referencedIds(value: Json): Set<string> {
  const ids = new Set<string>();
  const walk = (v: Json): void => {
    const id = refId(v);
    if (id !== undefined && !id.startsWith('AWS::')) ids.add(id);
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(value);
  return ids;
}

/** A `{Ref}` turned into a recognisable string, so code that expects strings can read an environment. */
export function resolveRefs(env: Readonly<Record<string, Json>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, typeof v === 'string' ? v : `<ref ${refId(v) ?? 'complex'}>`]),
  );
}

/** One API method: its resource path, HTTP method and the function its integration invokes. */
export interface MethodRoute {
  readonly path: string;
  readonly method: string;
  readonly functionId: string | undefined;
  readonly integrationType: string;
  readonly timeoutMs: number | undefined;
  /** `STREAM` or `BUFFERED` (absent: buffered, API Gateway's default). */
  readonly transferMode: string;
  /** The Lambda API the integration calls (`…/invocations` or `…/response-streaming-invocations`). */
  readonly uri: string;
}

/** The API's resource tree as paths (`/`, `/v1`, `/v1/{proxy+}`, …) and every method on it. */
export function apiRoutes(resources: Readonly<Record<string, CfnResource>>): MethodRoute[] {
  const parts = new Map<string, { parent: string; part: string }>();
  for (const [id, r] of ofType(resources, 'AWS::ApiGateway::Resource')) {
    const parentValue = prop(r, 'ParentId');
    const isRoot = JSON.stringify(parentValue).includes('RootResourceId');
    parts.set(id, {
      parent: isRoot ? 'root' : (refId(parentValue) ?? '?'),
      part: prop<string>(r, 'PathPart'),
    });
  }
  const pathOf = (id: string): string => {
    if (id === 'root') return '/';
    const entry = parts.get(id);
    if (entry === undefined) throw new Error(`unknown resource ${id}`);
    const parent = pathOf(entry.parent);
    return `${parent === '/' ? '' : parent}/${entry.part}`;
  };
  return ofType(resources, 'AWS::ApiGateway::Method').map(([, m]) => {
    const resourceValue = prop(m, 'ResourceId');
    const resourceId = JSON.stringify(resourceValue).includes('RootResourceId')
      ? 'root'
      : refId(resourceValue);
    const integration = prop<Record<string, Json>>(m, 'Integration');
    const fnIds = [...referencedIds(integration.Uri)].filter(
      (id) => resources[id]?.Type === 'AWS::Lambda::Function',
    );
    return {
      path: pathOf(resourceId ?? '?'),
      method: prop<string>(m, 'HttpMethod'),
      functionId: fnIds[0],
      integrationType: integration.Type as string,
      timeoutMs: integration.TimeoutInMillis as number | undefined,
      transferMode: (integration.ResponseTransferMode as string | undefined) ?? 'BUFFERED',
      uri: JSON.stringify(integration.Uri),
    };
  });
}

/**
 * Which function API Gateway invokes for a request, by its routing rules: walk the path segment by
 * segment, preferring a static child, else a `{proxy+}` child that takes the rest; then the method
 * defined on that resource, else its ANY method. undefined = API Gateway answers itself (no route).
 */
export function routeRequest(
  routes: readonly MethodRoute[],
  method: string,
  path: string,
): string | undefined {
  const byPath = new Map<string, MethodRoute[]>();
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  const segments = path.split('/').filter((s) => s !== '');
  let current = '/';
  for (const segment of segments) {
    const child = `${current === '/' ? '' : current}/${segment}`;
    const proxy = `${current === '/' ? '' : current}/{proxy+}`;
    if (byPath.has(child) || hasDescendant(byPath, child)) current = child;
    else if (byPath.has(proxy)) {
      current = proxy;
      break;
    } else return undefined;
  }
  const methods = byPath.get(current) ?? [];
  return (methods.find((m) => m.method === method) ?? methods.find((m) => m.method === 'ANY'))?.functionId;
}

function hasDescendant(byPath: ReadonlyMap<string, unknown>, path: string): boolean {
  return [...byPath.keys()].some((p) => p.startsWith(`${path}/`));
}

/** The IAM statements of every policy attached to a role, and the role's managed policies. */
export function roleGrants(
  resources: Readonly<Record<string, CfnResource>>,
  roleId: string,
): { statements: Record<string, Json>[]; managedPolicies: Json } {
  const statements = ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => (prop<Json[]>(p, 'Roles') ?? []).some((r) => refId(r) === roleId))
    .flatMap(([, p]) => prop<{ Statement: Record<string, Json>[] }>(p, 'PolicyDocument').Statement);
  const role = resources[roleId];
  return { statements, managedPolicies: role === undefined ? undefined : prop(role, 'ManagedPolicyArns') };
}

export const asList = (value: Json): Json[] => (Array.isArray(value) ? value : [value]);
