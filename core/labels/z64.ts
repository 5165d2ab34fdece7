/**
 * ZPL's compressed graphic data, `:Z64:`: the raster's bytes deflated (zlib stream), in Base64, then a
 * CRC-16 of the Base64 text (CCITT polynomial 0x1021, initial value 0, 4 hex digits), as the ZPL II
 * manual's "ZB64 Encoding and Compression" describes. Label text drawn as bitmaps is mostly white, so
 * this sends about a tenth of the plain hex form's bytes (docs/deploy.md, "Response sizes").
 */
import { deflateSync, inflateSync } from 'node:zlib';

/** CRC-16/XMODEM (CCITT polynomial 0x1021, initial 0, no reflection) of `text`'s characters. */
export function crc16ccitt(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** `bytes` as ZPL graphic data in the Z64 form: `:Z64:<base64 of the zlib stream>:<CRC as 4 hex digits>`. */
export function z64(bytes: Uint8Array): string {
  const base64 = Buffer.from(deflateSync(bytes, { level: 9 })).toString('base64');
  return `:Z64:${base64}:${crc16ccitt(base64).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The bytes of Z64 graphic data, checking its CRC; throws on anything else. */
export function unz64(data: string): Uint8Array {
  const m = /^:Z64:([A-Za-z0-9+/=]+):([0-9A-F]{4})$/.exec(data);
  if (m === null) throw new Error(`not Z64 graphic data: ${data.slice(0, 40)}`);
  const [, base64 = '', crc = ''] = m;
  const expected = crc16ccitt(base64).toString(16).toUpperCase().padStart(4, '0');
  if (crc !== expected) throw new Error(`Z64 CRC ${crc} does not match the data (${expected})`);
  return new Uint8Array(inflateSync(Buffer.from(base64, 'base64')));
}
