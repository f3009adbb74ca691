import { Image } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { PHONE_FONT } from './phone-fonts.ts';
import {
  APP_FIELD,
  COPY_BUTTON,
  HOME_FIELD,
  HOME_PAGE_ICONS,
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  MAX_RECENT_CARDS,
  NAV_BAR,
  NAV_BUTTONS,
  PAGE_DOTS,
  PASTE_BUTTON,
  RIPPLE_MS,
  STATUS_BAR,
  TITLE_BAR,
  iconRect,
  phoneClock,
  recentCardRect,
} from './phone-layout.ts';
import type { VirtualScreen } from './virtual-screen.ts';
import type { AppInfo } from './phone-apps.ts';
import type { Rect } from './phone-layout.ts';
import { BOOT_STEP_MS, bootProgress, bootStep } from './phone-boot.ts';
import { drawAbout } from './draw-about.ts';
import { shownAbout } from './phone-about.ts';
import type { PhoneBoot } from './phone-boot.ts';

// Draws a VirtualScreen with the Canvas 2D API (@napi-rs/canvas, Skia) in the 720x1280 layout space, scaled to the
// output size: the rectangles are those of virtual-screen.ts, so hit tests and pixels agree. Text is real type
// (phone-fonts.ts), Chinese included.

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const INK: Rgb = [33, 33, 33];
const GREY: Rgb = [140, 140, 140];
const LIGHT: Rgb = [242, 242, 245];

const css = (c: Rgb, alpha = 1) => (alpha >= 1 ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${alpha})`);
const darker = (c: Rgb, f = 0.75): Rgb => [Math.round(c[0] * f), Math.round(c[1] * f), Math.round(c[2] * f)];

function font(ctx: SKRSContext2D, size: number, weight = 400): void {
  ctx.font = `${weight} ${size}px "${PHONE_FONT}"`;
}

function roundRect(ctx: SKRSContext2D, r: Rect, radius: number, colour: Rgb, alpha = 1): void {
  ctx.fillStyle = css(colour, alpha);
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.w, r.h, radius);
  ctx.fill();
}

function circle(ctx: SKRSContext2D, x: number, y: number, radius: number, colour: Rgb, alpha = 1): void {
  ctx.fillStyle = css(colour, alpha);
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The text as it fits `maxWidth`: whole when it does, else cut with an ellipsis at its end, or at its start when
 * `keepEnd` (a field being typed into shows its newest characters). Cuts between code points, never inside one.
 */
function fitted(ctx: SKRSContext2D, text: string, maxWidth: number, keepEnd = false): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  const cut = (n: number) => (keepEnd ? `…${chars.slice(chars.length - n).join('')}` : `${chars.slice(0, n).join('')}…`);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(cut(mid)).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}

function text(ctx: SKRSContext2D, value: string, x: number, y: number, colour: Rgb, maxWidth = Infinity, keepEnd = false): number {
  const shown = fitted(ctx, value, maxWidth, keepEnd);
  ctx.fillStyle = css(colour);
  ctx.fillText(shown, x, y);
  return ctx.measureText(shown).width;
}

function centredText(ctx: SKRSContext2D, value: string, centreX: number, y: number, colour: Rgb, maxWidth = Infinity): void {
  ctx.textAlign = 'center';
  text(ctx, value, centreX, y, colour, maxWidth);
  ctx.textAlign = 'left';
}

function drawStatusBar(ctx: SKRSContext2D, now: number, background: Rgb, alpha: number): void {
  ctx.fillStyle = css(background, alpha);
  ctx.fillRect(STATUS_BAR.x, STATUS_BAR.y, STATUS_BAR.w, STATUS_BAR.h);
  font(ctx, 24, 500);
  text(ctx, phoneClock(now), 24, 33, WHITE);
  // Signal bars and a battery.
  ctx.fillStyle = css(WHITE);
  for (let i = 0; i < 4; i++) ctx.fillRect(560 + i * 14, 34 - i * 6, 9, 6 + i * 6);
  roundRect(ctx, { x: 630, y: 14, w: 54, h: 22 }, 5, WHITE);
  roundRect(ctx, { x: 633, y: 17, w: 48, h: 16 }, 3, BLACK);
  ctx.fillStyle = css(WHITE);
  ctx.fillRect(635, 19, 36, 12);
  ctx.fillRect(684, 20, 4, 10);
}

function drawField(ctx: SKRSContext2D, r: Rect, value: string, placeholder: string, border: Rgb): void {
  roundRect(ctx, r, 20, border);
  roundRect(ctx, { x: r.x + 4, y: r.y + 4, w: r.w - 8, h: r.h - 8 }, 16, WHITE);
  font(ctx, 30);
  const baseline = r.y + r.h / 2 + 11;
  const maxWidth = r.w - 56;
  const width = value ? text(ctx, value, r.x + 24, baseline, INK, maxWidth, true) : (text(ctx, placeholder, r.x + 24, baseline, GREY, maxWidth), -4);
  // The caret: after the text, or before the placeholder.
  ctx.fillStyle = css(border);
  ctx.fillRect(r.x + 24 + width + 2, r.y + 18, 3, r.h - 36);
}

function drawNavBar(ctx: SKRSContext2D): void {
  ctx.fillStyle = css(BLACK);
  ctx.fillRect(NAV_BAR.x, NAV_BAR.y, NAV_BAR.w, NAV_BAR.h);
  const back = NAV_BUTTONS.back;
  const [bx, by] = [back.x + back.w / 2, back.y + back.h / 2];
  ctx.fillStyle = css(WHITE);
  ctx.beginPath();
  ctx.moveTo(bx - 18, by);
  ctx.lineTo(bx + 14, by - 20);
  ctx.lineTo(bx + 14, by + 20);
  ctx.closePath();
  ctx.fill();
  const home = NAV_BUTTONS.home;
  circle(ctx, home.x + home.w / 2, home.y + home.h / 2, 22, WHITE);
  circle(ctx, home.x + home.w / 2, home.y + home.h / 2, 17, BLACK);
  const rec = NAV_BUTTONS.recents;
  roundRect(ctx, { x: rec.x + rec.w / 2 - 20, y: rec.y + rec.h / 2 - 20, w: 40, h: 40 }, 6, WHITE);
  roundRect(ctx, { x: rec.x + rec.w / 2 - 15, y: rec.y + rec.h / 2 - 15, w: 30, h: 30 }, 3, BLACK);
}

function drawHome(ctx: SKRSContext2D, model: VirtualScreen): void {
  const wallpaper = ctx.createLinearGradient(0, 0, 0, LAYOUT_HEIGHT);
  wallpaper.addColorStop(0, css(model.wallpaper.top));
  wallpaper.addColorStop(1, css(model.wallpaper.bottom));
  ctx.fillStyle = wallpaper;
  ctx.fillRect(0, 0, LAYOUT_WIDTH, LAYOUT_HEIGHT);
  drawField(ctx, HOME_FIELD, model.fieldText('home'), 'Search', model.wallpaper.bottom);
  font(ctx, 34, 600);
  centredText(ctx, model.phone.name, LAYOUT_WIDTH / 2, 226, WHITE, 640);
  const first = model.homePage * HOME_PAGE_ICONS;
  model.apps.slice(first, first + HOME_PAGE_ICONS).forEach((app, i) => {
    const r = iconRect(i);
    drawAppTile(ctx, app, r, 28);
    font(ctx, 24);
    centredText(ctx, app.name, r.x + r.w / 2, r.y + r.h + 34, WHITE, 150);
  });
  const pages = model.homePages();
  if (pages < 2) return;
  const centreY = PAGE_DOTS.y + PAGE_DOTS.h / 2;
  for (let page = 0; page < pages; page++) {
    circle(ctx, LAYOUT_WIDTH / 2 + (page - (pages - 1) / 2) * 36, centreY, 9, WHITE, page === model.homePage ? 1 : 0.45);
  }
}

/** Decoded icons by their PNG bytes (null: not a picture Skia reads), so a picture costs no decoding. */
const icons = new WeakMap<Buffer, Image | null>();

function iconOf(png: Buffer): Image | null {
  let image = icons.get(png);
  if (image === undefined) {
    const decoded = new Image();
    decoded.src = png;
    image = decoded.width > 0 && decoded.height > 0 ? decoded : null;
    icons.set(png, image);
  }
  return image;
}

/** An app's tile: its own icon scaled into the rounded square when it has one that reads, else its coloured letter. */
function drawAppTile(ctx: SKRSContext2D, app: AppInfo, r: Rect, radius: number): void {
  const icon = app.icon ? iconOf(app.icon) : null;
  if (!icon) {
    roundRect(ctx, r, radius, app.color);
    font(ctx, 56, 600);
    centredText(ctx, Array.from(app.name)[0] ?? '?', r.x + r.w / 2, r.y + r.h / 2 + 20, WHITE);
    return;
  }
  roundRect(ctx, r, radius, WHITE);
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.w, r.h, radius);
  ctx.clip();
  ctx.drawImage(icon, r.x, r.y, r.w, r.h);
  ctx.restore();
}

function drawApp(ctx: SKRSContext2D, model: VirtualScreen, index: number): void {
  const app = model.apps[index]!;
  ctx.fillStyle = css(LIGHT);
  ctx.fillRect(0, 0, LAYOUT_WIDTH, LAYOUT_HEIGHT);
  ctx.fillStyle = css(app.color);
  ctx.fillRect(TITLE_BAR.x, TITLE_BAR.y, TITLE_BAR.w, TITLE_BAR.h);
  font(ctx, 44, 500);
  text(ctx, '‹', 40, TITLE_BAR.y + 70, WHITE);
  font(ctx, 38, 600);
  text(ctx, app.name, 120, TITLE_BAR.y + 70, WHITE, 560);
  drawField(ctx, APP_FIELD, model.fieldText(app.id), 'Type here', app.color);
  for (const [button, label] of [[PASTE_BUTTON, 'Paste'], [COPY_BUTTON, 'Copy']] as const) {
    roundRect(ctx, button, 20, darker(app.color));
    font(ctx, 26, 600);
    centredText(ctx, label, button.x + button.w / 2, button.y + button.h / 2 + 9, WHITE);
  }
  const about = shownAbout(model);
  if (about) return drawAbout(ctx, about, darker(app.color));
  // App content: cards whose accents follow the app's colour and position, so every app looks its own. They start
  // below the Copy button and end above the navigation bar.
  for (let i = 0; i < 5; i++) {
    const y = 392 + i * 152;
    roundRect(ctx, { x: 40, y, w: 640, h: 136 }, 20, WHITE);
    circle(ctx, 104, y + 68, 40, i % 2 ? darker(app.color, 0.6) : app.color);
    font(ctx, 30, 500);
    text(ctx, `${app.name} ${i + 1}`, 168, y + 50, INK, 480);
    roundRect(ctx, { x: 168, y: y + 76, w: 440 - ((i * 97 + index * 53) % 200), h: 14 }, 7, GREY, 0.5);
    roundRect(ctx, { x: 168, y: y + 102, w: 300 - ((i * 61 + index * 31) % 150), h: 14 }, 7, GREY, 0.3);
  }
}

function drawRecents(ctx: SKRSContext2D, model: VirtualScreen): void {
  ctx.fillStyle = css([38, 38, 46]);
  ctx.fillRect(0, 0, LAYOUT_WIDTH, LAYOUT_HEIGHT);
  font(ctx, 40, 600);
  text(ctx, 'Recents', 40, 112, WHITE);
  font(ctx, 30);
  if (model.recents.length === 0) centredText(ctx, 'No recent apps', LAYOUT_WIDTH / 2, 620, GREY);
  model.recents.slice(0, MAX_RECENT_CARDS).forEach((appIndex, i) => {
    const app = model.apps[appIndex]!;
    const r = recentCardRect(i);
    roundRect(ctx, r, 24, WHITE);
    drawAppTile(ctx, app, { x: r.x + 24, y: r.y + 29, w: 112, h: 112 }, 24);
    font(ctx, 36, 600);
    text(ctx, app.name, r.x + 164, r.y + 76, INK, 440);
    font(ctx, 26);
    text(ctx, model.fieldText(app.id), r.x + 164, r.y + 126, GREY, 440, true);
  });
}

const BOOT_TEXT: Record<PhoneBoot['kind'], string> = { restart: 'Starting…', reset: 'Restoring factory settings…' };
const BOOT_ACCENT: Rgb = [96, 165, 250];

/**
 * The start-up screen: a dark screen with the system's mark (a phone outline inside a ring whose bright arc turns
 * with each step), the phone's name, what it is doing, and a bar filling up to the operation's end. No status or
 * navigation bar: the system is not up yet.
 */
function drawBoot(ctx: SKRSContext2D, model: VirtualScreen, boot: PhoneBoot, now: number): void {
  const gradient = ctx.createLinearGradient(0, 0, 0, LAYOUT_HEIGHT);
  gradient.addColorStop(0, 'rgb(17,24,39)');
  gradient.addColorStop(1, 'rgb(3,7,18)');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, LAYOUT_WIDTH, LAYOUT_HEIGHT);
  const [cx, cy] = [LAYOUT_WIDTH / 2, 500];
  ctx.lineWidth = 10;
  ctx.lineCap = 'round';
  ctx.strokeStyle = css(WHITE, 0.12);
  ctx.beginPath();
  ctx.arc(cx, cy, 92, 0, Math.PI * 2);
  ctx.stroke();
  // Everything moves in whole steps (phone-boot.ts), so equal frame keys draw equal pixels: a full turn a second.
  const elapsed = bootStep(boot, now) * BOOT_STEP_MS;
  const turn = (elapsed / 1000) * Math.PI * 2;
  ctx.strokeStyle = css(BOOT_ACCENT);
  ctx.beginPath();
  ctx.arc(cx, cy, 92, turn - Math.PI / 2, turn);
  ctx.stroke();
  roundRect(ctx, { x: cx - 26, y: cy - 44, w: 52, h: 88 }, 10, WHITE, 0.9);
  roundRect(ctx, { x: cx - 20, y: cy - 34, w: 40, h: 62 }, 4, [17, 24, 39]);
  circle(ctx, cx, cy + 36, 4, [17, 24, 39]);
  font(ctx, 36, 600);
  centredText(ctx, model.phone.name, cx, 680, WHITE, 600);
  font(ctx, 28);
  centredText(ctx, BOOT_TEXT[boot.kind], cx, 736, [156, 163, 175], 600);
  const track: Rect = { x: cx - 200, y: 800, w: 400, h: 8 };
  roundRect(ctx, track, 4, WHITE, 0.12);
  const filled = Math.max(8, track.w * bootProgress(boot, boot.startedAt + elapsed));
  roundRect(ctx, { ...track, w: filled }, 4, BOOT_ACCENT);
}

/**
 * Draws the picture `width` x `height` into `ctx`; with `origin`, the canvas is the part of that picture whose top
 * left corner is at `origin` (a changed region, drawn alone: Skia skips what falls outside the canvas).
 */
export function drawScreen(ctx: SKRSContext2D, model: VirtualScreen, width: number, height: number, now: number, origin = { x: 0, y: 0 }): void {
  ctx.setTransform(width / LAYOUT_WIDTH, 0, 0, height / LAYOUT_HEIGHT, -origin.x, -origin.y);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const boot = model.booting();
  if (boot) return drawBoot(ctx, model, boot, now);
  const screen = model.screen;
  if (screen.kind === 'home') {
    drawHome(ctx, model);
    drawStatusBar(ctx, now, BLACK, 0.25);
  } else if (screen.kind === 'app') {
    drawApp(ctx, model, screen.app);
    drawStatusBar(ctx, now, darker(model.apps[screen.app]!.color), 1);
  } else {
    drawRecents(ctx, model);
    drawStatusBar(ctx, now, BLACK, 0.4);
  }
  drawNavBar(ctx);
  const ripple = model.ripple;
  if (ripple && now - ripple.at < RIPPLE_MS) {
    circle(ctx, ripple.x, ripple.y, 30, WHITE, 0.55);
    circle(ctx, ripple.x, ripple.y, 12, BLACK, 0.35);
  }
}
