/**
 * The invite link's QR code: uqr computes the modules, drawn here onto the poster's canvas (no picture of uqr's own,
 * so the poster stays one canvas). Dark on white with the standard's quiet zone of 4 modules, so any scanner reads
 * it whatever the theme around it.
 */
import { encode } from 'uqr';

export const QUIET_ZONE = 4;

export interface QrModules {
  /** Modules per side, quiet zone included. */
  size: number;
  /** Row-major, `true` for a dark module; the quiet zone's rows and columns are all `false`. */
  dark: boolean[][];
}

/** Error correction M: a phone's camera reads it from a printed or re-shared picture, and a link stays small. */
export function qrModules(text: string): QrModules {
  const code = encode(text, { ecc: 'M', border: 0 });
  const blank = () => new Array<boolean>(code.size + 2 * QUIET_ZONE).fill(false);
  const dark = [
    ...Array.from({ length: QUIET_ZONE }, blank),
    ...code.data.map((row) => [...blank().slice(0, QUIET_ZONE), ...row, ...blank().slice(0, QUIET_ZONE)]),
    ...Array.from({ length: QUIET_ZONE }, blank),
  ];
  return { size: code.size + 2 * QUIET_ZONE, dark };
}

/** The drawing calls used, so a test can record them without a browser. */
export type QrContext = Pick<CanvasRenderingContext2D, 'fillRect'> & { fillStyle: CanvasRenderingContext2D['fillStyle'] };

/**
 * Paints the modules in a square of `side` pixels at (x, y): the white ground (quiet zone included), then each dark
 * module. A module is a whole number of pixels (the square shrinks to fit) so no edge is blurred between two pixels.
 * Returns the module's size in pixels.
 */
export function drawQr(context: QrContext, modules: QrModules, x: number, y: number, side: number): number {
  const unit = Math.max(1, Math.floor(side / modules.size));
  const offset = Math.floor((side - unit * modules.size) / 2);
  context.fillStyle = '#ffffff';
  context.fillRect(x, y, side, side);
  context.fillStyle = '#000000';
  modules.dark.forEach((row, r) =>
    row.forEach((on, c) => {
      if (on) context.fillRect(x + offset + c * unit, y + offset + r * unit, unit, unit);
    }),
  );
  return unit;
}
