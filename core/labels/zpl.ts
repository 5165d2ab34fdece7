/**
 * Piece labels as ZPL II for Zebra printers: one 100 × 50 mm label per piece at 203 dpi (8 dots/mm),
 * in saw order, the same content as the label PDF. Text in the printer's resident font 0 when every
 * character is in Latin-1 (sent as UTF-8 under `^CI28`, with `^FH` escapes for `^`, `~` and `_`);
 * any other text (Greek, Cyrillic, Hebrew, Arabic, CJK, …) is drawn by us with the PDF's fonts and
 * scripts and sent as a bitmap (`^GFA`), so it prints on every Zebra without a downloaded font. The
 * barcode is the printer's own Code 128 (`^BC`), sharp at its resolution.
 */

import type { Weight } from '../pdf/index.ts';
import { FontSet, stringsIn } from '../pdf/index.ts';
import type { LabelsInput } from './pdf.ts';
import { type PieceLabel, pieceLabels } from './pieces.ts';
import { rasterise } from './raster.ts';

/** 100 × 50 mm at 8 dots/mm. */
const WIDTH = 800;
const HEIGHT = 400;
const LEFT = 28;
const RIGHT = WIDTH - 28;

/** Text font 0 prints: printable Latin-1 (under `^CI28` the printer reads UTF-8 and maps these). */
export function residentText(text: string): boolean {
  return /^[\u0020-\u007e\u00a0-\u00ff]*$/.test(text);
}

/** `^FD` data with `^FH` hex escapes for the characters ZPL reserves (and the escape mark itself). */
function fieldData(text: string): string {
  return text.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** One text field at (x, y) (top left), `size` dots tall, cut at `maxWidth` dots; right-aligned ending at x when `right`. */
function textField(
  set: FontSet,
  text: string,
  x: number,
  y: number,
  size: number,
  weight: Weight,
  maxWidth: number,
  right = false,
): string {
  const shown = set.printable(text);
  if (residentText(shown)) {
    // Font 0 is a bold condensed face: a width of 0.8 × the height reads like the PDF's Inter.
    const font = `^A0N,${size},${Math.round(size * (weight === 'bold' ? 0.85 : 0.75))}`;
    const block = right ? `^FB${maxWidth},1,0,R` : `^FB${maxWidth},1,0,L`;
    return `^FO${right ? x - maxWidth : x},${y}${font}${block}^FH^FD${fieldData(shown)}^FS`;
  }
  const runs = set.runs(shown, weight).map((run) => set.outlines(run));
  const bitmap = rasterise(runs, size, maxWidth);
  const hex = Array.from(bitmap.bits, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
  const total = bitmap.bits.length;
  return `^FO${right ? x - bitmap.width : x},${y}^GFA,${total},${total},${bitmap.bytesPerRow},${hex}^FS`;
}

function labelZpl(label: PieceLabel, set: FontSet): string {
  const job = label.material === null ? label.job : `${label.job} · ${label.material}`;
  const where = `Bar ${label.bar}/${label.bars} · layout ${label.layout} · piece ${label.piece}/${label.pieces} · ${label.position}`;
  const lines = [
    '^XA',
    '^CI28',
    `^PW${WIDTH}`,
    `^LL${HEIGHT}`,
    '^LH0,0',
    textField(set, label.label, LEFT, 24, 40, 'bold', RIGHT - LEFT),
    textField(set, label.length, LEFT, 74, 64, 'bold', 460),
    ...(label.angles === null ? [] : [textField(set, label.angles, RIGHT, 88, 44, 'bold', 250, true)]),
    textField(set, job, LEFT, 156, 28, 'regular', RIGHT - LEFT),
    textField(set, where, LEFT, 194, 28, 'regular', RIGHT - LEFT),
    `^FO${LEFT},262^BY3,3,100^BCN,100,N,N,N^FD${fieldData(label.id)}^FS`,
    textField(set, label.id, RIGHT, 320, 40, 'bold', 200, true),
    '^PQ1',
    '^XZ',
  ];
  return lines.join('\n');
}

/**
 * The plan's piece labels as one ZPL document (a `^XA … ^XZ` block per label, in saw order), always on
 * 100 × 50 mm labels. Deterministic; loads only the faces the labels' text needs, as the PDF does.
 */
export async function renderLabelsZpl(input: Omit<LabelsInput, 'createdAtMs'>): Promise<string> {
  const labels = pieceLabels(input.request, input.response, input.jobName);
  const set = await FontSet.load(input.fonts, stringsIn(labels));
  return `${labels.map((l) => labelZpl(l, set)).join('\n')}\n`;
}
