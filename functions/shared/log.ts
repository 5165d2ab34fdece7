/**
 * Structured logging for the shell: one JSON object per line, so CloudWatch Logs Insights can query the
 * fields. Handlers take a {@link Logger} so tests can collect or silence the lines.
 */
export interface Logger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** A logger writing JSON lines through `write` (stdout by default, which Lambda ships unchanged). */
export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const emit = (level: string, message: string, fields: Readonly<Record<string, unknown>> = {}) =>
    write(`${JSON.stringify({ level, message, ...fields })}\n`);
  return {
    info: (message, fields) => emit('info', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

/** The log fields of a thrown value, whatever it is: name, message and stack of an Error. */
export function errorFields(error: unknown): Readonly<Record<string, unknown>> {
  if (error instanceof Error)
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { thrown: String(error) };
}
