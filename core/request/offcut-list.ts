/**
 * One `offcuts` list on its own, in every form a request's `offcuts` takes (long form, `[length, quantity]`
 * arrays, shorthand strings, mixed): for the shell's offcut rack, which stores offcuts apart from any job.
 */
import { err, ok, type Result, ValidationError } from '../errors.ts';
import { readList } from './lists.ts';
import type { LongOffcut } from './schemas.ts';
import { IssueStream } from './sink.ts';

/**
 * Expands and checks an `offcuts` value as a request body's `offcuts` would be read.
 * Never throws.
 * @param value What was sent.
 * @param name The field's name in messages (`offcuts`).
 * @returns The long-form entries in order, or a {@link ValidationError} naming the entries at fault.
 */
export function readOffcutList(value: unknown, name = 'offcuts'): Result<LongOffcut[], ValidationError> {
  const stream = new IssueStream();
  const read = readList(value, 'offcuts', name, stream);
  if (read.entries === null || !stream.empty) return err(new ValidationError(stream.issues, !stream.dropped));
  return ok([...read.entries]);
}
