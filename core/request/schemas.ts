/**
 * Valibot schemas of the long-form optimise request (what every shorthand expands to): types, ranges,
 * bounds, decimals and enums of every field. Objects are checked for unknown fields before they get here
 * (`fields.ts`), and lists are read entry by entry (`lists.ts`), so a request with thousands of bad entries
 * stops early. Rules across fields are in `rules.ts` and `feasibility.ts`. Every message is a phrase that
 * follows the field name (`quantity must be …, got 0`). Built once, at module load.
 */
import * as v from 'valibot';
import { AXIAL_SYMMETRIES, LABEL_FORMATS, METHODS, PAPER_SIZES, UNIT_FORMATS } from '../types.ts';
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

// Each builder takes the field's meaning, carried into the OpenAPI document (parsing skips it). It goes
// into the field's own pipe rather than a pipe around it: list entries are parsed by the hundred thousand.
const d = v.description;

/** A length that must be > 0: parts, stocks, offcuts, angleCuts.width. */
const positiveLength = (meaning: string) =>
  v.pipe(number, v.gtValue(0, got('must be > 0')), atMostMaxLength, exactDecimals, d(meaning));
/** A length that may be 0: kerf, minRemnant. */
const nonNegativeLength = (meaning: string) =>
  v.pipe(number, v.minValue(0, got('must be ≥ 0')), atMostMaxLength, exactDecimals, d(meaning));

/**
 * A part's quantity: a whole number ≥ 1 with no upper bound here. Too many pieces is the tier caps' 413
 * `partsLimit`, not a bad input (`parts-limit.ts` applies the core's own ceiling, `LIMITS`).
 */
function pieces(meaning: string) {
  return v.pipe(
    v.number(got('must be a whole number')),
    v.integer(got('must be a whole number')),
    v.minValue(1, got('must be ≥ 1')),
    d(meaning),
  );
}

function count(max: number, meaning: string) {
  return v.pipe(
    v.number(got('must be a whole number')),
    v.integer(got('must be a whole number')),
    v.minValue(1, got('must be ≥ 1')),
    v.maxValue(max, got(`must be at most ${max}`)),
    d(meaning),
  );
}

/**
 * A text field: well-formed Unicode (a lone UTF-16 surrogate, which JSON's `\ud800` escape can carry, is
 * no character: it cannot be printed, URL-encoded or put in a file name), and at most `max` characters
 * counted as code points, so an emoji counts as one character, as the message says.
 */
function text(min: number, max: number, meaning: string) {
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
    // JSON Schema counts a string's length in code points too, so the document states the same rule.
    v.metadata({ minLength: min, maxLength: max }),
    d(meaning),
  );
}

const material = (meaning: string) => text(1, LIMITS.maxMaterial, meaning);

/** Raw angle in degrees; the top-angle transform and the 10..170 range are in rules.ts (they need both). */
const angle = (meaning: string) => v.pipe(number, finite, d(meaning));

const price = (meaning: string) =>
  v.pipe(
    number,
    v.minValue(0, got('must be ≥ 0')),
    v.maxValue(LIMITS.maxPrice, got(`must be at most ${LIMITS.maxPrice}`)),
    exactDecimals,
    d(meaning),
  );

const flag = (meaning: string) => v.pipe(v.boolean(got('must be true or false')), d(meaning));

const LENGTH_RULE = `> 0, at most ${LIMITS.maxLength}, at most ${LIMITS.maxDecimals} decimals`;

const PART_ENTRIES = {
  length: positiveLength(`Length of the part (${LENGTH_RULE}).`),
  quantity: pieces(
    `How many pieces of this length, a whole number ≥ 1. More pieces than the tier allows is 413 partsLimit; no tier takes more than ${LIMITS.maxPartQuantity} on one line or ${LIMITS.maxTotalParts} in a request.`,
  ),
  label: v.nullish(text(0, LIMITS.maxLabel, 'Printed on PDF piece labels; empty is none.')),
  material: v.nullish(material('Material group tag: cut only from stock of the same material.')),
  leftAngle: v.nullish(
    angle(
      'Bottom angle of the left end in degrees (a negative number is a top angle: -60 = 120); 10 to 170 after that; 90 is square. Only with angleCuts.enabled.',
    ),
  ),
  rightAngle: v.nullish(angle('Bottom angle of the right end; as leftAngle.')),
};

const STOCK_ENTRIES = {
  length: positiveLength(`Purchasable bar length (${LENGTH_RULE}).`),
  quantity: v.nullish(count(LIMITS.maxSupplyQuantity, 'Bars available; null or absent means unlimited.')),
  price: v.nullish(price('Price per bar; null or absent optimises material instead of money.')),
  material: v.nullish(material('Material group tag.')),
  priority: v.nullish(flag('Soft preference: among equally good plans, use this first.')),
  bundleSize: v.nullish(count(LIMITS.maxSupplyQuantity, 'Bars per bundle, for method bundle.')),
};

const OFFCUT_ENTRIES = {
  length: positiveLength(`Length of the owned piece (${LENGTH_RULE}).`),
  quantity: count(LIMITS.maxSupplyQuantity, 'How many of them are owned.'),
  material: v.nullish(material('Material group tag.')),
  priority: v.nullish(flag('Soft preference: among equally good plans, use this first.')),
};

const ANGLE_CUTS_ENTRIES = {
  enabled: flag(
    'Master switch: angles on parts are accepted only when true. When on, the plan is computed to a tenth of the finest unit the lengths use, so its positions, remnants and waste may carry one decimal more than the lengths sent.',
  ),
  width: v.nullish(
    positiveLength(
      'Material width, in the unit of the lengths; required when enabled. An angled cut reaches sideways by width / tan(angle).',
    ),
  ),
  axialSymmetry: v.nullish(
    v.pipe(
      oneOf(AXIAL_SYMMETRIES),
      d(
        'Which flips the material allows (default none): this decides how mitres may nest. Square tube is typically XYZ.',
      ),
    ),
  ),
};

export const partSchema = v.object(PART_ENTRIES);
export const stockSchema = v.object(STOCK_ENTRIES);
export const offcutSchema = v.object(OFFCUT_ENTRIES);
export const angleCutsSchema = v.object(ANGLE_CUTS_ENTRIES);

/** The top-level fields that are single values (lists and angleCuts are read on their own). */
const SCALAR_ENTRIES = {
  stockLength: v.nullish(
    positiveLength('One stock length, unlimited quantity. Send one of stockLength, stocks and stock.'),
  ),
  kerf: v.nullish(nonNegativeLength('Blade width consumed per cut (default 0).')),
  trim: v.nullish(flag('Take one kerf off both ends of every source before cutting (default false).')),
  method: v.nullish(
    v.pipe(
      oneOf(METHODS),
      d(
        'What to optimise (default balanced; with prices, balanced minimises cost). bundle needs stocks[].bundleSize.',
      ),
    ),
  ),
  minRemnant: v.nullish(
    nonNegativeLength('Leftovers this long or longer are returned as usableRemnants (default 0).'),
  ),
  unit: v.nullish(text(1, LIMITS.maxUnit, 'Echoed back and printed on PDFs; converts nothing (default mm).')),
  unitFormat: v.nullish(
    v.pipe(
      oneOf(UNIT_FORMATS),
      d('decimal (default) or fraction: PDF dimensions as nearest-1/64 fractions.'),
    ),
  ),
  // Above the tier's budget is capped, never refused (the spec's Limits rule 4); `meta` says so.
  timeLimit: v.nullish(
    v.pipe(
      number,
      finite,
      v.gtValue(0, got('must be > 0 seconds')),
      d(
        "Solve budget in seconds (default automatic: stop at proof, at most 5 s). A larger value than the tier's budget is capped to it, never refused: `meta.timeLimit` is the budget applied and `meta.requestedTimeLimit` the value sent when it was capped.",
      ),
    ),
  ),
};

/**
 * The presentation fields: what a file route prints, never what the solver reads. Every file route (the
 * plan PDF, the labels, the saw list) and the CLI take all of them, so one job file goes to each unchanged;
 * each uses the ones it prints (docs/api.md, Fields per route). POST and GET /v1/optimise take none.
 */
const PRESENTATION_ENTRIES = {
  jobName: v.nullish(
    text(
      0,
      LIMITS.maxJobName,
      'The job\'s name (e.g. "Hall B railings"): the plan PDF\'s title, printed on every label, and the name of every file (`cutting-plan-Hall-B-railings.pdf`, `labels-…`, `saw-list-…`).',
    ),
  ),
  paper: v.nullish(
    v.pipe(
      oneOf(PAPER_SIZES),
      d("The plan PDF's paper, A4 or Letter; absent means A4, or Letter when the unit is inches."),
    ),
  ),
  labelFormat: v.nullish(
    v.pipe(
      oneOf(LABEL_FORMATS),
      d(
        "The label PDF's stock: `a4-3x8` (default: A4 sheets of 3 × 8 labels, 70 × 37 mm) or `thermal-100x50` (one 100 × 50 mm label a page).",
      ),
    ),
  ),
};

export const jsonScalarsSchema = v.object(SCALAR_ENTRIES);
/** A file route's scalars: the JSON endpoint's and every presentation field. */
export const fileScalarsSchema = v.object({ ...SCALAR_ENTRIES, ...PRESENTATION_ENTRIES });

export const PART_KEYS: readonly string[] = Object.keys(PART_ENTRIES);
export const STOCK_KEYS: readonly string[] = Object.keys(STOCK_ENTRIES);
export const OFFCUT_KEYS: readonly string[] = Object.keys(OFFCUT_ENTRIES);
export const ANGLE_CUTS_KEYS: readonly string[] = Object.keys(ANGLE_CUTS_ENTRIES);
export const SCALAR_KEYS: readonly string[] = Object.keys(SCALAR_ENTRIES);
/** Top-level fields the file routes take and POST /v1/optimise does not. */
export const PRESENTATION_KEYS: readonly string[] = Object.keys(PRESENTATION_ENTRIES);
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
export interface LongForm extends v.InferOutput<typeof fileScalarsSchema> {
  readonly parts: readonly LongPart[];
  readonly stocks: readonly LongStock[] | null;
  readonly offcuts: readonly LongOffcut[] | null;
  readonly angleCuts: LongAngleCuts | null;
}
