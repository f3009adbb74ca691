import type { Definition } from '../../shared/contract/stream-quality.ts';
import { qualityForBitrate } from './render-frame.ts';

// The size and JPEG quality a socket's pictures are encoded at. A fixed definition (the user chose low, medium, HD
// or UHD) has one level. Automatic quality climbs a ladder as far as the measured link allows: a whole picture at
// the chosen level must cross the link within 0.6 s, so a full screen change (opening an app) still
// arrives promptly; until the first picture is acknowledged it starts at the bottom, which slow 3G carries in about
// 0.1 s, and sharpens as soon as the link proves faster.

export interface Level {
  width: number;
  height: number;
  quality: number;
}

/** A whole picture at the chosen level crosses the link within this long. */
const WHOLE_PICTURE_SECONDS = 0.6;
/** A level is climbed to only when it fits with this much to spare, so the choice does not flip with each sample. */
const CLIMB_MARGIN = 0.8;
/**
 * And left only when it overruns the budget by this much: an acknowledgement held up by a busy phone (a page
 * rendering) does not make the picture blurry, while a link that really slowed down does.
 */
const DESCEND_MARGIN = 1.5;

/**
 * The automatic ladder, lowest first, with the bytes of a whole picture of the demo phones' screens (the home screen's
 * wallpaper is the heaviest) measured with this renderer, used until a socket has sent one of its own.
 */
const LADDER: ReadonlyArray<Level & { bytes: number }> = [
  // The live grid's thumbnail (grid-protocol.ts): a first picture the slowest link carries at once (0.1 s at
  // 50 kB/s), shared with a grid that shows the phone.
  { width: 180, height: 320, quality: 50, bytes: 5_600 },
  { width: 360, height: 640, quality: 35, bytes: 11_000 },
  { width: 360, height: 640, quality: 50, bytes: 13_000 },
  { width: 540, height: 960, quality: 50, bytes: 22_000 },
  { width: 720, height: 1280, quality: 55, bytes: 31_000 },
  { width: 720, height: 1280, quality: 62, bytes: 33_500 },
];

export const levelKey = (level: Level) => `${level.width}x${level.height}@${level.quality}`;

/** The one level of a fixed definition: its size, and the JPEG quality of its bitrate. */
export function fixedLevel(def: Definition): Level {
  return { width: def.width, height: def.height, quality: qualityForBitrate(def.bitrate) };
}

/**
 * The level automatic quality sends at: within the definition's size and its bitrate's quality, the highest whose
 * whole picture crosses the link in WHOLE_PICTURE_SECONDS, moving only with a margin either way.
 * `wholeBytes` gives what a whole picture at a level weighed when last sent, if it was.
 */
export function autoLevel(def: Definition, bytesPerSecond: number | null, current: Level | null, wholeBytes: (level: Level) => number | undefined): Level {
  const top = qualityForBitrate(def.bitrate);
  const ladder = LADDER.filter((l) => l.width <= def.width && l.quality <= top);
  if (!ladder.length) return fixedLevel(def);
  if (bytesPerSecond === null) return strip(ladder[0]!);
  const budget = bytesPerSecond * WHOLE_PICTURE_SECONDS;
  const weight = (i: number) => wholeBytes(ladder[i]!) ?? ladder[i]!.bytes;
  let i = Math.max(0, current ? ladder.findIndex((l) => levelKey(l) === levelKey(current)) : 0);
  while (i > 0 && weight(i) > budget * DESCEND_MARGIN) i--;
  while (i + 1 < ladder.length && weight(i + 1) <= budget * CLIMB_MARGIN) i++;
  return strip(ladder[i]!);
}

function strip({ width, height, quality }: Level): Level {
  return { width, height, quality };
}
