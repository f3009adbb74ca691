/**
 * The quality the phone-view pages start at and offer: the contract's levels (spec §9: auto, low, medium, HD, UHD),
 * chosen by name, sent as definitions.
 */
import { QUALITIES, type Definition, type Quality } from '../../shared/contract/stream-quality.ts';

export const DEFAULT_QUALITY: Quality = QUALITIES[0]!;

export function qualityByName(name: string | undefined): Quality {
  return QUALITIES.find((quality) => quality.name === name) ?? DEFAULT_QUALITY;
}

export function definitionOf(quality: Quality): Definition {
  const { width, height, fps, bitrate, auto } = quality;
  return auto ? { width, height, fps, bitrate, auto } : { width, height, fps, bitrate };
}
