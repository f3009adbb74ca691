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
  /** Same-origin (the tenant's static files), so drawing it leaves the canvas exportable. */
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

async function loadImage(url: string | undefined): Promise<HTMLImageElement | null> {
  if (!url) return null;
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return image;
  } catch {
    // A missing or broken logo leaves its place empty; the poster still carries the name, code and QR code.
    return null;
  }
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

export async function drawPoster(canvas: HTMLCanvasElement, content: PosterContent): Promise<Blob> {
  const logo = await loadImage(content.logoUrl);
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
  context.roundRect(305, 70, 140, 140, 32);
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
  context.roundRect(CARD.x, CARD.y, CARD.width, CARD.height, CARD.radius);
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

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('poster export failed'))), 'image/png'));
}
