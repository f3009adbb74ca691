/**
 * Draws the invite poster onto a canvas and returns it as a PNG: the tenant's logo and name on its brand colour, who
 * invites, the invite code, and a QR code of the invite link on a white card (qr-modules.ts). Every text arrives
 * translated; the canvas only lays it out, shrinking then cutting a text too long for its line.
 */
import { drawQr, qrModules } from './qr-modules.ts';

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;

export interface PosterContent {
  appName: string;
  /** The tenant's logo; from another host it needs CORS, else the poster goes without it (drawPoster). */
  logoUrl?: string;
  /** "Ann invites you to join", already translated. */
  invites: string;
  codeLabel: string;
  code: string;
  scan: string;
  link: string;
  /** `BRAND_COLOURS` of the tenant's theme (src/app/theme.ts). */
  colours: { theme: string; background: string };
  fontFamily: string;
}

const CARD = { x: 50, y: 400, width: 650, height: 740, radius: 32 };
const QR_SIDE = 460;
const MUTED = '#646a73';

/** A logo slower than this is left out: the poster is the point, and "Drawing…" must end. */
export const LOGO_TIMEOUT_MS = 4000;

/**
 * The logo, or null when it is missing, broken or too slow. Asked for with CORS so a logo on another host can be drawn
 * without tainting the canvas (a host that does not allow it fails to load, and the poster goes without).
 */
export async function loadImage(url: string | undefined, timeoutMs = LOGO_TIMEOUT_MS, make = () => new Image()): Promise<HTMLImageElement | null> {
  if (!url) return null;
  const image = make();
  image.crossOrigin = 'anonymous';
  image.src = url;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([image.decode().then(() => image), late]);
  } catch {
    // A missing or broken logo leaves its place empty; the poster still carries the name, code and QR code.
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The path calls a rounded rectangle needs, so a test can record them without a browser. */
export type PathContext = Pick<CanvasRenderingContext2D, 'moveTo' | 'arcTo' | 'closePath'>;

/**
 * A rounded rectangle added to the current path, drawn with `arcTo`: `roundRect` needs Chrome 99 / Safari 16, which
 * the partner webviews this build targets may not have. The radius shrinks to fit a small rectangle.
 */
export function roundedRect(context: PathContext, x: number, y: number, width: number, height: number, radius: number): void {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  context.moveTo(x + r, y);
  context.arcTo(x + width, y, x + width, y + height, r);
  context.arcTo(x + width, y + height, x, y + height, r);
  context.arcTo(x, y + height, x, y, r);
  context.arcTo(x, y, x + width, y, r);
  context.closePath();
}

/** Centred text on one line: the font shrinks down to 70% of `size`, then the text is cut with an ellipsis. */
function centredText(context: CanvasRenderingContext2D, text: string, y: number, size: number, weight: number, family: string, maxWidth: number): void {
  let px = size;
  const font = () => `${weight} ${px}px ${family}`;
  context.font = font();
  while (context.measureText(text).width > maxWidth && px > size * 0.7) {
    px -= 2;
    context.font = font();
  }
  let shown = text;
  while (shown.length > 1 && context.measureText(shown).width > maxWidth) {
    shown = shown.slice(0, -2) + '…';
  }
  context.textAlign = 'center';
  context.fillText(shown, POSTER_WIDTH / 2, y);
}

/** Lays the poster out on `canvas`; without a logo its white tile stays empty. */
function paint(canvas: HTMLCanvasElement, content: PosterContent, logo: CanvasImageSource | null): void {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  const { theme, background } = content.colours;
  const family = content.fontFamily || 'sans-serif';
  context.textBaseline = 'alphabetic';

  context.fillStyle = background;
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  // The brand band, with two faint circles so it reads as a poster rather than a header.
  context.fillStyle = theme;
  context.fillRect(0, 0, POSTER_WIDTH, 560);
  context.fillStyle = 'rgba(255, 255, 255, 0.08)';
  context.beginPath();
  context.arc(660, 60, 180, 0, Math.PI * 2);
  context.arc(60, 480, 120, 0, Math.PI * 2);
  context.fill();

  // The logo on a white tile, so a logo in the brand colour stays visible on the band.
  context.fillStyle = '#ffffff';
  context.beginPath();
  roundedRect(context, 305, 70, 140, 140, 32);
  context.fill();
  if (logo) context.drawImage(logo, 321, 86, 108, 108);

  context.fillStyle = '#ffffff';
  centredText(context, content.appName, 280, 46, 700, family, 640);
  context.fillStyle = 'rgba(255, 255, 255, 0.9)';
  centredText(context, content.invites, 340, 30, 400, family, 640);

  context.save();
  context.shadowColor = 'rgba(0, 0, 0, 0.12)';
  context.shadowBlur = 24;
  context.shadowOffsetY = 8;
  context.fillStyle = '#ffffff';
  context.beginPath();
  roundedRect(context, CARD.x, CARD.y, CARD.width, CARD.height, CARD.radius);
  context.fill();
  context.restore();

  context.fillStyle = MUTED;
  centredText(context, content.codeLabel, CARD.y + 70, 28, 400, family, CARD.width - 60);
  context.fillStyle = theme;
  context.letterSpacing = '6px';
  centredText(context, content.code, CARD.y + 145, 60, 700, family, CARD.width - 60);
  context.letterSpacing = '0px';

  drawQr(context, qrModules(content.link), (POSTER_WIDTH - QR_SIDE) / 2, CARD.y + 185, QR_SIDE);

  context.fillStyle = MUTED;
  centredText(context, content.scan, CARD.y + 185 + QR_SIDE + 50, 26, 400, family, CARD.width - 60);
}

/** A canvas tainted by a picture from another origin throws here (SecurityError), which rejects the promise. */
function exportPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('poster export failed'))), 'image/png'));
}

/**
 * Draws the poster on a canvas from `makeCanvas` and exports it. Should the logo keep it from being exported (a host
 * or proxy that answers CORS but taints all the same, an old webview), the poster is drawn again without the logo, on
 * a new canvas since a tainted one stays tainted; the name still says whose poster it is.
 */
export async function drawPoster(
  makeCanvas: () => HTMLCanvasElement,
  content: PosterContent,
  loadLogo: (url: string | undefined) => Promise<CanvasImageSource | null> = loadImage,
): Promise<Blob> {
  const logo = await loadLogo(content.logoUrl);
  const canvas = makeCanvas();
  paint(canvas, content, logo);
  if (!logo) return exportPng(canvas);
  try {
    return await exportPng(canvas);
  } catch {
    const plain = makeCanvas();
    paint(plain, content, null);
    return exportPng(plain);
  }
}
