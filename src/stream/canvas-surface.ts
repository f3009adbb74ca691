/**
 * Where the reference client draws its pictures: one <canvas> filling the container. Pictures arrive faster than
 * a slow phone may decode them; only the newest waiting picture is kept, so the screen never lags behind input.
 */

export interface FrameSurface {
  mount(container: HTMLElement): void;
  /** Draws a JPEG; resolves with its size, or null when a newer picture replaced it before it was decoded. */
  draw(picture: Blob): Promise<{ width: number; height: number } | null>;
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
  let waiting: { picture: Blob; resolve: (size: { width: number; height: number } | null) => void } | null = null;
  let destroyed = false;

  async function paint(picture: Blob): Promise<{ width: number; height: number } | null> {
    const decoded = await decode(picture);
    try {
      if (destroyed || !context) return null;
      if (canvas.width !== decoded.width || canvas.height !== decoded.height) {
        canvas.width = decoded.width;
        canvas.height = decoded.height;
      }
      context.drawImage(decoded.source, 0, 0);
      return { width: decoded.width, height: decoded.height };
    } finally {
      decoded.release();
    }
  }

  async function run(picture: Blob): Promise<{ width: number; height: number } | null> {
    busy = true;
    try {
      return await paint(picture);
    } catch {
      return null; // a corrupt picture is skipped; the next one repaints the whole screen
    } finally {
      busy = false;
      const next = waiting;
      waiting = null;
      if (next) void run(next.picture).then(next.resolve);
    }
  }

  return {
    mount(container) {
      container.appendChild(canvas);
    },
    draw(picture) {
      if (!busy) return run(picture);
      waiting?.resolve(null);
      return new Promise((resolve) => (waiting = { picture, resolve }));
    },
    destroy() {
      destroyed = true;
      waiting?.resolve(null);
      waiting = null;
      canvas.remove();
    },
  };
}
