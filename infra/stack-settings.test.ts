/**
 * The stack with every deploy setting given: the integration timeout quota not yet raised (29 s), an
 * alarm e-mail and the synthetic check's key secret. One synthesis for the file.
 */
import { describe, expect, it } from 'vitest';
import { OPTIMISE_HEADROOM_MS, PDF_HEADROOM_MS } from '../functions/handlers/index.ts';
import { MCP_HEADROOM_MS } from '../functions/handlers/mcp-handler.ts';
import { solveBudgetMs } from '../functions/shared/solve-budget.ts';
import { TIERS } from '../functions/shared/tiers.ts';
import { apiRoutes, type Json, ofType, prop, refId, roleGrants, synthesise } from '../test/support/stack.ts';
import type { FunctionName } from './bundles.ts';

const { resources, functionIds } = synthesise({
  integrationTimeoutQuotaSeconds: 29,
  alarmEmail: 'ops@example.com',
  syntheticKeySecret: 'cutplan/synthetic-api-key',
});
const fn = (name: FunctionName) => resources[functionIds[name]];
const timeoutMs = (name: FunctionName) => {
  const f = fn(name);
  return f === undefined ? 0 : prop<number>(f, 'Timeout') * 1000;
};
const routes = apiRoutes(resources);

describe('before the integration timeout quota is raised (29 s)', () => {
  it('keeps every integration timeout within the quota', () => {
    for (const r of routes) expect(r.timeoutMs ?? 29_000).toBeLessThanOrEqual(29_000);
  });

  it.each(['optimise', 'optimise-pdf', 'mcp'] as const)('shrinks %s to fit under the API wait', (name) => {
    const waits = routes.filter((r) => r.functionId === functionIds[name]).map((r) => r.timeoutMs);
    expect(waits.length).toBeGreaterThan(0);
    for (const ms of waits) expect(ms).toBeGreaterThan(timeoutMs(name));
    expect(timeoutMs(name)).toBe(28_000);
  });

  it.each([
    ['optimise', OPTIMISE_HEADROOM_MS, 27_000],
    ['optimise-pdf', PDF_HEADROOM_MS, 25_000],
    ['mcp', MCP_HEADROOM_MS, 25_000],
  ] as const)(
    '%s still serves the largest budget, capped at %s ms of headroom below its timeout',
    (name, headroomMs, capMs) => {
      const budget = (tier: keyof typeof TIERS) =>
        solveBudgetMs({ requestedSeconds: 300, tier: TIERS[tier], remainingMs: timeoutMs(name), headroomMs });
      expect(budget('scale')).toBe(capMs);
      // The public tier's whole budget still fits.
      expect(budget('public')).toBe(TIERS.public.budgetSeconds * 1000);
    },
  );
});

describe('alarm e-mail', () => {
  it('subscribes the address to the alarm topic', () => {
    const [[topicId] = []] = ofType(resources, 'AWS::SNS::Topic');
    const subscriptions = ofType(resources, 'AWS::SNS::Subscription').map(([, s]) => ({
      protocol: prop(s, 'Protocol'),
      endpoint: prop(s, 'Endpoint'),
      topic: refId(prop(s, 'TopicArn')),
    }));
    expect(subscriptions).toEqual([{ protocol: 'email', endpoint: 'ops@example.com', topic: topicId }]);
  });
});

describe('synthetic check key', () => {
  const check = fn('synthetic-check');
  const env =
    check === undefined ? {} : prop<{ Variables: Record<string, Json> }>(check, 'Environment').Variables;

  it('is resolved from Secrets Manager by CloudFormation at deploy time', () => {
    expect(env.SYNTHETIC_API_KEY).toBe(
      '{{resolve:secretsmanager:cutplan/synthetic-api-key:SecretString:::}}',
    );
  });

  it('gives the function no secrets access of its own', () => {
    const roleId = check === undefined ? '' : (refId(prop(check, 'Role')) ?? '');
    const actions = roleGrants(resources, roleId).statements.flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });
});
