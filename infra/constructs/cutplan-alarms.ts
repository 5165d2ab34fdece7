/**
 * The alarms that say cutplan is unwell, all sent to one SNS topic (alarm and recovery). What each
 * one means and what to look at first is in docs/deploy.md, "Reading the alarms".
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC_DIMENSIONS, METRIC_NAMESPACE } from '../../functions/handlers/index.ts';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/shared/telemetry.ts';
import { TIERS } from '../../functions/shared/tiers.ts';

/** The metric the synthetic check writes in its EMF line: 1 when every check passed, else 0. */
export const SYNTHETIC_SUCCESS_METRIC = 'SyntheticSuccess';

const PERIOD = Duration.minutes(5);

/** Share of calls answered 503 `busy` (slots full, or the limits table unavailable) that pages. */
export const BUSY_RATE_THRESHOLD = 0.1;

/** One of the service's own per-request metrics (functions/shared/telemetry.ts), over every call. */
export function serviceMetric(name: string, statistic: string): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: SERVICE_NAME },
    statistic,
    period: PERIOD,
  });
}

/** Share of API answers that may be 5xx (500s, 502/504 from the gateway, and 503 busy) in a period. */
export const SERVER_ERROR_RATE_THRESHOLD = 0.05;

/**
 * p99 latency that means trouble, sustained over 15 minutes. Public and automatic-budget calls finish
 * within the public budget plus headroom; paid clients who routinely ask for long `timeLimit`s push p99
 * past it too, which is then worth knowing for capacity. Tune it to the traffic you see.
 */
export const P99_LATENCY_THRESHOLD_MS = (TIERS.public.budgetSeconds + 10) * 1000;

/** CloudWatch's most metrics in one alarm's math expression. */
const MAX_ALARM_METRICS = 10;

export interface CutplanAlarmsProps {
  readonly api: apigw.RestApi;
  /** Functions whose throttles are counted. */
  readonly functions: readonly lambda.IFunction[];
  /** Subscribed to the alarm topic when given. */
  readonly email?: string;
}

export class CutplanAlarms extends Construct {
  readonly topic: sns.Topic;
  readonly synthetic: cloudwatch.Alarm;
  readonly serverErrors: cloudwatch.Alarm;
  /** The first throttle alarm (of `throttleAlarms`). */
  readonly throttles: cloudwatch.Alarm;
  /**
   * One throttle alarm per 10 functions: CloudWatch allows 10 metrics in an alarm's math expression, and
   * the service has more functions than that.
   */
  readonly throttleAlarms: readonly cloudwatch.Alarm[];
  readonly latency: cloudwatch.Alarm;
  readonly busy: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: CutplanAlarmsProps) {
    super(scope, id);
    const prefix = Stack.of(this).stackName;
    // enforceSSL: a topic policy that denies publishing over plain HTTP.
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'cutplan alarms', enforceSSL: true });
    if (props.email !== undefined)
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));

    this.synthetic = new cloudwatch.Alarm(this, 'SyntheticFailing', {
      alarmName: `${prefix}-synthetic-check-failing`,
      alarmDescription:
        'The scheduled synthetic check (health, then a small job with a known optimum) failed twice in a row, ' +
        'or reported nothing for 10 minutes. Its log group has the failures listed in the EMF line.',
      metric: new cloudwatch.Metric({
        namespace: METRIC_NAMESPACE,
        metricName: SYNTHETIC_SUCCESS_METRIC,
        dimensionsMap: { ...METRIC_DIMENSIONS },
        statistic: cloudwatch.Stats.MINIMUM,
        period: PERIOD,
      }),
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      threshold: 1,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      // No report at all (the check did not run, or crashed before writing) is a failure too.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });

    this.serverErrors = new cloudwatch.Alarm(this, 'ServerErrors', {
      alarmName: `${prefix}-api-5xx`,
      alarmDescription: `More than ${SERVER_ERROR_RATE_THRESHOLD * 100}% of API answers in 5 minutes were 5xx.`,
      // 5XXError is 0 or 1 per request, so its average is the share of 5xx answers.
      metric: props.api.metricServerError({ period: PERIOD, statistic: cloudwatch.Stats.AVERAGE }),
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      threshold: SERVER_ERROR_RATE_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    const groups: lambda.IFunction[][] = [];
    for (let i = 0; i < props.functions.length; i += MAX_ALARM_METRICS) {
      groups.push(props.functions.slice(i, i + MAX_ALARM_METRICS));
    }
    this.throttleAlarms = groups.map(
      (group, g) =>
        new cloudwatch.Alarm(this, g === 0 ? 'Throttles' : `Throttles${g + 1}`, {
          alarmName: `${prefix}-lambda-throttles${g === 0 ? '' : `-${g + 1}`}`,
          alarmDescription: 'A cutplan function was throttled (account or reserved concurrency exhausted).',
          metric: new cloudwatch.MathExpression({
            expression: 'SUM(METRICS())',
            usingMetrics: Object.fromEntries(
              group.map((fn, i) => [`t${i}`, fn.metricThrottles({ period: PERIOD })]),
            ),
            period: PERIOD,
            label: `throttles, cutplan functions (group ${g + 1} of ${groups.length})`,
          }),
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          threshold: 1,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );
    const [first] = this.throttleAlarms;
    if (first === undefined) throw new Error('CutplanAlarms needs at least one function');
    this.throttles = first;

    this.latency = new cloudwatch.Alarm(this, 'Latency', {
      alarmName: `${prefix}-api-p99-latency`,
      alarmDescription: `API p99 latency above ${P99_LATENCY_THRESHOLD_MS / 1000} s for 15 minutes.`,
      metric: props.api.metricLatency({ period: PERIOD, statistic: cloudwatch.Stats.p(99) }),
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      threshold: P99_LATENCY_THRESHOLD_MS,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.busy = new cloudwatch.Alarm(this, 'Busy', {
      alarmName: `${prefix}-busy-rate`,
      alarmDescription:
        `More than ${BUSY_RATE_THRESHOLD * 100}% of calls were answered 503 busy in two 5-minute periods in a ` +
        'row: solve slots full, or the limits table slow or unavailable (its "source":"limits" log lines say which).',
      // Busy is 0 or 1 per call, so its average is the busy share.
      metric: serviceMetric('Busy', cloudwatch.Stats.AVERAGE),
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      threshold: BUSY_RATE_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    const action = new actions.SnsAction(this.topic);
    for (const alarm of [
      this.synthetic,
      this.serverErrors,
      ...this.throttleAlarms,
      this.latency,
      this.busy,
    ]) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}
