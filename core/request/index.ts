/**
 * Request contract of cutplan: parse, expand shorthand, validate and normalise optimise requests
 * (POST body or GET query) into the typed {@link OptimiseRequest} of `core/types.ts`.
 * Decisions and grammar: `docs/api.md`.
 */
export { CSV_COLUMNS, type CsvTable, parseCsvParts, parseCsvTable } from './csv.ts';
export { jobSize } from './job-size.ts';
export { LIMITS } from './limits.ts';
export { LIST_FORMS } from './lists.ts';
export { readOffcutList } from './offcut-list.ts';
export type { ListName } from './origins.ts';
export { type Endpoint, parseOptimiseBody } from './parse-body.ts';
export { parseOptimiseQuery, QUERY_PARAMETERS, type Query } from './parse-query.ts';
export {
  angleCutsSchema,
  fileScalarsSchema,
  jsonScalarsSchema,
  type LongOffcut,
  offcutSchema,
  PRESENTATION_KEYS,
  SCALAR_KEYS,
} from './schemas.ts';
export { SHORTHAND_LIST_PATTERN } from './shorthand.ts';
