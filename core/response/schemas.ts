/**
 * The response bodies as valibot schemas: the one description of what the API returns. The TypeScript
 * types of `core/types.ts` are inferred from them, the OpenAPI document is generated from them (with the
 * `description` of each field), and tests check real handler answers against them. Objects are strict, so
 * a field added to an answer without being described here fails those tests; the published document
 * leaves them open, because fields are added and never removed and clients must ignore the unknown ones.
 * Numbers are in the caller's unit (`scaled / scale`).
 */
import * as v from 'valibot';
import { METHODS, OBJECTIVES, UNIT_FORMATS } from '../vocabulary.ts';

const d = v.description;
const num = (text: string) => v.pipe(v.number(), d(text));
const int = (text: string) => v.pipe(v.number(), v.integer(), d(text));
const count = (text: string) => v.pipe(v.number(), v.integer(), v.minValue(0), d(text));
const str = (text: string) => v.pipe(v.string(), d(text));
const opt = v.exactOptional;

const material = opt(str('Material group of the item; absent for untagged items.'));

export const wasteSchema = v.pipe(
  v.strictObject({
    total: num('Source length minus the parts cut from it: saw + remnant.'),
    remnant: num('The leftover end after the last cut.'),
    saw: num('Material the blade removed: kerf between pieces, trim, and the cut that frees the leftover.'),
  }),
  d('Waste of one bar.'),
);

export const placedPartSchema = v.pipe(
  v.strictObject({
    part: int("Index of the part in the request's `parts` (after shorthand expansion)."),
    length: num('Length of the piece.'),
    label: opt(str("The part's label, when it has one.")),
    orientation: opt(
      v.pipe(
        v.picklist(['none', 'X', 'Y', 'Z']),
        d('Angle mode: the turn applied to the piece as entered (`none`, or 180° about the X, Y or Z axis).'),
      ),
    ),
    leftAngle: opt(
      v.pipe(
        v.nullable(v.number()),
        d(
          'Angle mode: the bottom angle of the left end as placed (after the turn), 10 to 170; null when square.',
        ),
      ),
    ),
    rightAngle: opt(
      v.pipe(
        v.nullable(v.number()),
        d(
          'Angle mode: the bottom angle of the right end as placed (after the turn), 10 to 170; null when square.',
        ),
      ),
    ),
  }),
  d("A piece in a layout, in cut order from the bar's zero end."),
);

export const cutPositionSchema = v.pipe(
  v.union([
    v.pipe(v.number(), d('A square cut.')),
    v.pipe(v.tuple([v.number(), v.number()]), d('An angled cut: `[top, bottom]`.')),
  ]),
  d("A saw cut measured from the bar's zero end: one number when square, `[top, bottom]` when angled."),
);

export const usedCombSchema = v.pipe(
  v.strictObject({
    combination: v.pipe(v.array(v.number()), d('Part lengths cut from the bar, in cut order.')),
    length: num('Length of the source bar.'),
    source: v.pipe(v.picklist(['stock', 'offcut']), d('Whether the bar is bought stock or an owned offcut.')),
    sourceIndex: int(
      "Index of the source entry in the request's `stocks` (a `stockLength` is entry 0) or `offcuts`.",
    ),
    waste: wasteSchema,
    material,
    parts: v.pipe(v.array(placedPartSchema), d('The pieces in cut order.')),
    cutPositions: v.pipe(v.array(cutPositionSchema), d('Every saw cut, from the zero end.')),
    bundleBars: opt(count('Method `bundle`: how many of these bars came off a full bundle.')),
    rackId: opt(
      str(
        '`"offcuts": "rack"` only: the id of the rack entry this offcut bar comes from (`GET /v1/offcuts`).',
      ),
    ),
  }),
  d('One distinct layout: what is cut from one bar.'),
);

export const combinationSchema = v.pipe(
  v.strictObject({
    usedComb: usedCombSchema,
    count: count('How many bars are cut this way.'),
  }),
  d('A layout and how many bars it is used on.'),
);

export const purchaseSchema = v.pipe(
  v.strictObject({
    stock: int("Index of the stock entry in the request's `stocks` (a `stockLength` is entry 0)."),
    length: num('Bar length to buy.'),
    count: count('Bars to buy.'),
    price: opt(num('Price per bar, when the stocks carry prices.')),
    cost: opt(num('count × price, when the stocks carry prices.')),
    material,
  }),
  d('One line of the shopping list.'),
);

export const leftoverSchema = v.pipe(
  v.strictObject({ length: num('Length.'), count: count('How many.'), material }),
  d('A usable remnant or an unused offcut.'),
);

export const planSchema = v.pipe(
  v.strictObject({
    combinations: v.pipe(v.array(combinationSchema), d('One entry per distinct layout.')),
    purchases: v.pipe(v.array(purchaseSchema), d('The shopping list.')),
    usableRemnants: v.pipe(v.array(leftoverSchema), d('Leftovers ≥ `minRemnant`, largest first.')),
    unusedOffcuts: v.pipe(v.array(leftoverSchema), d('Offcuts the plan did not need, largest first.')),
    stockBarsUsed: count('Total bars to purchase.'),
    stockBarsLowerBound: num('Provable minimum number of bars (a relaxation; may be loose).'),
    totalWaste: num('Total waste of the plan.'),
    optimal: v.pipe(
      v.boolean(),
      d('True only when it is proven that no better plan exists (exhaustive search or a met floor).'),
    ),
    verified: v.pipe(v.boolean(), d('Always true on success: the plan was re-checked against the request.')),
    solveTimeMs: num('Solve time in milliseconds.'),
    id: opt(
      str(
        '`"offcuts": "rack"` only: the id the plan is stored under (`GET /v1/plans/{id}`, `POST /v1/plans/{id}/cut`).',
      ),
    ),
  }),
  d('The cutting plan.'),
);

const STATS_ENTRIES = {
  totalParts: count('Pieces cut (sum of quantities).'),
  totalPartsLength: num('Total length of the pieces.'),
  totalUsedLength: num('Total length of the sources used.'),
  yieldPercent: num('totalPartsLength / totalUsedLength × 100.'),
  cutCount: count('Saw cuts over the whole plan.'),
  layoutCount: count('Distinct layouts.'),
  totalCost: v.pipe(v.nullable(v.number()), d('Cost of the purchases; null without prices.')),
  trueWaste: num('Waste that is not a usable remnant.'),
  sawStops: opt(
    count(
      "Saw stop settings: how often the length stop moves when the plan is cut in the saw sheet's order, with stops at the cut positions from the bar's zero end (one per cut of a layout; the next layout of the same material, source and length keeps the stops of the leading cuts it shares). See docs/api.md, Saw stops.",
    ),
  ),
};

export const materialStatsSchema = v.pipe(
  v.strictObject({
    ...STATS_ENTRIES,
    stockBarsUsed: count('Bars to purchase for this material.'),
    setups: opt(count('Distinct saw setups of this material group.')),
  }),
  d('The statistics of one material group.'),
);

export const statsSchema = v.pipe(
  v.strictObject({
    ...STATS_ENTRIES,
    byMaterial: opt(
      v.pipe(
        v.record(v.string(), materialStatsSchema),
        d('Per material group, when material groups are used; the untagged group\'s key is "".'),
      ),
    ),
    fullBundleBars: opt(count('Method `bundle`: purchased bars cut in full bundles.')),
    singleBars: opt(
      count('Method `bundle`: purchased bars not in a full bundle (offcut bars count in neither).'),
    ),
    bundleEfficiency: opt(
      num(
        'Method `bundle`: fullBundleBars / stockBarsUsed, rounded half up to 4 decimals; 0 when nothing is bought.',
      ),
    ),
    setups: opt(
      count(
        'Saw setups: distinct patterns (source length and piece lengths in cut order; with angle cuts each piece also with its end angles as placed) per material group, summed; labels, turns giving the same angles and the stock entry do not make a new setup, so setups ≤ layoutCount.',
      ),
    ),
    setupsLowerBound: opt(
      count(
        'Methods `fewest_setups` and `bundle`: a proven lower bound on the setups of any plan of this cost.',
      ),
    ),
    setupsOptimal: opt(
      v.pipe(v.boolean(), d('Methods `fewest_setups` and `bundle`: true when setups meet setupsLowerBound.')),
    ),
  }),
  d('Job statistics.'),
);

export const metaSchema = v.pipe(
  v.strictObject({
    method: v.pipe(v.picklist(METHODS), d('The method used.')),
    kerf: num('The kerf used.'),
    tier: str("The tier that served the call: `public` for the free tier, else the key's tier."),
    poweredBy: str('Attribution text.'),
    unit: str("The request's `unit`, echoed."),
    unitFormat: v.pipe(v.picklist(UNIT_FORMATS), d("The request's `unitFormat`, echoed.")),
    objective: opt(v.pipe(v.picklist(OBJECTIVES), d('What the plan minimised: money or material.'))),
    timeLimit: num(
      "The solve budget applied, in seconds: the request's `timeLimit` (or the automatic budget) capped by the tier's budget and by the time the function has left.",
    ),
    requestedTimeLimit: opt(
      num(
        "Present only when the request's `timeLimit` was capped: the value sent, in seconds (`timeLimit` is what was applied).",
      ),
    ),
  }),
  d('About the call.'),
);

export const optimiseResponseSchema = v.pipe(
  v.strictObject({
    plan: planSchema,
    stats: statsSchema,
    costLowerBound: v.pipe(
      v.nullable(v.number()),
      d('Provable minimum cost; null when no prices were supplied.'),
    ),
    meta: metaSchema,
  }),
  d('A verified cutting plan.'),
);

export const healthResponseSchema = v.pipe(
  v.strictObject({
    status: v.pipe(v.literal('ok'), d('`ok` when healthy.')),
    version: str('Version of the service.'),
    solver: str('Name of the solver and its LP engine.'),
  }),
  d('Health of the service.'),
);

/** `{error, detail}` plus the 429's reset fields. */
export const errorBodySchema = v.pipe(
  v.strictObject({
    error: str('A short code; see the status.'),
    detail: str('What went wrong, naming the offending part, stock, offcut, material or header.'),
    retryAfterSeconds: opt(
      num(
        '429 and 503: seconds to wait before retrying (429: until the limit resets; 503: until a solve slot is likely free). Same as the `Retry-After` header.',
      ),
    ),
    resetAt: opt(v.pipe(v.string(), v.isoTimestamp(), d('429 only: when the limit resets (ISO 8601, UTC).'))),
  }),
  d('An error.'),
);

/** Readonly all the way down (arrays and tuples included). */
export type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;
