/** The webhook retry drain in the synthesised stack: its schedule, timeout and least-privilege grants. */
import { describe, expect, it } from 'vitest';
import { keyUsePk } from '../functions/shared/limits/table.ts';
import { workspacePk } from '../functions/shared/stored/dynamo-body-store.ts';
import { SEND_TIMEOUT_MS } from '../functions/shared/webhooks/index.ts';
import {
  asList,
  type CfnResource,
  type Json,
  ofType,
  prop,
  refId,
  roleGrants,
  synthesise,
} from '../test/support/stack.ts';
import { WEBHOOK_DRAIN_SECONDS, WEBHOOK_RETRY_TIMEOUT_SECONDS } from './route-table.ts';
import { WEBHOOK_PARTITIONS } from './stack.ts';

const { resources, functionIds, tableId } = synthesise();
const id = functionIds['webhook-retry'];
const fn = resources[id] as CfnResource;

describe('webhook retry drain', () => {
  it('runs every minute, each run once (no retry of a failed run)', () => {
    const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) =>
      prop<Record<string, Json>[]>(r, 'Targets').some((t) => refId(t.Arn) === id),
    );
    expect(rules).toHaveLength(1);
    const [[ruleId, rule] = []] = rules;
    expect(rule && prop(rule, 'ScheduleExpression')).toBe('rate(1 minute)');
    const retries = ofType(resources, 'AWS::Lambda::EventInvokeConfig')
      .filter(([, c]) => refId(prop(c, 'FunctionName')) === id)
      .map(([, c]) => prop(c, 'MaximumRetryAttempts'));
    expect(retries).toEqual([0]);
    const invokers = ofType(resources, 'AWS::Lambda::Permission')
      .filter(([, p]) => refId(prop(p, 'FunctionName')) === id)
      .map(([, p]) => ({ principal: prop(p, 'Principal'), source: refId(prop(p, 'SourceArn')) }));
    expect(invokers).toEqual([{ principal: 'events.amazonaws.com', source: ruleId }]);
  });

  it('has time for its drain window and one last attempt after it', () => {
    expect(prop(fn, 'Timeout')).toBe(WEBHOOK_RETRY_TIMEOUT_SECONDS);
    expect(WEBHOOK_RETRY_TIMEOUT_SECONDS * 1000).toBeGreaterThan(
      WEBHOOK_DRAIN_SECONDS * 1000 + SEND_TIMEOUT_MS,
    );
    const env = prop<{ Variables: Record<string, Json> }>(fn, 'Environment').Variables;
    expect(env.WEBHOOK_DRAIN_MS).toBe(String(WEBHOOK_DRAIN_SECONDS * 1000));
    expect(refId(env.TABLE_NAME)).toBe(tableId);
  });

  it('may read, query the due index, write records and due items, and make a secret; never a key record', () => {
    const roleId = refId(prop(fn, 'Role')) ?? '';
    const statements = roleGrants(resources, roleId).statements.filter((s) =>
      asList(s.Action).some((a) => String(a).startsWith('dynamodb:')),
    );
    const table = { 'Fn::GetAtt': [tableId, 'Arn'] };
    const leading = (keys: readonly string[]) => ({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keys },
    });
    expect(statements).toEqual([
      { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: [table] },
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: table, Condition: leading(['whdue#*']) },
      {
        Effect: 'Allow',
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        Resource: table,
        Condition: leading([...WEBHOOK_PARTITIONS]),
      },
      { Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: table, Condition: leading(['use#*']) },
    ]);
    const matches = (pk: string) =>
      WEBHOOK_PARTITIONS.some((p) => new RegExp(`^${p.replace('*', '.*')}$`).test(pk));
    expect(matches(workspacePk('acme'))).toBe(true);
    expect(matches('whdue#2026-12-06')).toBe(true);
    expect(matches('key#0123456789abcdef')).toBe(false);
    expect(keyUsePk('0123456789abcdef')).toMatch(/^use#/);
  });
});
