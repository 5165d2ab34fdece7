/** The stack with every deploy setting given: an alarm e-mail, the synthetic check's key secret, no reserved concurrency. */
import { describe, expect, it } from 'vitest';
import { type Json, ofType, prop, refId, roleGrants, synthesise } from '../test/support/stack.ts';
import type { FunctionName } from './bundles.ts';

const { resources, functionIds } = synthesise({
  alarmEmail: 'ops@example.com',
  syntheticKeySecret: 'cutplan/synthetic-api-key',
  reservedConcurrency: false,
});
const fn = (name: FunctionName) => resources[functionIds[name]];

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

describe('reserved concurrency off', () => {
  it('reserves none, for an account whose concurrency quota cannot spare it', () => {
    for (const id of Object.values(functionIds)) {
      expect(resources[id]?.Properties?.ReservedConcurrentExecutions).toBeUndefined();
    }
  });
});
