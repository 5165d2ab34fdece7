/** The closed word lists of the API (methods, symmetries, formats), shared by request, response and docs. */

export const METHODS = ['balanced', 'least_waste', 'offcuts_first', 'fewest_setups', 'bundle'] as const;
/** The optimisation objective requested by the caller. */
export type Method = (typeof METHODS)[number];

export const AXIAL_SYMMETRIES = ['none', 'X', 'Y', 'Z', 'XYZ'] as const;
export type AxialSymmetry = (typeof AXIAL_SYMMETRIES)[number];

export const UNIT_FORMATS = ['decimal', 'fraction'] as const;
export type UnitFormat = (typeof UNIT_FORMATS)[number];

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Label stocks of POST /v1/optimise/labels: A4 sheets of 3 × 8 labels (70 × 37 mm), or 100 × 50 mm thermal labels. */
export const LABEL_FORMATS = ['a4-3x8', 'thermal-100x50'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Saw list CSV styles: `comma` (`,` and a decimal point) or `semicolon` (`;`, a decimal comma and a byte-order mark, for Excel in most of Europe). */
export const SAW_LIST_STYLES = ['comma', 'semicolon'] as const;
export type SawListStyle = (typeof SAW_LIST_STYLES)[number];

/** Piece label outputs: a PDF, or ZPL for Zebra printers. */
export const LABEL_OUTPUTS = ['pdf', 'zpl'] as const;
export type LabelOutput = (typeof LABEL_OUTPUTS)[number];

/** What a plan minimised: money when the stocks carry prices, else material. */
export const OBJECTIVES = ['cost', 'material'] as const;
export type Objective = (typeof OBJECTIVES)[number];
