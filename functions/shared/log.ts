/**
 * Structured logging for the shell: one JSON object per line, so CloudWatch Logs Insights can query the
 * fields. Handlers take a {@link Logger} so tests can collect or silence the lines.
 */
import { SERVICE_NAME } from './telemetry.ts';

export interface Logger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/**
 * A logger writing JSON lines through `write` (stdout by default, which Lambda ships unchanged), shaped
 * as Powertools Logger shapes its lines (`level`, `message`, `timestamp`, `service`), so the light
 * functions and the solving ones (which log through Powertools) can be queried alike.
 */
export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const emit = (level: string, message: string, fields: Readonly<Record<string, unknown>> = {}) =>
    write(
      `${JSON.stringify({ level, message, timestamp: new Date().toISOString(), service: SERVICE_NAME, ...fields })}\n`,
    );
  return {
    info: (message, fields) => emit('INFO', message, fields),
    error: (message, fields) => emit('ERROR', message, fields),
  };
}

/** The log fields of a thrown value, whatever it is: name, message and stack of an Error. */
export function errorFields(error: unknown): Readonly<Record<string, unknown>> {
  if (error instanceof Error)
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { thrown: String(error) };
}
