/** The browser-side reading of a QR code (engine/plugins/qr/decode.ts) on pixels drawn from a `qrcode` matrix. */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodePixels, fitSize, MAX_PHOTO_SIDE } from '../../../engine/plugins/qr/decode.ts';

/** RGBA pixels of the code: `scale` pixels a module, a quiet zone of 4 modules; inverted on request. */
function pixels(text: string, scale = 4, invert = false) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx) === 1;
      const v = dark !== invert ? 0 : 255;
      data.set([v, v, v, 255], (y * side + x) * 4);
    }
  }
  return { data, side };
}

describe('reading a QR code in the browser', () => {
  const code = 'RWQA1.12.1795499227097.CfDnySTmG7VH0PbrwuXZQPQnXNP5AM0ukMARnpeDna4';

  it('reads the code from its pixels', () => {
    const { data, side } = pixels(code);
    expect(decodePixels(data, side, side)).toBe(code);
  });

  it('reads a light-on-dark code only when told to try harder (photos)', () => {
    const { data, side } = pixels(code, 4, true);
    expect(decodePixels(data, side, side, true)).toBe(code);
  });

  it('finds nothing in a blank picture', () => {
    expect(decodePixels(new Uint8ClampedArray(100 * 100 * 4).fill(255), 100, 100, true)).toBeNull();
  });

  it('scales large photos down, never up', () => {
    expect(fitSize(4000, 3000)).toEqual({ width: MAX_PHOTO_SIDE, height: 1200 });
    expect(fitSize(3000, 4000, 800)).toEqual({ width: 600, height: 800 });
    expect(fitSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
});
