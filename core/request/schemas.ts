/**
 * Valibot schemas of the long-form optimise request (what every shorthand expands to): types, ranges,
 * bounds, decimals and enums of every field. Objects are checked for unknown fields before they get here
 * (`fields.ts`), and lists are read entry by entry (`lists.ts`), so a request with thousands of bad entries
 * stops early. Rules across fields are in `rules.ts` and `feasibility.ts`. Every message is a phrase that
 * follows the field name (`quantity must be …, got 0`). Built once, at module load.
 */
import * as v from 'valibot';
import { AXIAL_SYMMETRIES, METHODS, PAPER_SIZES, UNIT_FORMATS } from '../types.ts';
import { decimalsOf } from './decimals.ts';
import { didYouMean } from './did-you-mean.ts';
import { LIMITS } from './limits.ts';
import { codePoints, LONE_SURROGATE, show } from './show.ts';

type Message = (issue: v.BaseIssue<unknown>) => string;

/** `text, got <value>`: every message quotes what was sent. */
const got =
  (text: string): Message =>
  (issue) =>
    `${text}, got ${show(issue.input)}`;

/** One of a fixed list; a near miss gets a suggestion. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return v.picklist(values, (issue) => {
    const hint = typeof issue.input === 'string' ? didYouMean(issue.input, values) : '';
    return `must be one of ${values.join(', ')}, got ${show(issue.input)}${hint}`;
  });
}

const exactDecimals = v.check(
  (x: number) => decimalsOf(x) <= LIMITS.maxDecimals,
  got(`has more than ${LIMITS.maxDecimals} decimals (at most ${LIMITS.maxDecimals} are kept exact)`),
);

const number = v.number(got('must be a number'));
const finite = v.finite<number, Message>(got('must be a finite number'));
const atMostMaxLength = v.maxValue<number, number, Message>(
  LIMITS.maxLength,
  got(`must be at most ${LIMITS.maxLength}`),
);

/** A length that must be > 0: parts, stocks, offcuts, angleCuts.width. */
const positiveLength = v.pipe(number, v.gtValue(0, got('must be > 0')), atMostMaxLength, exactDecimals);
/** A length that may be 0: kerf, minRemnant. */
const nonNegativeLength = v.pipe(number, v.minValue(0, got('must be ≥ 0')), atMostMaxLength, exactDecimals);

function count(max: number) {
  return v.pipe(
    v.number(got('must be a whole number')),
    v.integer(got('must be a whole number')),
    v.minValue(1, got('must be ≥ 1')),
    v.maxValue(max, got(`must be at most ${max}`)),
  );
}

/**
 * A text field: well-formed Unicode (a lone UTF-16 surrogate, which JSON's `\ud800` escape can carry, is
 * no character: it cannot be printed, URL-encoded or put in a file name), and at most `max` characters
 * counted as code points, so an emoji counts as one character, as the message says.
 */
function text(min: number, max: number) {
  return v.pipe(
    v.string(got('must be a string')),
    v.check(
      (s: string) => !LONE_SURROGATE.test(s),
      'must be valid Unicode text, but has a lone UTF-16 surrogate (half of an emoji or other character)',
    ),
    v.check((s: string) => s.length >= min, 'must not be empty'),
    v.check(
      (s: string) => codePoints(s) <= max,
      (issue) => `must be at most ${max} characters, got ${codePoints(issue.input as string)}`,
    ),
  );
}

const material = text(1, LIMITS.maxMaterial);

/** Raw angle in degrees; the top-angle transform and the 10..170 range are in rules.ts (they need both). */
const angle = v.pipe(number, finite);

const price = v.pipe(
  number,
  v.minValue(0, got('must be ≥ 0')),
  v.maxValue(LIMITS.maxPrice, got(`must be at most ${LIMITS.maxPrice}`)),
  exactDecimals,
);

const flag = v.boolean(got('must be true or false'));

const PART_ENTRIES = {
  length: positiveLength,
  quantity: count(LIMITS.maxPartQuantity),
  label: v.nullish(text(0, LIMITS.maxLabel)),
  material: v.nullish(material),
  leftAngle: v.nullish(angle),
  rightAngle: v.nullish(angle),
};

const STOCK_ENTRIES = {
  length: positiveLength,
  quantity: v.nullish(count(LIMITS.maxSupplyQuantity)),
  price: v.nullish(price),
  material: v.nullish(material),
  priority: v.nullish(flag),
  bundleSize: v.nullish(count(LIMITS.maxSupplyQuantity)),
};

const OFFCUT_ENTRIES = {
  length: positiveLength,
  quantity: count(LIMITS.maxSupplyQuantity),
  material: v.nullish(material),
  priority: v.nullish(flag),
};

const ANGLE_CUTS_ENTRIES = {
  enabled: flag,
  width: v.nullish(positiveLength),
  axialSymmetry: v.nullish(oneOf(AXIAL_SYMMETRIES)),
};

export const partSchema = v.object(PART_ENTRIES);
export const stockSchema = v.object(STOCK_ENTRIES);
export const offcutSchema = v.object(OFFCUT_ENTRIES);
export const angleCutsSchema = v.object(ANGLE_CUTS_ENTRIES);

/** The top-level fields that are single values (lists and angleCuts are read on their own). */
const SCALAR_ENTRIES = {
  stockLength: v.nullish(positiveLength),
  kerf: v.nullish(nonNegativeLength),
  trim: v.nullish(flag),
  method: v.nullish(oneOf(METHODS)),
  minRemnant: v.nullish(nonNegativeLength),
  unit: v.nullish(text(1, LIMITS.maxUnit)),
  unitFormat: v.nullish(oneOf(UNIT_FORMATS)),
  timeLimit: v.nullish(
    v.pipe(
      number,
      v.gtValue(0, got('must be > 0 seconds')),
      v.maxValue(LIMITS.maxTimeLimit, got(`must be at most ${LIMITS.maxTimeLimit} seconds`)),
    ),
  ),
};

/** Fields only the PDF endpoint accepts. */
const PDF_ENTRIES = {
  jobName: v.nullish(text(0, LIMITS.maxJobName)),
  paper: v.nullish(oneOf(PAPER_SIZES)),
};

export const jsonScalarsSchema = v.object(SCALAR_ENTRIES);
export const pdfScalarsSchema = v.object({ ...SCALAR_ENTRIES, ...PDF_ENTRIES });

export const PART_KEYS: readonly string[] = Object.keys(PART_ENTRIES);
export const STOCK_KEYS: readonly string[] = Object.keys(STOCK_ENTRIES);
export const OFFCUT_KEYS: readonly string[] = Object.keys(OFFCUT_ENTRIES);
export const ANGLE_CUTS_KEYS: readonly string[] = Object.keys(ANGLE_CUTS_ENTRIES);
export const SCALAR_KEYS: readonly string[] = Object.keys(SCALAR_ENTRIES);
/** Top-level fields only the PDF endpoint takes. */
export const PDF_KEYS: readonly string[] = Object.keys(PDF_ENTRIES);
/** Top-level fields of POST /v1/optimise, `stock` shorthand included. */
export const JSON_KEYS: readonly string[] = [
  'parts',
  'stock',
  'stocks',
  'offcuts',
  'angleCuts',
  ...SCALAR_KEYS,
];

export type LongPart = v.InferOutput<typeof partSchema>;
export type LongStock = v.InferOutput<typeof stockSchema>;
export type LongOffcut = v.InferOutput<typeof offcutSchema>;
export type LongAngleCuts = v.InferOutput<typeof angleCutsSchema>;

/** The long-form request once every field is valid on its own. */
export interface LongForm extends v.InferOutput<typeof pdfScalarsSchema> {
  readonly parts: readonly LongPart[];
  readonly stocks: readonly LongStock[] | null;
  readonly offcuts: readonly LongOffcut[] | null;
  readonly angleCuts: LongAngleCuts | null;
}
