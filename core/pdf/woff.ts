/**
 * WOFF 1.0 to plain sfnt (TrueType/OpenType). fontkit reads WOFF, but re-inflates a compressed table on
 * every access, and subsetting touches the `glyf` table once per glyph: with Inter that cost ~130 ms
 * per PDF (measured, CPU profile). Unwrapping once gives fontkit an uncompressed font to read.
 * Format: https://www.w3.org/TR/WOFF/ (header 44 bytes, 20-byte table entries, zlib-compressed tables).
 */

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  // DecompressionStream is web-standard (Node 18+, browsers): no dependency, no Node-only API.
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** True when `bytes` is a WOFF 1.0 file. */
export function isWoff(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 44 &&
    new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0) === WOFF_SIGNATURE
  );
}

/**
 * The sfnt inside a WOFF file, with glyphs padded for fontkit's subsetter ({@link evenGlyphs}); an sfnt
 * that needs no padding is returned as it is. Throws on a corrupt WOFF.
 */
export async function woffToSfnt(bytes: Uint8Array): Promise<Uint8Array> {
  if (!isWoff(bytes)) return evenGlyphs(bytes);
  const src = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flavor = src.getUint32(4);
  const numTables = src.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: numTables }, async (_, i) => {
      const at = 44 + i * 20;
      const tag = src.getUint32(at);
      const offset = src.getUint32(at + 4);
      const compLength = src.getUint32(at + 8);
      const origLength = src.getUint32(at + 12);
      const checksum = src.getUint32(at + 16);
      if (offset + compLength > bytes.length) throw new RangeError('corrupt WOFF: table outside the file');
      const raw = bytes.subarray(offset, offset + compLength);
      const data = compLength < origLength ? await inflate(raw) : raw;
      if (data.length !== origLength) throw new RangeError('corrupt WOFF: table length mismatch');
      return { tag, checksum, data };
    }),
  );
  return evenGlyphs(buildSfnt(flavor, tables));
}

interface Table {
  readonly tag: number;
  readonly checksum: number;
  readonly data: Uint8Array;
}

const tagOf = (name: string): number => new DataView(new TextEncoder().encode(name).buffer).getUint32(0);
const HEAD = tagOf('head');
const LOCA = tagOf('loca');
const GLYF = tagOf('glyf');

function buildSfnt(flavor: number, tables: readonly Table[]): Uint8Array {
  const numTables = tables.length;
  const pad4 = (n: number): number => (n + 3) & ~3;
  const headerSize = 12 + 16 * numTables;
  const size = tables.reduce((sum, t) => sum + pad4(t.data.length), headerSize);
  const out = new Uint8Array(size);
  const dst = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)));
  const searchRange = 2 ** entrySelector * 16;
  dst.setUint32(0, flavor);
  dst.setUint16(4, numTables);
  dst.setUint16(6, searchRange);
  dst.setUint16(8, entrySelector);
  dst.setUint16(10, numTables * 16 - searchRange);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    dst.setUint32(rec, t.tag);
    dst.setUint32(rec + 4, t.checksum);
    dst.setUint32(rec + 8, offset);
    dst.setUint32(rec + 12, t.data.length);
    out.set(t.data, offset);
    offset += pad4(t.data.length);
  });
  return out;
}

/**
 * The font with every TrueType glyph padded to an even length. fontkit's subsetter copies glyphs as
 * they are and writes the short `loca` format (offsets / 2) when the subset is small, so a glyph of odd
 * length corrupts every glyph after it (Noto Sans Arabic has 456 such glyphs; Inter and the CJK slices
 * have none and are returned unchanged). Padding with a zero byte is what font compilers do anyway.
 */
function evenGlyphs(sfnt: Uint8Array): Uint8Array {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const numTables = view.getUint16(4);
  const tables: Table[] = [];
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const offset = view.getUint32(rec + 8);
    tables.push({
      tag: view.getUint32(rec),
      checksum: view.getUint32(rec + 4),
      data: sfnt.subarray(offset, offset + view.getUint32(rec + 12)),
    });
  }
  const head = tables.find((t) => t.tag === HEAD);
  const loca = tables.find((t) => t.tag === LOCA);
  const glyf = tables.find((t) => t.tag === GLYF);
  if (head === undefined || loca === undefined || glyf === undefined) return sfnt; // CFF: nothing to do
  const headView = new DataView(head.data.buffer, head.data.byteOffset, head.data.byteLength);
  const locaView = new DataView(loca.data.buffer, loca.data.byteOffset, loca.data.byteLength);
  const long = headView.getInt16(50) === 1;
  const count = long ? loca.data.length / 4 : loca.data.length / 2;
  const offsets = Array.from({ length: count }, (_, i) =>
    long ? locaView.getUint32(4 * i) : 2 * locaView.getUint16(2 * i),
  );
  if (offsets.every((o) => o % 2 === 0)) return sfnt;
  const glyphs: Uint8Array[] = [];
  const newOffsets = [0];
  for (let i = 0; i + 1 < offsets.length; i++) {
    const data = glyf.data.subarray(offsets[i], offsets[i + 1]);
    const padded = new Uint8Array(data.length + (data.length % 2));
    padded.set(data);
    glyphs.push(padded);
    newOffsets.push((newOffsets.at(-1) ?? 0) + padded.length);
  }
  const newGlyf = new Uint8Array(newOffsets.at(-1) ?? 0);
  glyphs.forEach((g, i) => {
    newGlyf.set(g, newOffsets[i]);
  });
  const newLoca = new Uint8Array(4 * newOffsets.length);
  const newLocaView = new DataView(newLoca.buffer);
  newOffsets.forEach((o, i) => {
    newLocaView.setUint32(4 * i, o);
  });
  const newHead = head.data.slice();
  new DataView(newHead.buffer).setInt16(50, 1);
  const replaced = tables.map((t) =>
    t === head
      ? { ...t, data: newHead }
      : t === loca
        ? { ...t, data: newLoca }
        : t === glyf
          ? { ...t, data: newGlyf }
          : t,
  );
  return buildSfnt(view.getUint32(0), replaced);
}
