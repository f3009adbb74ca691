import { GLYPH_COLUMNS, GLYPH_ROWS, glyph } from './font5x7.ts';
import { encodeJpeg } from './jpeg-encoder.ts';
import {
  APP_FIELD,
  COPY_BUTTON,
  HOME_FIELD,
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  MAX_RECENT_CARDS,
  NAV_BAR,
  NAV_BUTTONS,
  PASTE_BUTTON,
  RIPPLE_MS,
  STATUS_BAR,
  TITLE_BAR,
  iconRect,
  phoneClock,
  recentCardRect,
} from './virtual-screen.ts';
import type { Rect, VirtualScreen } from './virtual-screen.ts';

// Draws a VirtualScreen into an RGBA buffer at any 9:16 output size and encodes it as JPEG.
//
// Encoder: jpeg-encoder.ts (own baseline encoder; why, and the measured speed, are explained there).
//
// Text: a built-in 5x7 bitmap font covers printable ASCII; any other character (Chinese included) is drawn as a
// generic box glyph of its own width, so typed CJK text visibly appears (one box per character) without shipping a
// CJK font.

export type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const INK: Rgb = [33, 33, 33];
const GREY: Rgb = [140, 140, 140];
const LIGHT: Rgb = [242, 242, 245];

/** JPEG quality for a bitrate in kbps: 256 -> 20 up to 8192 -> 90 on a log scale; the default 2048 gives 62. */
export function qualityForBitrate(bitrate: number): number {
  const q = 20 + (70 * Math.log2(Math.max(1, bitrate) / 256)) / 5;
  return Math.round(Math.min(90, Math.max(20, q)));
}
export const SCREENSHOT_QUALITY = 92;

export class Canvas {
  readonly data: Uint8Array;
  private readonly words: Uint32Array;
  /** Output pixels per layout unit. */
  readonly scale: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
    this.words = new Uint32Array(this.data.buffer);
    this.scale = width / LAYOUT_WIDTH;
  }

  private px(v: number): number {
    return Math.round(v * this.scale);
  }

  private py(v: number): number {
    return Math.round((v * this.height) / LAYOUT_HEIGHT);
  }

  /** Fills the pixel span [x0, x1) of row y, blending when alpha < 1. */
  private span(y: number, x0: number, x1: number, c: Rgb, alpha: number): void {
    if (y < 0 || y >= this.height) return;
    const a = Math.max(0, x0);
    const b = Math.min(this.width, x1);
    if (b <= a) return;
    const row = y * this.width;
    if (alpha >= 1) {
      // Little-endian RGBA packed in one word (every platform Node runs on).
      this.words.fill(((255 << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0, row + a, row + b);
      return;
    }
    const d = this.data;
    const keep = 1 - alpha;
    for (let i = (row + a) * 4, end = (row + b) * 4; i < end; i += 4) {
      d[i] = d[i]! * keep + c[0] * alpha;
      d[i + 1] = d[i + 1]! * keep + c[1] * alpha;
      d[i + 2] = d[i + 2]! * keep + c[2] * alpha;
    }
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
    const x0 = this.px(x);
    const x1 = this.px(x + w);
    for (let row = this.py(y), end = this.py(y + h); row < end; row++) this.span(row, x0, x1, c, alpha);
  }

  /** A vertical two-colour gradient. */
  gradient(r: Rect, top: Rgb, bottom: Rgb): void {
    const y0 = this.py(r.y);
    const y1 = this.py(r.y + r.h);
    const x0 = this.px(r.x);
    const x1 = this.px(r.x + r.w);
    for (let row = y0; row < y1; row++) {
      const t = (row - y0) / Math.max(1, y1 - y0 - 1);
      const c: Rgb = [0, 1, 2].map((k) => Math.round(top[k]! + (bottom[k]! - top[k]!) * t)) as unknown as Rgb;
      this.span(row, x0, x1, c, 1);
    }
  }

  roundRect(r: Rect, radius: number, c: Rgb, alpha = 1): void {
    const x0 = r.x * this.scale;
    const x1 = (r.x + r.w) * this.scale;
    const y0 = this.py(r.y);
    const y1 = this.py(r.y + r.h);
    const rad = Math.min(radius * this.scale, (x1 - x0) / 2, (y1 - y0) / 2);
    for (let row = y0; row < y1; row++) {
      const cy = row + 0.5;
      const dy = cy < y0 + rad ? y0 + rad - cy : cy > y1 - rad ? cy - (y1 - rad) : 0;
      const inset = dy > 0 ? rad - Math.sqrt(Math.max(0, rad * rad - dy * dy)) : 0;
      this.span(row, Math.round(x0 + inset), Math.round(x1 - inset), c, alpha);
    }
  }

  circle(cx: number, cy: number, radius: number, c: Rgb, alpha = 1): void {
    const s = this.scale;
    const r = radius * s;
    const ox = cx * s;
    const oy = cy * s;
    for (let row = Math.floor(oy - r); row <= Math.ceil(oy + r); row++) {
      const dy = row + 0.5 - oy;
      if (Math.abs(dy) > r) continue;
      const half = Math.sqrt(r * r - dy * dy);
      this.span(row, Math.round(ox - half), Math.round(ox + half), c, alpha);
    }
  }

  /** Width in layout units of `text` drawn with dots of `dot` units. */
  static measure(text: string, dot: number): number {
    let w = 0;
    for (const ch of text) w += advance(ch.codePointAt(0)!) * dot;
    return w;
  }

  /**
   * Draws `text` with its top-left at (x, y); each font dot is a dot x dot square. With maxWidth the text is cut:
   * from the start (tail kept, for input fields) when keepTail, else from the end.
   */
  text(text: string, x: number, y: number, dot: number, c: Rgb, maxWidth = Infinity, keepTail = false): void {
    let chars = Array.from(text);
    if (Canvas.measure(text, dot) > maxWidth) {
      const out: string[] = [];
      let w = 0;
      const order = keepTail ? [...chars].reverse() : chars;
      for (const ch of order) {
        const a = advance(ch.codePointAt(0)!) * dot;
        if (w + a > maxWidth) break;
        w += a;
        out.push(ch);
      }
      chars = keepTail ? out.reverse() : out;
    }
    let cx = x;
    for (const ch of chars) {
      const code = ch.codePointAt(0)!;
      const columns = glyph(code);
      if (columns) {
        for (let col = 0; col < GLYPH_COLUMNS; col++) {
          const bits = columns[col]!;
          for (let row = 0; row < GLYPH_ROWS; row++) if (bits & (1 << row)) this.rect(cx + col * dot, y + row * dot, dot, dot, c);
        }
      } else if (code > 0x20) {
        // The generic glyph for characters outside the font: a hollow box with a bar, 7x7 dots.
        this.rect(cx, y, 7 * dot, dot, c);
        this.rect(cx, y + 6 * dot, 7 * dot, dot, c);
        this.rect(cx, y, dot, 7 * dot, c);
        this.rect(cx + 6 * dot, y, dot, 7 * dot, c);
        this.rect(cx + 2 * dot, y + 3 * dot, 3 * dot, dot, c);
      }
      cx += advance(code) * dot;
    }
  }

  centredText(text: string, centreX: number, y: number, dot: number, c: Rgb, maxWidth = Infinity): void {
    const w = Math.min(Canvas.measure(text, dot), maxWidth);
    this.text(text, centreX - w / 2, y, dot, c, maxWidth);
  }
}

/** Dots a character advances: 5 + 1 for ASCII, 7 + 1 for the box glyph. */
function advance(code: number): number {
  return code >= 0x20 && code <= 0x7e ? GLYPH_COLUMNS + 1 : 8;
}

function darker(c: Rgb, f = 0.75): Rgb {
  return [Math.round(c[0] * f), Math.round(c[1] * f), Math.round(c[2] * f)];
}

function drawStatusBar(canvas: Canvas, now: number, background: Rgb, alpha: number): void {
  canvas.rect(STATUS_BAR.x, STATUS_BAR.y, STATUS_BAR.w, STATUS_BAR.h, background, alpha);
  canvas.text(phoneClock(now), 24, 14, 3, WHITE);
  // Signal bars and a battery.
  for (let i = 0; i < 4; i++) canvas.rect(560 + i * 14, 34 - i * 6, 9, 6 + i * 6, WHITE);
  canvas.roundRect({ x: 630, y: 14, w: 54, h: 22 }, 4, WHITE);
  canvas.roundRect({ x: 633, y: 17, w: 48, h: 16 }, 3, BLACK);
  canvas.rect(635, 19, 36, 12, WHITE);
  canvas.rect(684, 20, 4, 10, WHITE);
}

function drawField(canvas: Canvas, r: Rect, value: string, placeholder: string, border: Rgb): void {
  canvas.roundRect(r, 20, border);
  canvas.roundRect({ x: r.x + 4, y: r.y + 4, w: r.w - 8, h: r.h - 8 }, 16, WHITE);
  const dot = 4;
  const textY = r.y + (r.h - 7 * dot) / 2;
  const maxWidth = r.w - 56;
  if (value) {
    canvas.text(value, r.x + 24, textY, dot, INK, maxWidth, true);
    const caret = r.x + 24 + Math.min(Canvas.measure(value, dot), maxWidth) + 2;
    canvas.rect(caret, textY - 4, 4, 7 * dot + 8, border);
  } else {
    canvas.text(placeholder, r.x + 24, textY, dot, GREY, maxWidth);
    canvas.rect(r.x + 20, textY - 4, 4, 7 * dot + 8, border);
  }
}

function drawNavBar(canvas: Canvas): void {
  canvas.rect(NAV_BAR.x, NAV_BAR.y, NAV_BAR.w, NAV_BAR.h, BLACK);
  const back = NAV_BUTTONS.back;
  canvas.text('<', back.x + back.w / 2 - 15, back.y + 27, 6, WHITE);
  const home = NAV_BUTTONS.home;
  canvas.circle(home.x + home.w / 2, home.y + home.h / 2, 22, WHITE);
  canvas.circle(home.x + home.w / 2, home.y + home.h / 2, 16, BLACK);
  const rec = NAV_BUTTONS.recents;
  canvas.roundRect({ x: rec.x + rec.w / 2 - 20, y: rec.y + rec.h / 2 - 20, w: 40, h: 40 }, 6, WHITE);
  canvas.roundRect({ x: rec.x + rec.w / 2 - 14, y: rec.y + rec.h / 2 - 14, w: 28, h: 28 }, 3, BLACK);
}

function drawHome(canvas: Canvas, model: VirtualScreen): void {
  canvas.gradient({ x: 0, y: 0, w: LAYOUT_WIDTH, h: LAYOUT_HEIGHT }, model.wallpaper.top, model.wallpaper.bottom);
  drawField(canvas, HOME_FIELD, model.fieldText('home'), 'Search', model.wallpaper.bottom);
  canvas.centredText(model.phone.name, LAYOUT_WIDTH / 2, 196, 5, WHITE, 640);
  model.apps.forEach((app, i) => {
    const r = iconRect(i);
    canvas.roundRect(r, 28, app.color);
    canvas.centredText(app.name[0]!, r.x + r.w / 2, r.y + 28, 8, WHITE);
    canvas.centredText(app.name, r.x + r.w / 2, r.y + r.h + 14, 3, WHITE, 150);
  });
}

function drawApp(canvas: Canvas, model: VirtualScreen, index: number): void {
  const app = model.apps[index]!;
  canvas.rect(0, 0, LAYOUT_WIDTH, LAYOUT_HEIGHT, LIGHT);
  canvas.rect(TITLE_BAR.x, TITLE_BAR.y, TITLE_BAR.w, TITLE_BAR.h, app.color);
  canvas.text('<', 36, TITLE_BAR.y + 35, 6, WHITE);
  canvas.text(app.name, 120, TITLE_BAR.y + 38, 5, WHITE, 560);
  drawField(canvas, APP_FIELD, model.fieldText(app.id), 'Type here', app.color);
  for (const [button, label] of [[PASTE_BUTTON, 'Paste'], [COPY_BUTTON, 'Copy']] as const) {
    canvas.roundRect(button, 20, darker(app.color));
    canvas.centredText(label, button.x + button.w / 2, button.y + 29, 3, WHITE);
  }
  // App content: cards whose accents follow the app's colour and position, so every app looks its own. They start
  // below the Copy button and end above the navigation bar.
  for (let i = 0; i < 5; i++) {
    const y = 392 + i * 152;
    canvas.roundRect({ x: 40, y, w: 640, h: 136 }, 20, WHITE);
    canvas.circle(104, y + 68, 40, i % 2 ? darker(app.color, 0.6) : app.color);
    canvas.text(`${app.name} ${i + 1}`, 168, y + 28, 4, INK, 480);
    canvas.rect(168, y + 76, 440 - ((i * 97 + index * 53) % 200), 14, GREY, 0.5);
    canvas.rect(168, y + 102, 300 - ((i * 61 + index * 31) % 150), 14, GREY, 0.3);
  }
}

function drawRecents(canvas: Canvas, model: VirtualScreen): void {
  canvas.rect(0, 0, LAYOUT_WIDTH, LAYOUT_HEIGHT, [38, 38, 46]);
  canvas.text('Recents', 40, 76, 5, WHITE);
  if (model.recents.length === 0) canvas.centredText('No recent apps', LAYOUT_WIDTH / 2, 600, 4, GREY);
  model.recents.slice(0, MAX_RECENT_CARDS).forEach((appIndex, i) => {
    const app = model.apps[appIndex]!;
    const r = recentCardRect(i);
    canvas.roundRect(r, 24, WHITE);
    canvas.roundRect({ x: r.x + 24, y: r.y + 29, w: 112, h: 112 }, 24, app.color);
    canvas.centredText(app.name[0]!, r.x + 80, r.y + 57, 8, WHITE);
    canvas.text(app.name, r.x + 164, r.y + 46, 5, INK, 440);
    canvas.text(model.fieldText(app.id), r.x + 164, r.y + 106, 3, GREY, 440, true);
  });
}

/** The current picture of `model` as RGBA pixels, `width` x `height` (a 9:16 size). */
export function renderRgba(model: VirtualScreen, width: number, height: number, now: number): Uint8Array {
  const canvas = new Canvas(width, height);
  const screen = model.screen;
  if (screen.kind === 'home') {
    drawHome(canvas, model);
    drawStatusBar(canvas, now, BLACK, 0.25);
  } else if (screen.kind === 'app') {
    drawApp(canvas, model, screen.app);
    drawStatusBar(canvas, now, darker(model.apps[screen.app]!.color), 1);
  } else {
    drawRecents(canvas, model);
    drawStatusBar(canvas, now, BLACK, 0.4);
  }
  drawNavBar(canvas);
  const ripple = model.ripple;
  if (ripple && now - ripple.at < RIPPLE_MS) {
    canvas.circle(ripple.x, ripple.y, 30, WHITE, 0.55);
    canvas.circle(ripple.x, ripple.y, 12, BLACK, 0.35);
  }
  return canvas.data;
}

export function renderJpeg(model: VirtualScreen, width: number, height: number, quality: number, now: number): Buffer {
  return encodeJpeg(renderRgba(model, width, height, now), width, height, quality);
}
