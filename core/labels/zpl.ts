/**
 * Piece labels as ZPL II for Zebra printers: one 100 × 50 mm label per piece at 203 dpi (8 dots/mm),
 * in saw order, the same content as the label PDF. Text in the printer's resident font 0 when every
 * character is in Latin-1 (sent as UTF-8 under `^CI28`, with `^FH` escapes for `^`, `~`, `_` and `\`);
 * any other text (Greek, Cyrillic, Hebrew, Arabic, CJK, …) is drawn by us with the PDF's fonts and
 * scripts and sent as a compressed bitmap (`^GFA` with `:Z64:` data), so it prints on every Zebra without
 * a downloaded font. The barcode is the printer's own Code 128 (`^BC`), sharp at its resolution.
 *
 * Every field stays inside its box by one conservative rule (docs/pdf.md, "Piece labels"): font 0 has no
 * metrics here, so at `^A0N,h,w` a character is taken to be `w` dots wide, and a field's text has
 * characters × `w` ≤ its `^FB` block's width × lines; a bitmap is cut to its box by the fonts' own widths.
 */
import { FontSet, Pen, stringsIn, type Weight } from '../pdf/index.ts';
import { jobLine, type LineMetrics } from './job-line.ts';
import type { LabelsInput } from './pdf.ts';
import { type PieceLabel, pieceLabels } from './pieces.ts';
import { rasterise } from './raster.ts';
import { z64 } from './z64.ts';

/** 100 × 50 mm at 8 dots/mm. */
export const ZPL_LABEL = { width: 800, height: 400 } as const;
const LEFT = 28;
const RIGHT = ZPL_LABEL.width - 28;

/** A text field's box on the label, in dots: top left (x, y), `size` dots tall, `width` wide, one line. */
export interface ZplField {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly width: number;
  readonly lines: number;
  readonly weight: Weight;
  readonly align: 'left' | 'right';
}

/**
 * Where each text of a label goes. Font 0 is a bold condensed face: a character width of 0.85 (bold) or
 * 0.75 (regular) × the height reads like the PDF's Inter; text too long for that is narrowed, down to
 * half the height, before it is cut.
 */
export const ZPL_FIELDS = {
  label: { x: LEFT, y: 24, size: 40, width: RIGHT - LEFT, lines: 1, weight: 'bold', align: 'left' },
  length: { x: LEFT, y: 74, size: 64, width: 460, lines: 1, weight: 'bold', align: 'left' },
  angles: { x: RIGHT - 250, y: 88, size: 44, width: 250, lines: 1, weight: 'bold', align: 'right' },
  job: { x: LEFT, y: 156, size: 28, width: RIGHT - LEFT, lines: 1, weight: 'regular', align: 'left' },
  where: { x: LEFT, y: 194, size: 28, width: RIGHT - LEFT, lines: 1, weight: 'regular', align: 'left' },
} as const satisfies Record<string, ZplField>;

/** The barcode's top, height and the gap between it and the id printed at its right. */
const BARCODE = { y: 262, height: 100, gap: 16 } as const;
/** The narrowest a resident character is set, as a fraction of its height. */
const MIN_WIDTH = 0.5;
/** What ends cut resident text: three full stops, since font 0 under `^CI28` is only trusted with Latin-1. */
export const RESIDENT_ELLIPSIS = '...';

/** Text font 0 prints: printable Latin-1 (under `^CI28` the printer reads UTF-8 and maps these). */
export function residentText(text: string): boolean {
  return /^[\u0020-\u007e\u00a0-\u00ff]*$/.test(text);
}

/**
 * `^FD` data with `^FH` hex escapes for the characters ZPL reserves (and the escape mark itself), and for
 * the backslash, which a `^FB` block reads as a line break in `\&`: text must stay on its one line.
 */
function fieldData(text: string): string {
  return text.replace(/[\^~_\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * Resident text fitted to a field by the rule characters × `w` ≤ width × lines (characters are code
 * points, as the printer counts them): the preferred character width when the text fits at it, else as
 * narrow as fits down to half the height, else cut at that width and ended with `...`.
 */
export function fitResident(text: string, field: ZplField): { readonly text: string; readonly w: number } {
  const chars = Array.from(text);
  const room = field.width * field.lines;
  const preferred = Math.round(field.size * (field.weight === 'bold' ? 0.85 : 0.75));
  const narrowest = Math.ceil(field.size * MIN_WIDTH);
  if (chars.length * preferred <= room) return { text, w: preferred };
  const w = Math.floor(room / chars.length);
  if (w >= narrowest) return { text, w };
  const keep = Math.max(0, Math.floor(room / narrowest) - RESIDENT_ELLIPSIS.length);
  return { text: `${chars.slice(0, keep).join('').trimEnd()}${RESIDENT_ELLIPSIS}`, w: narrowest };
}

/** One text field in its box: resident text in a `^FB` block, anything else a bitmap cut with `…` to the box. */
function textField(set: FontSet, pen: Pen, text: string, field: ZplField): string {
  const shown = set.printable(text);
  if (residentText(shown)) {
    const fit = fitResident(shown, field);
    const block = `^FB${field.width},${field.lines},0,${field.align === 'right' ? 'R' : 'L'}`;
    return `^FO${field.x},${field.y}^A0N,${field.size},${fit.w}${block}^FH^FD${fieldData(fit.text)}^FS`;
  }
  const fitted = pen.fit(shown, field.size, field.weight, field.width);
  const runs = set.runs(fitted, field.weight).map((run) => set.outlines(run));
  const bitmap = rasterise(runs, field.size, field.width);
  const total = bitmap.bits.length;
  const x = field.align === 'right' ? field.x + field.width - bitmap.bytesPerRow * 8 : field.x;
  return `^FO${Math.max(field.x, x)},${field.y}^GFA,${total},${total},${bitmap.bytesPerRow},${z64(bitmap.bits)}^FS`;
}

/**
 * The barcode and the id printed at its right: Code 128 in subset B (`^BC` mode N) takes 11 modules a
 * character plus 35 (start, check digit, stop); modules are 3 dots, or 2 when the id would not fit.
 */
export function idFields(id: string): { readonly module: number; readonly id: ZplField } {
  const chars = Array.from(id).length;
  const narrowest = Math.ceil(40 * MIN_WIDTH);
  const idField = (module: number): ZplField => {
    const x = LEFT + module * (11 * chars + 35) + BARCODE.gap;
    return { x, y: 320, size: 40, width: RIGHT - x, lines: 1, weight: 'bold', align: 'right' };
  };
  const module = idField(3).width >= chars * narrowest ? 3 : 2;
  return { module, id: idField(module) };
}

/**
 * Bitmap fields by content and box: the job line is the same on every label and a part's label on each
 * of its pieces, so each distinct bitmap is drawn and compressed once a document.
 */
type Fields = (text: string, field: ZplField) => string;

function fieldCache(set: FontSet, pen: Pen): Fields {
  const made = new Map<string, string>();
  return (text, field) => {
    const key = `${field.x},${field.y},${field.width},${field.size},${field.weight},${field.align}\n${text}`;
    let zpl = made.get(key);
    if (zpl === undefined) {
      zpl = textField(set, pen, text, field);
      // Resident text costs nothing to remake; a position line is new on every label anyway.
      if (zpl.includes('^GFA')) made.set(key, zpl);
    }
    return zpl;
  };
}

/** A label's job line, fitted to its field (job-line.ts); one per distinct job and material. */
type JobLines = (label: PieceLabel) => string;

function jobLines(set: FontSet, pen: Pen): JobLines {
  const field = ZPL_FIELDS.job;
  const narrowest = Math.ceil(field.size * MIN_WIDTH);
  const made = new Map<string, string>();
  return (label) => {
    const key = `${label.job}\n${label.material}`;
    let line = made.get(key);
    if (line === undefined) {
      const whole = set.printable(label.material === null ? label.job : `${label.job} · ${label.material}`);
      // Resident text by the field rule at its narrowest; a bitmap by the fonts' widths.
      const metrics: LineMetrics = residentText(whole)
        ? {
            width: (t) => Array.from(t).length * narrowest,
            fit: (t, room) => fitResident(set.printable(t), { ...field, width: room }).text,
          }
        : {
            width: (t) => pen.width(t, field.size, field.weight),
            fit: (t, room) => pen.fit(t, field.size, field.weight, room),
          };
      line = jobLine(label, field.width, metrics);
      made.set(key, line);
    }
    return line;
  };
}

function labelZpl(label: PieceLabel, field: Fields, jobOf: JobLines): string {
  const job = jobOf(label);
  const where = `Bar ${label.bar}/${label.bars} · layout ${label.layout} · piece ${label.piece}/${label.pieces} · ${label.position}`;
  const barcode = idFields(label.id);
  const lines = [
    '^XA',
    '^CI28',
    `^PW${ZPL_LABEL.width}`,
    `^LL${ZPL_LABEL.height}`,
    '^LH0,0',
    field(label.label, ZPL_FIELDS.label),
    field(label.length, ZPL_FIELDS.length),
    ...(label.angles === null ? [] : [field(label.angles, ZPL_FIELDS.angles)]),
    field(job, ZPL_FIELDS.job),
    field(where, ZPL_FIELDS.where),
    `^FO${LEFT},${BARCODE.y}^BY${barcode.module},3,${BARCODE.height}^BCN,${BARCODE.height},N,N,N^FD${fieldData(label.id)}^FS`,
    field(label.id, barcode.id),
    '^PQ1',
    '^XZ',
  ];
  return lines.join('\n');
}

/**
 * The job lines that are bitmaps, stored once on the printer: the same line prints on every label (one a
 * material), and sent inline it made half a large job's ZPL. `~DG` downloads it (as `:Z64:`, like `^GF`)
 * to the printer's memory `R:` before the first label; each label recalls it with `^XG`.
 */
function storedJobLines(
  labels: readonly PieceLabel[],
  field: Fields,
  jobOf: JobLines,
): { head: string[]; fields: Fields } {
  const stored = new Map<string, string>();
  const head: string[] = [];
  for (const label of labels) {
    const line = jobOf(label);
    if (stored.has(line)) continue;
    const m = /^\^FO(\d+),(\d+)\^GFA,(\d+),\d+,(\d+),(.*)\^FS$/.exec(field(line, ZPL_FIELDS.job));
    if (m === null) continue;
    const [, x, y, total, perRow, data] = m;
    const name = `R:CPJOB${stored.size + 1}.GRF`;
    head.push(`~DG${name},${total},${perRow},${data}`);
    stored.set(line, `^FO${x},${y}^XG${name},1,1^FS`);
  }
  return {
    head,
    fields: (text, box) =>
      box === ZPL_FIELDS.job ? (stored.get(text) ?? field(text, box)) : field(text, box),
  };
}

/**
 * The plan's piece labels as one ZPL document (a `^XA … ^XZ` block per label, in saw order, after the
 * `~DG` downloads of the job lines drawn as bitmaps), always on 100 × 50 mm labels. Deterministic; loads
 * only the faces the labels' text needs, as the PDF does.
 */
export async function renderLabelsZpl(input: Omit<LabelsInput, 'createdAtMs'>): Promise<string> {
  const labels = pieceLabels(input.request, input.response, input.jobName);
  const set = await FontSet.load(input.fonts, stringsIn(labels));
  const pen = new Pen(set.metrics());
  const jobOf = jobLines(set, pen);
  const { head, fields } = storedJobLines(labels, fieldCache(set, pen), jobOf);
  return `${[...head, ...labels.map((l) => labelZpl(l, fields, jobOf))].join('\n')}\n`;
}
