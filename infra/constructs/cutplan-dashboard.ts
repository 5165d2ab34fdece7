/**
 * The operators' CloudWatch dashboard: the service's own per-request metrics (calls, refusals, busy
 * and server errors, admission and solve times, the proven share), the synthetic check, API Gateway's
 * view, and every alarm's state. docs/operations.md, "Metrics", says what each metric is.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { METRIC_DIMENSIONS, METRIC_NAMESPACE } from '../../functions/handlers/index.ts';
import { METRICS_NAMESPACE } from '../../functions/shared/telemetry.ts';
import { SYNTHETIC_SUCCESS_METRIC, serviceMetric } from './cutplan-alarms.ts';

export interface CutplanDashboardProps {
  readonly api: apigw.RestApi;
  readonly alarms: readonly cloudwatch.IAlarm[];
}

const PERIOD = Duration.minutes(5);

export class CutplanDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: CutplanDashboardProps) {
    super(scope, id);
    const sum = (name: string) => serviceMetric(name, cloudwatch.Stats.SUM);
    const byRoute = new cloudwatch.MathExpression({
      expression: `SEARCH('{${METRICS_NAMESPACE},service,route,status,tier} MetricName="Calls"', 'Sum', 300)`,
      label: '',
      period: PERIOD,
    });
    const synthetic = (name: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: METRIC_NAMESPACE,
        metricName: name,
        dimensionsMap: { ...METRIC_DIMENSIONS },
        statistic,
        period: PERIOD,
      });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operations`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 3 }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Calls, refusals (401, 413, 429, 503), busy, server errors, no plan found (422)',
        left: [sum('Calls'), sum('Refused'), sum('Busy'), sum('ServerErrors'), sum('NoPlanFound')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Calls by route, status and tier',
        left: [byRoute],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Admission and solve time (ms)',
        left: ['p50', 'p99'].flatMap((p) => [serviceMetric('AdmissionMs', p), serviceMetric('SolveMs', p)]),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Busy share and proven share of solves',
        left: [serviceMetric('Busy', cloudwatch.Stats.AVERAGE)],
        right: [serviceMetric('Proven', cloudwatch.Stats.AVERAGE)],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Synthetic check',
        left: [synthetic(SYNTHETIC_SUCCESS_METRIC, cloudwatch.Stats.MINIMUM)],
        right: [synthetic('SyntheticLatencyMs', cloudwatch.Stats.MAXIMUM)],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API Gateway: 5xx share and p99 latency',
        left: [props.api.metricServerError({ period: PERIOD, statistic: cloudwatch.Stats.AVERAGE })],
        right: [props.api.metricLatency({ period: PERIOD, statistic: cloudwatch.Stats.p(99) })],
        width: 12,
      }),
    );
  }
}
