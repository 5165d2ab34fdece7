import { describe, expect, it } from 'vitest';
import { describeRoutes, matchRoute } from './routes.ts';

describe('matchRoute', () => {
  it.each([
    ['GET', '/v1/optimise', { kind: 'function', target: 'optimise' }],
    ['POST', '/v1/optimise', { kind: 'function', target: 'optimise' }],
    ['POST', '/v1/optimise/pdf', { kind: 'function', target: 'optimise-pdf' }],
    ['POST', '/v1/mcp', { kind: 'function', target: 'mcp' }],
    ['GET', '/v1/mcp', { kind: 'methodNotAllowed', allow: ['POST', 'OPTIONS'] }],
    ['POST', '/v1/optimise/labels', { kind: 'function', target: 'optimise-labels' }],
    ['POST', '/v1/optimise/csv', { kind: 'function', target: 'optimise-csv' }],
    ['GET', '/v1/optimise/csv', { kind: 'methodNotAllowed', allow: ['POST', 'OPTIONS'] }],
    ['GET', '/v1/health', { kind: 'function', target: 'health' }],
    ['GET', '/v1/usage', { kind: 'function', target: 'usage' }],
    ['GET', '/v1/openapi.json', { kind: 'function', target: 'docs' }],
    ['GET', '/', { kind: 'function', target: 'docs' }],
    ['POST', '/', { kind: 'methodNotAllowed', allow: ['GET', 'OPTIONS'] }],
    ['OPTIONS', '/v1/optimise', { kind: 'preflight', allow: ['GET', 'POST', 'OPTIONS'] }],
    ['OPTIONS', '/v1/optimise/pdf', { kind: 'preflight', allow: ['POST', 'OPTIONS'] }],
    ['DELETE', '/v1/optimise', { kind: 'methodNotAllowed', allow: ['GET', 'POST', 'OPTIONS'] }],
    ['GET', '/v1/optimise/pdf', { kind: 'methodNotAllowed', allow: ['POST', 'OPTIONS'] }],
    ['get', '/v1/health', { kind: 'methodNotAllowed', allow: ['GET', 'OPTIONS'] }],
    ['GET', '/v1/optimise/', { kind: 'notFound' }],
    ['GET', '/v2/optimise', { kind: 'notFound' }],
    ['OPTIONS', '/nowhere', { kind: 'notFound' }],
    ['GET', '/v1/offcuts', { kind: 'function', target: 'rack' }],
    ['PATCH', '/v1/offcuts/oc_1', { kind: 'function', target: 'rack' }],
    ['PATCH', '/v1/offcuts/', { kind: 'notFound' }],
    ['POST', '/v1/plans/pl_1/cut', { kind: 'function', target: 'plans' }],
    ['GET', '/v1/plans/pl_1/pdf', { kind: 'function', target: 'plans' }],
    ['DELETE', '/v1/plans/pl_1', { kind: 'function', target: 'plans' }],
    ['GET', '/v1/plans/pl_1/cut', { kind: 'methodNotAllowed', allow: ['POST', 'OPTIONS'] }],
    ['GET', '/v1/plans/pl_1/x/pdf', { kind: 'notFound' }],
    ['constructor', '/v1/health', { kind: 'methodNotAllowed', allow: ['GET', 'OPTIONS'] }],
  ])('resolves %s %s', (method, path, expected) => {
    expect(matchRoute(method, path)).toMatchObject(expected);
  });

  it('describes every route for 404 details', () => {
    expect(describeRoutes()).toBe(
      'GET|POST /v1/optimise, POST /v1/optimise/pdf, POST /v1/mcp, POST /v1/optimise/labels, POST /v1/optimise/csv, GET /v1/usage, GET|POST /v1/offcuts, PATCH|DELETE /v1/offcuts/{id}, GET|DELETE /v1/plans/{id}, POST /v1/plans/{id}/cut, GET /v1/plans/{id}/pdf, GET /v1/plans/{id}/labels, GET /v1/plans/{id}/csv, GET|POST /v1/jobs, GET|DELETE /v1/jobs/{id}, GET /v1/health, GET /v1/openapi.json, GET /',
    );
  });
});
