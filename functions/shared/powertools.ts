/**
 * The solving functions' telemetry through Powertools for AWS Lambda: the request line and error lines
 * through its Logger (JSON with level, timestamp, service and the X-Ray trace id in Lambda), the
 * request's metrics through its Metrics (EMF). Loaded by `optimise` and `optimise-pdf` only: the light
 * functions write the same line with `lineTelemetry` and stay a few KiB. Tracer is not used: see
 * docs/operations.md, "Tracing".
 */
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Logger } from './log.ts';
import {
  METRICS_NAMESPACE,
  type MetricUnitName,
  outcomeStatus,
  requestLogFields,
  requestMetrics,
  SERVICE_NAME,
  type Telemetry,
} from './telemetry.ts';

const UNITS: Readonly<Record<MetricUnitName, (typeof MetricUnit)[keyof typeof MetricUnit]>> = {
  Count: MetricUnit.Count,
  Milliseconds: MetricUnit.Milliseconds,
};

export interface PowertoolsTelemetry {
  readonly log: Logger;
  readonly telemetry: Telemetry;
}

/**
 * One Logger and one Metrics per container. Metrics are published in Lambda only (locally the log line
 * shows the request; `POWERTOOLS_METRICS_DISABLED=false` prints the EMF lines too).
 */
export function powertoolsTelemetry(
  env: Readonly<Record<string, string | undefined>> = process.env,
): PowertoolsTelemetry {
  const logger = new PowertoolsLogger({ serviceName: SERVICE_NAME });
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });
  const metricsOn =
    env.POWERTOOLS_METRICS_DISABLED === undefined
      ? env.AWS_LAMBDA_FUNCTION_NAME !== undefined
      : env.POWERTOOLS_METRICS_DISABLED.toLowerCase() !== 'true';
  return {
    log: {
      info: (message, fields = {}) => logger.info(message, { ...fields }),
      error: (message, fields = {}) => logger.error(message, { ...fields }),
    },
    telemetry: {
      request(record) {
        const fields = requestLogFields(record);
        if (outcomeStatus(record) >= 500) logger.error('request', fields);
        else logger.info('request', fields);
        if (!metricsOn) return;
        const { dimensions, metrics: values } = requestMetrics(record);
        // The request's dimensions as the regular set, plus an empty extra set: Powertools then writes
        // both [service, route, status, tier] and [service] (the alarms' set). With the request's
        // dimensions as the extra set instead, the [service] set would be missing.
        for (const [name, value] of Object.entries(dimensions)) metrics.addDimension(name, value);
        metrics.addDimensions({});
        for (const m of values) metrics.addMetric(m.name, UNITS[m.unit], m.value);
        metrics.publishStoredMetrics();
      },
    },
  };
}
