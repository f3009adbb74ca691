import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';

// An installed app's icons, drawn from the tenant's logo (an SVG under the server's static files) with
// @napi-rs/canvas, the library the stream's pictures are drawn with: PNG at the sizes installers ask for, on the
// brand colour. Drawn once per logo file (its path and modification time: a logo replaced in place is drawn again)
// and size, then kept in memory (a few KB each).

const cache = new Map<string, Promise<Buffer>>();

/**
 * The icon's PNG. `maskable`: the launcher may crop it to any shape, so the ground fills the square and the logo stays
 * inside the middle 60% (the safe zone is the centred circle of 80%); otherwise a rounded square with the logo at 72%.
 */
export async function appIcon(staticDir: string, logoUrl: string, size: number, maskable: boolean, ground: string): Promise<Buffer> {
  const path = logoPath(staticDir, logoUrl);
  const key = `${path}|${(await stat(path)).mtimeMs}|${size}|${maskable}|${ground}`;
  let icon = cache.get(key);
  if (!icon) {
    icon = draw(path, size, maskable, ground);
    icon.catch(() => cache.delete(key));
    cache.set(key, icon);
  }
  return icon;
}

async function draw(path: string, size: number, maskable: boolean, ground: string): Promise<Buffer> {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = ground;
  if (maskable) context.fillRect(0, 0, size, size);
  else {
    context.beginPath();
    context.roundRect(0, 0, size, size, size * 0.2);
    context.fill();
  }
  const logo = await loadImage(await readFile(path));
  const side = size * (maskable ? 0.6 : 0.72);
  context.drawImage(logo, (size - side) / 2, (size - side) / 2, side, side);
  return canvas.toBuffer('image/png');
}

/** The logo's file: only one under the static directory (a logo URL is the tenant's data, not a path to trust). */
function logoPath(staticDir: string, logoUrl: string): string {
  const root = resolve(staticDir);
  const path = resolve(root, logoUrl.replace(/^\/static\//, ''));
  if (!logoUrl.startsWith('/static/') || !path.startsWith(root + sep)) throw new Error(`logo outside the static files: ${logoUrl}`);
  return path;
}
