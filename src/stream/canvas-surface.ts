/**
 * Where the reference client draws its pictures: one <canvas> filling the container. Updates are drawn in the order
 * they came, since a patch only makes sense over the picture before it; a whole picture makes every update still
 * waiting before it pointless, so those are dropped and the screen never lags behind input.
 */
import type { PictureUpdate } from './picture-message.ts';

/** Drawn (the picture's size); replaced by a whole picture that came later; or unusable (a broken picture, or a
 * patch for a picture of another size): the client then asks for a whole one. */
export type DrawOutcome = { width: number; height: number } | 'replaced' | 'unusable';

export interface FrameSurface {
  mount(container: HTMLElement): void;
  draw(update: PictureUpdate): Promise<DrawOutcome>;
  destroy(): void;
}

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

async function decode(picture: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(picture);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  // Older webviews: an <img> over an object URL decodes the same JPEG.
  const url = URL.createObjectURL(picture);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => {} };
}

export function canvasSupported(): boolean {
  if (typeof document === 'undefined') return false;
  const canvas = document.createElement('canvas');
  return typeof canvas.getContext === 'function' && canvas.getContext('2d') !== null;
}

export function createCanvasSurface(): FrameSurface {
  const canvas = document.createElement('canvas');
  canvas.className = 'stream-surface';
  const context = canvas.getContext('2d');
  let busy = false;
  let queue: Array<{ update: PictureUpdate; resolve: (outcome: DrawOutcome) => void }> = [];
  let destroyed = false;
  /** Whether the canvas holds a picture patches can go over. */
  let painted = false;

  async function paint(update: PictureUpdate): Promise<DrawOutcome> {
    if ('whole' in update) {
      const decoded = await decode(update.whole);
      try {
        if (destroyed || !context) return 'replaced';
        if (canvas.width !== decoded.width || canvas.height !== decoded.height) {
          canvas.width = decoded.width;
          canvas.height = decoded.height;
        }
        context.drawImage(decoded.source, 0, 0);
        painted = true;
        return { width: decoded.width, height: decoded.height };
      } finally {
        decoded.release();
      }
    }
    if (!painted || canvas.width !== update.width || canvas.height !== update.height) return 'unusable';
    // Every region decoded first, then drawn together: the screen never shows half an update.
    const parts = await Promise.all(update.parts.map(async (part) => ({ part, decoded: await decode(part.picture) })));
    try {
      if (destroyed || !context) return 'replaced';
      for (const { part, decoded } of parts) context.drawImage(decoded.source, part.x, part.y);
      return { width: canvas.width, height: canvas.height };
    } finally {
      for (const { decoded } of parts) decoded.release();
    }
  }

  async function run(update: PictureUpdate, resolve: (outcome: DrawOutcome) => void): Promise<void> {
    busy = true;
    let outcome: DrawOutcome;
    try {
      outcome = await paint(update);
    } catch {
      outcome = 'unusable'; // a corrupt picture: the canvas may be stale, the next whole picture repaints it
      painted = false;
    }
    busy = false;
    resolve(outcome);
    const next = queue.shift();
    if (next) void run(next.update, next.resolve);
  }

  return {
    mount(container) {
      container.appendChild(canvas);
    },
    draw(update) {
      return new Promise((resolve) => {
        if ('whole' in update) {
          for (const waiting of queue.splice(0)) waiting.resolve('replaced');
        }
        if (busy) queue.push({ update, resolve });
        else void run(update, resolve);
      });
    },
    destroy() {
      destroyed = true;
      for (const waiting of queue.splice(0)) waiting.resolve('replaced');
      canvas.remove();
    },
  };
}
