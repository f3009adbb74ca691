/**
 * The quality levels of spec §9 (auto, low, medium, HD, UHD) as stream definitions. "Auto" is the spec's default
 * definition (720x1280, 30 fps, 2048 kbps, named automatic); under a slow link the stream host skips pictures rather
 * than letting them queue, so auto stays usable without the client guessing the bandwidth.
 */
import type { Definition } from '../stream/types.ts';

export type QualityName = 'auto' | 'low' | 'medium' | 'hd' | 'uhd';

export interface Quality extends Definition {
  name: QualityName;
}

export const QUALITIES: readonly Quality[] = [
  { name: 'auto', width: 720, height: 1280, fps: 30, bitrate: 2048 },
  { name: 'low', width: 360, height: 640, fps: 20, bitrate: 512 },
  { name: 'medium', width: 540, height: 960, fps: 25, bitrate: 1024 },
  { name: 'hd', width: 720, height: 1280, fps: 30, bitrate: 3072 },
  { name: 'uhd', width: 1080, height: 1920, fps: 30, bitrate: 6144 },
];

export const DEFAULT_QUALITY: Quality = QUALITIES[0]!;

export function qualityByName(name: string | undefined): Quality {
  return QUALITIES.find((quality) => quality.name === name) ?? DEFAULT_QUALITY;
}

export function definitionOf(quality: Quality): Definition {
  const { width, height, fps, bitrate } = quality;
  return { width, height, fps, bitrate };
}
