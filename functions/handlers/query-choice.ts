/**
 * One query parameter read as one of a fixed set of words, or a 400 naming it.
 */
import { err, ok, type Result, ValidationError } from '../../core/errors.ts';
import type { HttpRequest } from '../shared/http/index.ts';

/**
 * A query parameter that picks one of `values` (`fallback` when absent): a 400 naming the parameter and
 * the values otherwise, before the body is read or anything counted.
 */
export function queryChoice<const T extends string>(
  req: HttpRequest,
  name: string,
  values: readonly T[],
  fallback: T,
): Result<T, ValidationError> {
  const raw = req.query[name];
  if (raw === undefined) return ok(fallback);
  const value = typeof raw === 'string' ? raw : raw.length === 1 ? raw[0] : undefined;
  const found = values.find((v) => v === value);
  return found !== undefined
    ? ok(found)
    : err(
        ValidationError.of(
          name,
          `query parameter ${name} must be one of ${values.join(', ')}, got ${JSON.stringify(raw)}`,
        ),
      );
}
