/**
 * Which form field a 400's detail is about. The API joins up to ten problems with "; ", each starting
 * with the path of the field it names (`parts[1] "2400x0": …`, `kerf: …`, `stock[0] …`); the page puts
 * each message beside its field, and anything it cannot place under the form.
 */
const FIELD_OF_PATH: readonly [RegExp, string][] = [
  [/^(parts|row \d+)\b/, 'parts'],
  [/^(stock|stocks|stockLength)\b/, 'stock'],
  [/^offcuts\b/, 'offcuts'],
  [/^kerf\b/, 'kerf'],
  [/^minRemnant\b/, 'minRemnant'],
  [/^method\b/, 'method'],
  [/^(unit|unitFormat)\b/, 'unit'],
  [/^angleCuts\b/, 'angleCuts'],
  [/^timeLimit\b/, 'timeLimit'],
];

/** Messages about the request as a whole that still concern one field. */
const FIELD_OF_MESSAGE: readonly [RegExp, string][] = [
  [/nothing to cut from|send only one of stock/, 'stock'],
  [/parts is required/, 'parts'],
  [/X-API-Key|API key/, 'key'],
];

const STARTS =
  /; (?=(?:parts|stock|stocks|stockLength|offcuts|kerf|minRemnant|method|unit|unitFormat|trim|timeLimit|angleCuts)[\s[.:]|row \d+)/;

/** Splits a detail into messages and the field each belongs to (`general` when none). */
export function fieldsOfDetail(detail: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const message of detail.split(STARTS)) {
    const field =
      FIELD_OF_PATH.find(([re]) => re.test(message))?.[1] ??
      FIELD_OF_MESSAGE.find(([re]) => re.test(message))?.[1] ??
      'general';
    out.set(field, [...(out.get(field) ?? []), message]);
  }
  return out;
}
