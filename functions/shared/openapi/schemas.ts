/**
 * The JSON Schemas of the OpenAPI document, converted from the valibot schemas the parser and the
 * response types use (`@valibot/to-json-schema`), and the shorthand forms described from the list forms
 * and the grammar the parser reads (`LIST_FORMS`, `SHORTHAND_LIST_PATTERN`). Nothing here restates a
 * rule by hand that the code already holds.
 */
import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { ListName } from '../../../core/request/index.ts';
import {
  angleCutsSchema,
  fileScalarsSchema,
  jsonScalarsSchema,
  LIST_FORMS,
  PRESENTATION_KEYS,
  SCALAR_KEYS,
  SHORTHAND_LIST_PATTERN,
} from '../../../core/request/index.ts';
import * as response from '../../../core/response/index.ts';
import { ERROR_CODES } from '../errors.ts';

export type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** Response pieces that become named components (referenced wherever they occur). */
const RESPONSE_COMPONENTS = {
  OptimiseResponse: response.optimiseResponseSchema,
  Plan: response.planSchema,
  Combination: response.combinationSchema,
  UsedComb: response.usedCombSchema,
  PlacedPart: response.placedPartSchema,
  CutPosition: response.cutPositionSchema,
  Waste: response.wasteSchema,
  Purchase: response.purchaseSchema,
  Leftover: response.leftoverSchema,
  Stats: response.statsSchema,
  MaterialStats: response.materialStatsSchema,
  Meta: response.metaSchema,
  Health: response.healthResponseSchema,
  Error: response.errorBodySchema,
} as const;

const CONFIG: ConversionConfig = {
  target: 'draft-2020-12',
  // `check` actions (decimals, exactness) have no JSON Schema form; their rules are in the descriptions.
  errorMode: 'ignore',
};

function convert(schema: v.GenericSchema, config: ConversionConfig = CONFIG): Schema {
  const { $schema: _, ...rest } = toJsonSchema(schema, config) as Schema;
  return rest;
}

/** Sets `additionalProperties: false` on a request object: the parser refuses unknown fields. */
function closed(schema: Schema): Schema {
  return { ...schema, additionalProperties: false };
}

/** Response objects are open to clients (fields are added, never removed): drops `additionalProperties`. */
function open(value: JsonSchema | unknown): unknown {
  if (Array.isArray(value)) return value.map(open);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(value)) {
    if (k === 'additionalProperties' && x === false) continue;
    out[k] = open(x);
  }
  return out;
}

function responseComponents(): Record<string, Schema> {
  const definitions = RESPONSE_COMPONENTS as unknown as Record<string, v.GenericSchema>;
  const out: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(definitions)) {
    // Each component converts itself, with the others as references.
    const others = Object.fromEntries(Object.entries(definitions).filter(([n]) => n !== name));
    const converted = convert(schema, {
      ...CONFIG,
      definitions: others,
      overrideRef: (context) => `#/components/schemas/${context.referenceId}`,
    });
    const { $defs: _, ...own } = converted;
    out[name] = open(own) as Schema;
  }
  const error = out.Error as { properties: Record<string, Schema> };
  error.properties.error = { ...error.properties.error, enum: ERROR_CODES };
  return out;
}

const LIST_TITLES: Readonly<Record<ListName, { entry: string; what: string }>> = {
  parts: { entry: 'Part', what: 'The parts needed.' },
  stocks: { entry: 'Stock', what: 'Purchasable stock lengths.' },
  offcuts: { entry: 'Offcut', what: 'Lengths already owned: free material, never counted as purchases.' },
};

const GRAMMAR =
  'Shorthand text: comma-separated `LENGTH` or `LENGTHxQUANTITY` entries (`x`, `X` or `×`), plain decimals ' +
  '(no sign, no exponent; the point is the decimal separator), spaces allowed around numbers.';

/** The components of the request side: entries, their tuple and text forms, the lists and the bodies. */
function requestComponents(): Record<string, Schema> {
  const out: Record<string, Schema> = {
    ShorthandList: {
      type: 'string',
      pattern: SHORTHAND_LIST_PATTERN,
      description: `${GRAMMAR} Ranges are those of the long form (a quantity must be a whole number ≥ 1).`,
      examples: ['2400x5, 1800x3, 1200'],
    },
  };
  for (const [list, form] of Object.entries(LIST_FORMS) as [ListName, (typeof LIST_FORMS)[ListName]][]) {
    const { entry, what } = LIST_TITLES[list];
    const object = closed(convert(form.schema));
    const fields = object.properties as Record<string, Schema>;
    const bare = form.bareQuantity === null ? 'unlimited' : 'quantity 1';
    out[entry] = object;
    out[`${entry}Tuple`] = {
      type: 'array',
      description: `Array form ${`[${form.tupleFields.join(', ')}]`}; only the length is required. A bare length means ${bare}.`,
      prefixItems: form.tupleFields.map((f) => fields[f]),
      minItems: 1,
      maxItems: form.tupleFields.length,
    };
    out[`${entry}List`] = {
      description: `${what} The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means ${bare}, e.g. ${form.example}), or an array of strings, ${`[${form.tupleFields.join(', ')}]`} arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response.`,
      oneOf: [
        ref('ShorthandList'),
        {
          type: 'array',
          items: { oneOf: [ref('ShorthandList'), ref(`${entry}Tuple`), ref(entry)] },
        },
      ],
    };
  }
  out.AngleCuts = closed(convert(angleCutsSchema));
  const scalars = convert(jsonScalarsSchema).properties as Record<string, Schema>;
  const properties: Record<string, Schema> = {
    parts: { ...ref('PartList') },
    stock: {
      description:
        'Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`.',
      oneOf: [{ type: 'number', exclusiveMinimum: 0 }, ref('StockList'), { type: 'null' }],
    },
    stocks: { anyOf: [ref('StockList'), { type: 'null' }] },
    offcuts: {
      description:
        'The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack\'s entries of the job\'s materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`).',
      anyOf: [ref('OffcutList'), { type: 'string', enum: ['rack'] }, { type: 'null' }],
    },
    angleCuts: { anyOf: [ref('AngleCuts'), { type: 'null' }] },
    ...Object.fromEntries(SCALAR_KEYS.map((k) => [k, scalars[k] as Schema])),
  };
  const body = {
    type: 'object',
    required: ['parts'],
    additionalProperties: false,
    description:
      'An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out.',
  };
  out.OptimiseRequest = { ...body, properties };
  // The file routes take the same body (docs/api.md, Fields per route): one job file goes to each.
  const file = convert(fileScalarsSchema).properties as Record<string, Schema>;
  const presentation = Object.fromEntries(PRESENTATION_KEYS.map((k) => [k, file[k] as Schema]));
  const fileBody = (route: string): Schema => ({
    ...body,
    description: `${body.description} Like every file route, ${route} also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints.`,
    properties: { ...properties, ...presentation },
  });
  out.PdfRequest = fileBody('the plan PDF');
  out.LabelsRequest = fileBody('the labels route');
  out.SawListRequest = fileBody('the saw list');
  // An async job (POST /v1/jobs): the optimise body and where to send its end.
  out.JobRequest = {
    ...body,
    description: `${body.description} As an async job it may also name a \`webhook\`.`,
    properties: {
      ...properties,
      webhook: {
        type: ['string', 'null'],
        maxLength: 2048,
        description:
          "Where to POST the job's end (a Standard Webhooks message signed with the key's webhook secret: `cutplan keys webhook-secret <keyId>`). Deployed: https, to a public address only (checked at submission and before every attempt); locally any http(s) URL.",
      },
    },
  };
  return out;
}

/** Every schema component of the document. */
export function schemaComponents(): Record<string, Schema> {
  return { ...requestComponents(), ...responseComponents() };
}
