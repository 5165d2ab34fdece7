/**
 * Field-level reporting shared by every object of the request: unknown fields (with a did-you-mean) and
 * valibot issues turned into sentences that name the field.
 */
import type * as v from 'valibot';
import { didYouMean } from './did-you-mean.ts';
import { quote } from './show.ts';
import type { IssueStream } from './sink.ts';

/**
 * Reports every key of `object` that is not in `known`, under `where` (the item's name, or '' for the body).
 * `special` may give a better message for a key (a PDF-only field sent to the JSON endpoint).
 */
export function unknownFields(
  object: Readonly<Record<string, unknown>>,
  known: readonly string[],
  where: string | (() => string),
  stream: IssueStream,
  special: (key: string) => string | null = () => null,
): void {
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    stream.add({
      path: typeof where === 'string' ? where : where(),
      message: special(key) ?? `unknown field ${quote(key)}${didYouMean(key, known)}`,
    });
    if (stream.dropped) return;
  }
}

/**
 * Reports the valibot issues of one flat object. `entry` style puts the field into the message after the
 * item (`parts[3] (2400): quantity must be ≥ 1, got 0`); `field` style makes it the path (`kerf: must be ≥ 0`).
 */
export function fieldIssues(
  issues: readonly v.BaseIssue<unknown>[],
  where: string,
  style: 'entry' | 'field',
  stream: IssueStream,
  rename: (field: string) => string = (f) => f,
): void {
  for (const issue of issues) {
    const first = issue.path?.[0];
    const field = first === undefined ? undefined : rename(String(first.key));
    if (field === undefined) stream.add({ path: where, message: issue.message });
    else if (issue.kind === 'schema' && issue.input === undefined && first?.origin === 'key') {
      stream.add({ path: where, message: `${field} is required` });
    } else if (style === 'entry') stream.add({ path: where, message: `${field} ${issue.message}` });
    else stream.add({ path: where === '' ? field : `${where}.${field}`, message: issue.message });
    if (stream.dropped) return;
  }
}
