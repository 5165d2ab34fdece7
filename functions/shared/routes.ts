/**
 * The route table of the API: which function serves which method on which path. The fallback function,
 * the local server and the infrastructure all read this one table, so a route cannot exist in one place
 * and be missing in another.
 */

/** The Lambda functions that serve routes (each is a module `functions/<name>.ts`). */
export type RouteTarget =
  | 'optimise'
  | 'optimise-pdf'
  | 'optimise-labels'
  | 'optimise-csv'
  | 'mcp'
  | 'health'
  | 'usage'
  | 'docs'
  | 'rack'
  | 'plans'
  | 'jobs';

export interface Route {
  readonly path: string;
  /** HTTP method → the function serving it. */
  readonly methods: Readonly<Partial<Record<string, RouteTarget>>>;
  /** Whether the route reads `X-API-Key` (health answers without one). */
  readonly keyed: boolean;
}

export const ROUTES: readonly Route[] = [
  { path: '/v1/optimise', methods: { GET: 'optimise', POST: 'optimise' }, keyed: true },
  { path: '/v1/optimise/pdf', methods: { POST: 'optimise-pdf' }, keyed: true },
  { path: '/v1/mcp', methods: { POST: 'mcp' }, keyed: true },
  { path: '/v1/optimise/labels', methods: { POST: 'optimise-labels' }, keyed: true },
  { path: '/v1/optimise/csv', methods: { POST: 'optimise-csv' }, keyed: true },
  { path: '/v1/usage', methods: { GET: 'usage' }, keyed: true },
  { path: '/v1/offcuts', methods: { GET: 'rack', POST: 'rack' }, keyed: true },
  { path: '/v1/offcuts/{id}', methods: { PATCH: 'rack', DELETE: 'rack' }, keyed: true },
  { path: '/v1/plans/{id}', methods: { GET: 'plans', DELETE: 'plans' }, keyed: true },
  { path: '/v1/plans/{id}/cut', methods: { POST: 'plans' }, keyed: true },
  { path: '/v1/plans/{id}/pdf', methods: { GET: 'plans' }, keyed: true },
  { path: '/v1/plans/{id}/labels', methods: { GET: 'plans' }, keyed: true },
  { path: '/v1/plans/{id}/csv', methods: { GET: 'plans' }, keyed: true },
  { path: '/v1/jobs', methods: { GET: 'jobs', POST: 'jobs' }, keyed: true },
  { path: '/v1/jobs/{id}', methods: { GET: 'jobs', DELETE: 'jobs' }, keyed: true },
  { path: '/v1/health', methods: { GET: 'health' }, keyed: false },
  { path: '/v1/openapi.json', methods: { GET: 'docs' }, keyed: false },
  { path: '/', methods: { GET: 'docs' }, keyed: false },
];

/** What a method and path resolve to. `allow` lists the methods of the path, OPTIONS included. */
export type RouteMatch =
  | { readonly kind: 'function'; readonly target: RouteTarget; readonly allow: readonly string[] }
  | { readonly kind: 'preflight'; readonly allow: readonly string[] }
  | { readonly kind: 'methodNotAllowed'; readonly allow: readonly string[] }
  | { readonly kind: 'notFound' };

/**
 * Whether `path` is an instance of the route's path: `{id}` stands for one non-empty segment (API
 * Gateway's path parameters).
 */
export function pathMatches(template: string, path: string): boolean {
  if (!template.includes('{')) return template === path;
  const want = template.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((w, i) => (w.startsWith('{') ? got[i] !== '' : w === got[i]))
  );
}

/** The `{id}` segment of a path matched by a template that has one (`/v1/plans/{id}/pdf`). */
export function pathParameter(template: string, path: string): string | undefined {
  const at = template.split('/').indexOf('{id}');
  const segment = at < 0 ? undefined : path.split('/')[at];
  return segment === undefined ? undefined : decodeURIComponentSafe(segment);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The route a path belongs to. */
export function routeOf(path: string): Route | undefined {
  return ROUTES.find((r) => pathMatches(r.path, path));
}

/** Resolves a request line against {@link ROUTES}. Methods are case-sensitive, as in HTTP. */
export function matchRoute(method: string, path: string): RouteMatch {
  const route = routeOf(path);
  if (route === undefined) return { kind: 'notFound' };
  const allow = allowedMethods(route);
  const target = Object.hasOwn(route.methods, method) ? route.methods[method] : undefined;
  if (target !== undefined) return { kind: 'function', target, allow };
  if (method === 'OPTIONS') return { kind: 'preflight', allow };
  return { kind: 'methodNotAllowed', allow };
}

/** The methods a route answers, in a stable order, with OPTIONS (the preflight) last. */
export function allowedMethods(route: Route): readonly string[] {
  return [...Object.keys(route.methods), 'OPTIONS'];
}

/** `GET|POST /v1/optimise, …`: the route list quoted in 404 details. */
export function describeRoutes(): string {
  return ROUTES.map((r) => `${Object.keys(r.methods).join('|')} ${r.path}`).join(', ');
}
