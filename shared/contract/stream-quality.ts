/**
 * The phone stream's output definitions (server/API.md "Streaming", the `definition` message), written once for both
 * sides: the default every socket starts at, the limits the host accepts, and the quality levels the client offers.
 * Apart from stream-protocol.ts because the client needs these objects at run time in the phone-view pages only:
 * here they travel in those pages' chunk, while the protocol's numbers and strings are written in wherever used.
 */

/**
 * Output definition (spec §3): size in pixels, frames per second, bitrate in kbps. With `auto`, these are ceilings:
 * the host measures the link and sends pictures of the size and quality it carries (never above them).
 */
export interface Definition {
  width: number;
  height: number;
  fps: number;
  bitrate: number;
  auto?: boolean;
}

/** Spec §3/§9: 720x1280, 30 fps, bitrate 2048, automatic; every socket starts at it. */
export const DEFAULT_DEFINITION: Definition = { width: 720, height: 1280, fps: 30, bitrate: 2048, auto: true };
/** Output sizes a stream can be asked for (all 9:16). */
export const DEFINITION_SIZES: ReadonlyArray<readonly [number, number]> = [
  [360, 640],
  [540, 960],
  [720, 1280],
  [1080, 1920],
];
export const FPS_RANGE = [1, 60] as const;
/** kbps. */
export const BITRATE_RANGE = [256, 8192] as const;

export type QualityName = 'auto' | 'low' | 'medium' | 'hd' | 'uhd';

export interface Quality extends Definition {
  name: QualityName;
}

/**
 * The quality levels of spec §9 (auto, low, medium, HD, UHD), each a definition the host accepts. Auto is the
 * default definition: the host fits size and quality to the link it measures, within 720x1280 and 2048 kbps. The
 * others are the user's explicit choice of size, and their bitrate is a ceiling the host paces pictures under.
 */
export const QUALITIES: readonly Quality[] = [
  { name: 'auto', ...DEFAULT_DEFINITION },
  { name: 'low', width: 360, height: 640, fps: 20, bitrate: 512 },
  { name: 'medium', width: 540, height: 960, fps: 25, bitrate: 1024 },
  { name: 'hd', width: 720, height: 1280, fps: 30, bitrate: 3072 },
  { name: 'uhd', width: 1080, height: 1920, fps: 30, bitrate: 6144 },
];
