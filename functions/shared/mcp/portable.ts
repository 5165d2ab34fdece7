/**
 * The MCP tools' input schemas in the portable subset of JSON Schema (docs/mcp.md, Tool schemas): only
 * `type` (one name), `properties`, `required`, `items`, `enum`, `description`, `default`,
 * `minimum`/`maximum`, `minItems`/`maxItems`, and `anyOf` where a field really takes two forms; every
 * property described, with an example. Function-calling stacks that refuse `$ref`, `oneOf`, `prefixItems` or
 * long patterns take these as they are.
 *
 * The schema is advisory: it shows the common forms (shorthand text or a list of objects), while the tool
 * still reads its arguments with the request parser, which takes every form the HTTP API takes and answers
 * a bad argument with the 400's detail. Limits and word lists come from the parser's own constants.
 */
import { LIMITS } from '../../../core/request/index.ts';
import {
  AXIAL_SYMMETRIES,
  LABEL_FORMATS,
  LABEL_OUTPUTS,
  METHODS,
  PAPER_SIZES,
  SAW_LIST_STYLES,
  UNIT_FORMATS,
} from '../../../core/vocabulary.ts';

export type PortableSchema = Readonly<Record<string, unknown>>;

const LENGTH = `> 0, at most ${LIMITS.maxLength}, at most ${LIMITS.maxDecimals} decimals`;

const number = (description: string, bounds: { minimum?: number; maximum?: number } = {}) => ({
  type: 'number',
  description,
  ...bounds,
});
const integer = (description: string, bounds: { minimum?: number; maximum?: number } = {}) => ({
  type: 'integer',
  description,
  ...bounds,
});
const string = (description: string) => ({ type: 'string', description });
const boolean = (description: string) => ({ type: 'boolean', description });
const choice = (values: readonly string[], description: string, fallback?: string) => ({
  type: 'string',
  enum: [...values],
  description,
  ...(fallback === undefined ? {} : { default: fallback }),
});
const object = (description: string, properties: Record<string, unknown>, required: readonly string[]) => ({
  type: 'object',
  description,
  properties,
  required: [...required],
});

const PART = object(
  'One cut-list line, e.g. {"length": 2400, "quantity": 5, "label": "Rail"}.',
  {
    length: number(`Length of the part (${LENGTH}), e.g. 2400.`, { maximum: LIMITS.maxLength }),
    quantity: integer('How many pieces of this length, e.g. 5.', {
      minimum: 1,
      maximum: LIMITS.maxPartQuantity,
    }),
    label: string(
      `Printed on the PDF, the labels and the saw list (at most ${LIMITS.maxLabel} characters), e.g. "Top rail".`,
    ),
    material: string('Material group: cut only from stock of the same material, e.g. "40x40 steel".'),
    leftAngle: number('Mitre of the left end in degrees, 90 is square (needs angleCuts.enabled), e.g. 45.', {
      minimum: -LIMITS.maxAngle,
      maximum: LIMITS.maxAngle,
    }),
    rightAngle: number('Mitre of the right end in degrees, as leftAngle, e.g. 135.', {
      minimum: -LIMITS.maxAngle,
      maximum: LIMITS.maxAngle,
    }),
  },
  ['length', 'quantity'],
);

const STOCK = object(
  'A stock length to buy, e.g. {"length": 6000, "quantity": 10, "price": 12.5}.',
  {
    length: number(`Bar length (${LENGTH}), e.g. 6000.`, { maximum: LIMITS.maxLength }),
    quantity: integer('Bars available; absent means unlimited, e.g. 10.', {
      minimum: 1,
      maximum: LIMITS.maxSupplyQuantity,
    }),
    price: number('Price per bar; prices make the plan minimise cost, e.g. 12.5.', {
      minimum: 0,
      maximum: LIMITS.maxPrice,
    }),
    material: string('Material group of this stock, e.g. "40x40 steel".'),
    priority: boolean('Among equally good plans, use this stock first, e.g. true.'),
    bundleSize: integer('Bars per bundle, for method bundle, e.g. 6.', {
      minimum: 1,
      maximum: LIMITS.maxSupplyQuantity,
    }),
  },
  ['length'],
);

const OFFCUT = object(
  'Pieces already owned, used before buying, e.g. {"length": 1500, "quantity": 2}.',
  {
    length: number(`Length of the owned piece (${LENGTH}), e.g. 1500.`, { maximum: LIMITS.maxLength }),
    quantity: integer('How many are owned, e.g. 2.', { minimum: 1, maximum: LIMITS.maxSupplyQuantity }),
    material: string('Material group, e.g. "40x40 steel".'),
    priority: boolean('Among equally good plans, use this offcut first, e.g. true.'),
  },
  ['length', 'quantity'],
);

/** The key of a call an agent may retry (over HTTP: its `Idempotency-Key`; unused on stdio). */
export const IDEMPOTENCY_KEY_INPUT = string(
  'Optional. A unique text per logical call (1 to 255 printable ASCII characters); send the same on a retry of this call within 24 hours to get its result again without being charged twice, e.g. "order-42-plan".',
);

/** The fields every tool takes: the body of POST /v1/optimise. */
const JOB: Record<string, unknown> = {
  parts: {
    description:
      'The cut list: shorthand text "LENGTHxQUANTITY, …" or a list of parts, e.g. "2400x5, 1800x3".',
    anyOf: [
      string('Shorthand, e.g. "2400x5, 1800x3" (a bare length is one piece).'),
      {
        type: 'array',
        description: 'Parts, e.g. [{"length": 2400, "quantity": 5}].',
        items: PART,
        minItems: 1,
      },
    ],
  },
  stock: {
    description:
      'The supply: one length bought as often as needed, or shorthand with quantities, e.g. 6000. Send one of stock, stocks and stockLength, or only offcuts.',
    anyOf: [
      number('One stock length, unlimited, e.g. 6000.', { maximum: LIMITS.maxLength }),
      string('Shorthand "LENGTHxQUANTITY, …", e.g. "6000x10, 5000".'),
    ],
  },
  stocks: {
    type: 'array',
    description:
      'The supply, long form, with quantities, prices and materials, e.g. [{"length": 6000, "price": 12.5}].',
    items: STOCK,
    minItems: 1,
  },
  stockLength: number('One stock length, unlimited quantity (as stock: 6000), e.g. 6000.', {
    maximum: LIMITS.maxLength,
  }),
  offcuts: {
    description:
      'Pieces already owned, used first, e.g. [{"length": 1500, "quantity": 2}]; or "rack": the offcut rack of the API key\'s workspace (needs minRemnant; the plan is stored as plan.id for book_plan).',
    anyOf: [
      {
        type: 'array',
        description: 'The owned pieces, e.g. [{"length": 1500, "quantity": 2}].',
        items: OFFCUT,
      },
      { type: 'string', enum: ['rack'], description: 'The workspace\'s offcut rack, e.g. "rack".' },
    ],
  },
  kerf: number('Blade width taken by each cut (default 0), e.g. 3.', {
    minimum: 0,
    maximum: LIMITS.maxLength,
  }),
  trim: boolean('Take one kerf off both ends of every bar before cutting (default false), e.g. true.'),
  method: choice(
    METHODS,
    'What to optimise, e.g. "balanced" (with prices it minimises cost); bundle needs stocks[].bundleSize.',
    'balanced',
  ),
  minRemnant: number('Leftovers at least this long are kept as usable remnants (default 0), e.g. 500.', {
    minimum: 0,
    maximum: LIMITS.maxLength,
  }),
  unit: string(
    `The lengths' unit, echoed and printed, converts nothing (default mm, at most ${LIMITS.maxUnit} characters), e.g. "in".`,
  ),
  unitFormat: choice(UNIT_FORMATS, 'How printed lengths read, e.g. "fraction" (nearest 1/64).', 'decimal'),
  angleCuts: object(
    'Mitred cuts: needed for part angles, e.g. {"enabled": true, "width": 40}.',
    {
      enabled: boolean('Accept angles on parts, e.g. true.'),
      width: number("Material width in the lengths' unit, required when enabled, e.g. 40.", {
        maximum: LIMITS.maxLength,
      }),
      axialSymmetry: choice(
        AXIAL_SYMMETRIES,
        'Which flips the material allows, deciding how mitres nest, e.g. "XYZ" for square tube.',
        'none',
      ),
    },
    ['enabled'],
  ),
  timeLimit: number(
    'Solve budget in seconds (default 5, capped by the tier; clients often give up after 60), e.g. 20.',
  ),
  idempotencyKey: IDEMPOTENCY_KEY_INPUT,
};

const JOB_NAME = string(
  `The job's name (at most ${LIMITS.maxJobName} characters): title, printed on labels, file name, e.g. "Hall B railings".`,
);

/** Each tool's input schema, by tool name. */
export const PORTABLE_INPUTS = {
  optimise: object('The body of POST /v1/optimise, e.g. {"parts": "2400x5, 1800x3", "stock": 6000}.', JOB, [
    'parts',
  ]),
  job: object(
    'The body of POST /v1/jobs: an optimise body, e.g. {"parts": "2400x5, 1800x3", "stock": 6000, "timeLimit": 120}.',
    {
      ...JOB,
      webhook: string(
        'Where to POST the job\'s end (a signed Standard Webhooks message), e.g. "https://example.com/cutplan". Leave out to poll with get_job.',
      ),
    },
    ['parts'],
  ),
  pdf: object(
    'The body of POST /v1/optimise/pdf, e.g. {"parts": "2400x5", "stock": 6000, "jobName": "Shed"}.',
    {
      ...JOB,
      jobName: JOB_NAME,
      paper: choice(PAPER_SIZES, 'Paper size, e.g. "Letter" (default A4).', 'A4'),
    },
    ['parts'],
  ),
  labels: object(
    'The body of POST /v1/optimise/labels plus format, e.g. {"parts": "2400x5", "stock": 6000, "format": "zpl"}.',
    {
      ...JOB,
      jobName: JOB_NAME,
      labelFormat: choice(
        LABEL_FORMATS,
        'Label PDF stock: A4 sheets of 3 × 8 or one 100 × 50 mm label a page, e.g. "thermal-100x50".',
        'a4-3x8',
      ),
      format: choice(
        LABEL_OUTPUTS,
        'pdf (a PDF resource) or zpl (ZPL text for Zebra printers), e.g. "zpl".',
        'pdf',
      ),
    },
    ['parts'],
  ),
  sawList: object(
    'The body of POST /v1/optimise/csv plus separator, e.g. {"parts": "2400x5", "stock": 6000}.',
    {
      ...JOB,
      jobName: JOB_NAME,
      separator: choice(
        SAW_LIST_STYLES,
        'comma (points) or semicolon (decimal commas and a byte-order mark, for Excel in Europe), e.g. "semicolon".',
        'comma',
      ),
    },
    ['parts'],
  ),
} as const satisfies Readonly<Record<string, PortableSchema>>;
