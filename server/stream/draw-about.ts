import type { SKRSContext2D } from '@napi-rs/canvas';
import { PHONE_FONT } from './phone-fonts.ts';
import type { AboutLine } from './phone-about.ts';

// Draws the Settings app's "About phone" list (phone-about.ts) under the app's field and buttons, above the
// navigation bar: a heading, then one row per line, label above value, in a white card.

const TOP = 392;
const ROW = 90;
const LEFT = 40;
const WIDTH = 640;

export function drawAbout(ctx: SKRSContext2D, lines: readonly AboutLine[], accent: readonly [number, number, number]): void {
  ctx.fillStyle = `rgb(${accent[0]},${accent[1]},${accent[2]})`;
  ctx.font = `600 30px "${PHONE_FONT}"`;
  ctx.fillText('About phone', LEFT + 8, TOP + 24);
  const cardTop = TOP + 44;
  ctx.fillStyle = 'rgb(255,255,255)';
  ctx.beginPath();
  ctx.roundRect(LEFT, cardTop, WIDTH, lines.length * ROW + 8, 20);
  ctx.fill();
  lines.forEach((line, i) => {
    const y = cardTop + i * ROW;
    ctx.fillStyle = 'rgb(140,140,140)';
    ctx.font = `400 22px "${PHONE_FONT}"`;
    ctx.fillText(line.label, LEFT + 28, y + 36);
    ctx.fillStyle = 'rgb(33,33,33)';
    ctx.font = `500 28px "${PHONE_FONT}"`;
    ctx.fillText(line.value, LEFT + 28, y + 74, WIDTH - 56);
    if (i > 0) {
      ctx.fillStyle = 'rgb(235,235,238)';
      ctx.fillRect(LEFT + 28, y, WIDTH - 56, 2);
    }
  });
}
