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

/** The sfnt inside a WOFF file; any other input is returned unchanged. Throws on a corrupt WOFF. */
export async function woffToSfnt(bytes: Uint8Array): Promise<Uint8Array> {
  if (!isWoff(bytes)) return bytes;
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
