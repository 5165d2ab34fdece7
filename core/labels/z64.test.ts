import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlyphOutlines } from '../pdf/index.ts';
import { rasterise } from './raster.ts';
import { crc16ccitt, unz64, z64 } from './z64.ts';

describe('ZPL Z64 graphic data', () => {
  it('computes CRC-16/XMODEM: the catalogue’s check value for "123456789" is 0x31C3', () => {
    expect(crc16ccitt('123456789')).toBe(0x31c3);
    expect(crc16ccitt('')).toBe(0);
  });

  it('gives back any raster byte for byte, with a CRC over its Base64 text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4000 }), (bytes) => {
        const data = z64(bytes);
        expect(data).toMatch(/^:Z64:[A-Za-z0-9+/=]+:[0-9A-F]{4}$/);
        expect(Array.from(unz64(data))).toEqual(Array.from(bytes));
      }),
    );
  });

  it('refuses data whose CRC does not match', () => {
    const data = z64(new Uint8Array([1, 2, 3, 4, 5]));
    const crc = data.slice(-4);
    const wrong = ((Number.parseInt(crc, 16) + 1) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
    expect(() => unz64(`${data.slice(0, -4)}${wrong}`)).toThrow(/CRC/);
  });

  it('compresses a mostly white label raster to a fraction of its plain hex', () => {
    // A filled square in a 200 × 40 dot field: the hex form is two characters a byte.
    const square: GlyphOutlines = {
      unitsPerEm: 1000,
      ascent: 800,
      descent: -200,
      glyphs: [
        {
          advanceWidth: 1000,
          commands: [
            { command: 'moveTo', args: [100, 0] },
            { command: 'lineTo', args: [900, 0] },
            { command: 'lineTo', args: [900, 700] },
            { command: 'lineTo', args: [100, 700] },
            { command: 'closePath', args: [] },
          ],
        },
      ],
    };
    const bitmap = rasterise([square], 40, 200);
    expect(bitmap.bits.some((b) => b !== 0)).toBe(true);
    expect(z64(bitmap.bits).length).toBeLessThan(bitmap.bits.length * 2);
    expect(Array.from(unz64(z64(bitmap.bits)))).toEqual(Array.from(bitmap.bits));
  });
});
