import { encode } from 'uqr';

/**
 * The app-download QR codes of the port-information page, drawn at build time as inline SVG.
 * The symbol comes from `uqr` (a port of Nayuki's QR Code generator: ISO/IEC 18004, the smallest
 * version that fits, the mask with the lowest penalty); this module only draws it.
 */

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

/** The modules of the QR code of `text` (true: dark), row by row, without a quiet zone. */
export function encodeQr(text: string, ecl: ErrorCorrection = 'M'): boolean[][] {
  return encode(text, { ecc: ecl, border: 0 }).data;
}

/** The QR code of `text` as SVG path data (one unit per module, with a four-module quiet zone) and its size in units. */
export function qrPath(text: string, ecl: ErrorCorrection = 'M'): { d: string; size: number } {
  const modules = encodeQr(text, ecl);
  const quiet = 4;
  let d = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }),
  );
  return { d, size: modules.length + quiet * 2 };
}
