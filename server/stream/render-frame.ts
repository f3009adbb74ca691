import { availableParallelism } from 'node:os';
import { createCanvas } from '@napi-rs/canvas';
import { drawScreen } from './draw-screen.ts';
import { registerPhoneFonts } from './phone-fonts.ts';
import type { VirtualScreen } from './virtual-screen.ts';

// A phone's picture as JPEG: drawn at once with Skia (about a millisecond for a full screen), then encoded by Skia on
// libuv's thread pool, so the event loop (input, other sockets, the API) never waits for an encode. Encodes run at
// most one per core but one at a time: measured on the 2-core machine, 16 encodes at once delayed a 1 ms timer by up
// to 121 ms (the pool's threads took both cores), one at a time by 3 ms. Why this library, and the figures measured
// here, are in docs/decisions.md ("Stream renderer").

/** JPEG quality for a bitrate in kbps: 256 -> 20 up to 8192 -> 90 on a log scale; the default 2048 gives 62. */
export function qualityForBitrate(bitrate: number): number {
  const q = 20 + (70 * Math.log2(Math.max(1, bitrate) / 256)) / 5;
  return Math.round(Math.min(90, Math.max(20, q)));
}
export const SCREENSHOT_QUALITY = 92;

/** Encodes since the process started: the stream bench prints them per second (one encode serves every viewer). */
export const encodeCount = { value: 0 };

/** Encodes that may run at once: every core but one, which the event loop keeps. */
const MAX_ENCODES = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function withEncodeSlot<T>(encode: () => Promise<T>): Promise<T> {
  if (running >= MAX_ENCODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await encode();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The picture of `model` at `now`, `width` x `height`, as a JPEG. The drawing is taken before this returns. */
export function renderJpeg(model: VirtualScreen, width: number, height: number, quality: number, now: number): Promise<Buffer> {
  return renderRegionJpeg(model, width, height, { x: 0, y: 0, w: width, h: height }, quality, now);
}

/** One region (output pixels) of the picture `width` x `height`, as a JPEG of the region's size. */
export function renderRegionJpeg(model: VirtualScreen, width: number, height: number, region: Region, quality: number, now: number): Promise<Buffer> {
  registerPhoneFonts();
  const canvas = createCanvas(region.w, region.h);
  drawScreen(canvas.getContext('2d'), model, width, height, now, region);
  encodeCount.value++;
  return withEncodeSlot(() => canvas.encode('jpeg', quality));
}

/** A rectangle of a picture, in its output pixels. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}
