/**
 * The request pipeline: read (shorthand expanded, every field checked) → cross-field rules → normalise
 * (exact scale) → feasibility. Each stage reports every problem it finds,
 * up to the first few of each part of the request; a stage runs only when the one before found none,
 * because its rules need the values the earlier stage vouched for.
 */
import { err, ok, type PartsLimitError, type Result, ValidationError } from '../errors.ts';
import type { OptimiseRequest } from '../types.ts';
import { feasibilityIssues } from './feasibility.ts';
import { normalise } from './normalise.ts';
import { partsLimitError } from './parts-limit.ts';
import { type Endpoint, readBody } from './read-body.ts';
import { crossFieldIssues } from './rules.ts';
import { isRecord, show } from './show.ts';
import { errorOf, IssueStream } from './sink.ts';

export type { Endpoint } from './read-body.ts';

/** A 400 for a bad request, or a 413 for more pieces than any tier takes. */
type Parsed = Result<OptimiseRequest, ValidationError | PartsLimitError>;

/** `head` holds issues found before the body (the GET query mapping); they are reported first. */
function run(body: unknown, endpoint: Endpoint, head: IssueStream): Parsed {
  if (!isRecord(body)) {
    head.add({ path: '', message: `the request body must be a JSON object, got ${show(body)}` });
    return err(errorOf([head]) ?? ValidationError.of('', 'the request body must be a JSON object'));
  }
  const read = readBody(body, endpoint, head);
  if (!read.ok) return err(errorOf(read.streams) ?? ValidationError.of('', 'the request is not valid'));
  if (!head.empty) return err(errorOf([head]) ?? ValidationError.of('', 'the request is not valid'));

  // More pieces than any tier takes is a 413, once the request is otherwise well formed.
  const tooMany = partsLimitError(read.long.parts, read.origins);
  if (tooMany !== null) return err(tooMany);

  const rules = new IssueStream();
  crossFieldIssues(read.long, read.origins, rules);
  const ruleError = errorOf([rules]);
  if (ruleError !== null) return err(ruleError);

  const request = normalise(read.long);
  const feasibility = new IssueStream();
  feasibilityIssues(request, read.origins, feasibility);
  const feasibilityError = errorOf([feasibility]);
  return feasibilityError === null ? ok(request) : err(feasibilityError);
}

/**
 * The "never throws" promise for inputs JSON cannot produce (a getter that throws, a revoked Proxy): such a
 * body is refused as unreadable. The fuzz tests check that no JSON value ever reaches this branch.
 */
function guarded(parse: () => Parsed): Parsed {
  try {
    return parse();
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : show(error);
    return err(ValidationError.of('', `the request body could not be read (${reason})`));
  }
}

/**
 * Parses and normalises the body of an optimise request (long form, any shorthand form, or a mix).
 * Never throws, whatever `body` is.
 * @param body The parsed JSON body.
 * @param endpoint The route called: a file route (`pdf`, `labels`, `csv`) also takes the presentation fields
 *   (`jobName`, `paper`, `labelFormat`); `json` (POST /v1/optimise) takes none.
 * @returns The normalised request, a {@link ValidationError} naming up to ten problems, or a
 *   {@link PartsLimitError} when a part line or the request holds more pieces than any tier allows.
 */
export function parseOptimiseBody(body: unknown, endpoint: Endpoint): Parsed {
  return guarded(() => run(body, endpoint, new IssueStream()));
}

/** Parses a body mapped from a GET query; `head` holds the problems found while mapping it. */
export function parseMappedQuery(body: Readonly<Record<string, unknown>>, head: IssueStream): Parsed {
  return guarded(() => run(body, 'query', head));
}
